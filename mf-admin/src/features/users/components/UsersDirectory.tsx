import { routes } from '@coldmail/contracts/routes';
import type { UserRecord, UserRole, UserSortKey } from '@coldmail/contracts';
import { userMemberships } from '@coldmail/contracts/statuses';
import { api, downloadCsv } from '@coldmail/session';
import {
  Alert,
  Button,
  ConfirmDialog,
  PageLoader,
  Pagination,
  RowActions,
  Table,
  ExportButton,
  TextField,
  formatDate,
  pageCountOf,
  pageSummary,
  toast,
  type TableColumn,
} from '@coldmail/ui';
import { keepPreviousData, useMutation, useQuery } from '@coldmail/query';
import { useDeferredValue, useRef, useState, type KeyboardEvent } from 'react';
import { useRowFocusAfterRemoval } from '../../../hooks/useRowFocusAfterRemoval';
import { USERS_MESSAGE_MS } from '../utils/messageDuration';
import { SendMessageModal } from './SendMessageModal';
import styles from './Users.module.css';

const PAGE_SIZE = 10;
/** The selectable roles, plus the user's own when it is another (so the select shows it). */
/** The spec: roles selectable in a row are member, moderator and Admin (not Seller). */
const SELECTABLE_ROLES: readonly UserRole[] = ['member', 'moderator', 'Admin'];

const roleOptions = (current: UserRole): readonly UserRole[] =>
  SELECTABLE_ROLES.includes(current) ? SELECTABLE_ROLES : [current, ...SELECTABLE_ROLES];

interface Draft {
  userName: string;
  currentBalance: string;
  userRole: UserRecord['userRole'];
  userMembership: UserRecord['userMembership'];
}

const draftOf = (user: UserRecord): Draft => ({
  userName: user.userName,
  currentBalance: String(user.currentBalance),
  userRole: user.userRole,
  userMembership: user.userMembership,
});

/**
 * The user directory: search, sort and ten a page on the server, inline edit (the balance
 * through the credit ledger, as an adjustment from the balance shown), delete and messages.
 * Editing starts in the Name field; Escape anywhere in the row cancels; after Save or Cancel
 * focus is back on the row's Edit button. A deleted row hands focus to its neighbour.
 */
export function UsersDirectory() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ key: UserSortKey; direction: 'asc' | 'desc' }>({
    key: 'createdAt',
    direction: 'desc',
  });
  const q = useDeferredValue(search.trim());
  const listQuery = {
    page,
    pageSize: PAGE_SIZE,
    sort: sort.key,
    dir: sort.direction,
    ...(q ? { q } : {}),
  };
  const users = useQuery({
    ...api.users.adminList.query({ query: listQuery }),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<{ user: UserRecord; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<UserRecord | null>(null);
  const [messaging, setMessaging] = useState<UserRecord | null>(null);
  const rowFocus = useRowFocusAfterRemoval();
  /** The user whose Edit button gets focus when it is drawn again, after an edit ends. */
  const returnFocusTo = useRef<string | null>(null);
  const endEdit = () => {
    returnFocusTo.current = editing?.user._id ?? null;
    setEditing(null);
  };

  const save = useMutation({
    mutationFn: ({ user, draft }: { user: UserRecord; draft: Draft }) => {
      const balance = Number(draft.currentBalance);
      return api.users.adminUpdate({
        params: { id: user._id },
        body: {
          userName: draft.userName.trim(),
          userRole: draft.userRole,
          userMembership: draft.userMembership,
          ...(balance !== user.currentBalance
            ? { currentBalance: balance, previousBalance: user.currentBalance }
            : {}),
        },
      });
    },
    onSuccess: (_saved, { user }) => {
      toast.success('User updated successfully', { duration: USERS_MESSAGE_MS });
      returnFocusTo.current = user._id;
      setEditing(null);
    },
    onError: (error) =>
      toast.error(`Failed to update user: ${error.status || error.message}`, {
        duration: USERS_MESSAGE_MS,
      }),
  });
  const remove = useMutation({
    mutationFn: (user: UserRecord) => api.users.delete({ params: { id: user._id } }),
    onSuccess: (_answer, user) => {
      toast.success('User deleted successfully', { duration: USERS_MESSAGE_MS });
      // The call settles once every list is fresh, by when the next deletion may be asking.
      setDeleting((current) => (current?._id === user._id ? null : current));
    },
    onError: (error) =>
      toast.error(`Failed to delete user: ${error.status || error.message}`, {
        duration: USERS_MESSAGE_MS,
      }),
  });

  const isEditing = (user: UserRecord) => editing?.user._id === user._id;
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') endEdit();
  };
  const change = (fields: Partial<Draft>) =>
    setEditing((current) =>
      current ? { ...current, draft: { ...current.draft, ...fields } } : null,
    );
  // A new balance is a whole number of credits, never below zero; an older record's balance
  // below zero may stay as it is while other fields change.
  const balanceValid = editing
    ? /^\d+$/.test(editing.draft.currentBalance.trim()) ||
      Number(editing.draft.currentBalance.trim()) === editing.user.currentBalance
    : true;

  const columns: TableColumn<UserRecord>[] = [
    {
      // The address under the name, as the orders' Customer column has it: a column of its own
      // left the addresses a hundred pixels at 1280 px, broken over four lines.
      key: 'userName',
      header: 'Name',
      sortable: true,
      render: (user) => (
        <span className={styles.user}>
          {isEditing(user) && editing ? (
            <input
              className={styles.input}
              aria-label="Name"
              // Edit was pressed to change this row: its first field takes over from the button.
              autoFocus
              onKeyDown={cancelOnEscape}
              value={editing.draft.userName}
              onChange={(event) => change({ userName: event.target.value })}
            />
          ) : (
            user.userName
          )}
          <span className={styles.email}>{user.userEmail}</span>
        </span>
      ),
    },
    {
      key: 'currentBalance',
      header: 'Credit Balance',
      align: 'right',
      sortable: true,
      render: (user) =>
        isEditing(user) && editing ? (
          <input
            className={`${styles.input} ${styles.balance}`}
            aria-label="Credit balance"
            onKeyDown={cancelOnEscape}
            inputMode="numeric"
            value={editing.draft.currentBalance}
            onChange={(event) => change({ currentBalance: event.target.value })}
          />
        ) : (
          <span className={user.currentBalance >= 0 ? styles.positive : styles.negative}>
            {user.currentBalance}
          </span>
        ),
    },
    {
      key: 'userRole',
      header: 'Role',
      sortable: true,
      render: (user) =>
        isEditing(user) && editing ? (
          <select
            className={styles.input}
            aria-label="Role"
            onKeyDown={cancelOnEscape}
            value={editing.draft.userRole}
            onChange={(event) => change({ userRole: event.target.value as Draft['userRole'] })}
          >
            {roleOptions(editing.user.userRole).map((role) => (
              <option key={role}>{role}</option>
            ))}
          </select>
        ) : (
          user.userRole
        ),
    },
    {
      key: 'userMembership',
      header: 'Membership',
      sortable: true,
      render: (user) =>
        isEditing(user) && editing ? (
          <select
            className={styles.input}
            aria-label="Membership"
            onKeyDown={cancelOnEscape}
            value={editing.draft.userMembership}
            onChange={(event) =>
              change({ userMembership: event.target.value as Draft['userMembership'] })
            }
          >
            {userMemberships.map((membership) => (
              <option key={membership}>{membership}</option>
            ))}
          </select>
        ) : (
          user.userMembership
        ),
    },
    {
      key: 'createdAt',
      header: 'Joined',
      sortable: true,
      firstDirection: 'desc',
      render: (user) => <span className={styles.nowrap}>{formatDate(user.createdAt)}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (user) =>
        isEditing(user) && editing ? (
          <RowActions onKeyDown={cancelOnEscape}>
            <Button
              size="sm"
              disabled={!balanceValid || !editing.draft.userName.trim()}
              // Saving keeps focus here (a disabled button would drop it to the page).
              loading={save.isPending}
              loadingText="Saving..."
              onClick={() => save.mutate(editing)}
            >
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={endEdit}>
              Cancel
            </Button>
          </RowActions>
        ) : (
          <RowActions>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Edit ${user.userEmail}`}
              ref={(button) => {
                if (button && returnFocusTo.current === user._id) {
                  returnFocusTo.current = null;
                  button.focus();
                }
              }}
              onClick={() => setEditing({ user, draft: draftOf(user) })}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Message ${user.userEmail}`}
              onClick={() => setMessaging(user)}
            >
              Message
            </Button>
            <Button
              size="sm"
              variant="danger"
              aria-label={`Delete ${user.userEmail}`}
              onClick={(event) => {
                rowFocus.track(event.currentTarget);
                setDeleting(user);
              }}
            >
              Delete
            </Button>
          </RowActions>
        ),
    },
  ];

  return (
    <div className={styles.directory}>
      <div className={styles.toolbar}>
        <TextField
          label="Search users"
          type="search"
          placeholder="Search by name, email or role..."
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <ExportButton onExport={() => downloadCsv(routes.users.adminList.path, listQuery)} />
      </div>
      {users.isPending ? (
        <PageLoader />
      ) : users.isError ? (
        <Alert tone="error">Failed to fetch users: {users.error.message}</Alert>
      ) : (
        <>
          <Table
            columns={columns}
            rows={users.data.items}
            rowKey={(user) => user._id}
            caption="Users"
            emptyText="No Users Found"
            sort={sort}
            onSortChange={(next) => {
              setSort({ key: next.key as UserSortKey, direction: next.direction });
              setPage(1);
            }}
          />
          {editing && !balanceValid && (
            <Alert tone="error">The credit balance must be a whole number, zero or more.</Alert>
          )}
          <Pagination
            page={page}
            pageCount={pageCountOf(users.data.total, PAGE_SIZE)}
            onPageChange={setPage}
            summary={pageSummary(users.data.page, users.data.pageSize, users.data.total)}
            aria-label="Users pages"
          />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete user"
        message="Are you sure you want to delete this user?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => {
          rowFocus.forget();
          setDeleting(null);
        }}
      />
      <SendMessageModal user={messaging} onClose={() => setMessaging(null)} />
    </div>
  );
}
