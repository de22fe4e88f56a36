import { routes } from '@coldmail/contracts/routes';
import type { AuditEntry } from '@coldmail/contracts';
import { api, downloadCsv } from '@coldmail/session';
import {
  Alert,
  Card,
  ExportButton,
  PageHeader,
  PageLoader,
  Pagination,
  Table,
  TextField,
  pageCountOf,
  pageSummary,
  type TableColumn,
} from '@coldmail/ui';
import { keepPreviousData, useQuery } from '@coldmail/query';
import { useDeferredValue, useState } from 'react';
import styles from './AuditLog.module.css';

const PAGE_SIZE = 20;

/** A snapshot as short readable text ('—' where there is none). */
function snapshot(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
}

const columns: TableColumn<AuditEntry>[] = [
  {
    key: 'at',
    header: 'When',
    render: (entry) =>
      new Date(entry.at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
  },
  { key: 'actor', header: 'Who', render: (entry) => entry.actor.email },
  { key: 'action', header: 'What' },
  {
    key: 'target',
    header: 'On',
    render: (entry) => `${entry.target.kind} ${entry.target.label ?? entry.target.id ?? ''}`,
  },
  {
    key: 'change',
    header: 'Before → after',
    render: (entry) => (
      <span className={styles.change}>
        <code>{snapshot(entry.before)}</code> → <code>{snapshot(entry.after)}</code>
      </span>
    ),
  },
];

/** /admin/audit-log — every admin change, newest first, with filters. */
export function AuditLogPage() {
  const [filters, setFilters] = useState({
    actor: '',
    action: '',
    targetKind: '',
    from: '',
    to: '',
  });
  const [page, setPage] = useState(1);
  const applied = useDeferredValue(filters);
  // Half-typed action or record names ('order.') are not sent: the API would refuse them.
  const complete: Record<string, RegExp> = {
    action: /^[a-z][a-z-]*(\.[a-z][a-z-]*)+$/,
    targetKind: /^[a-z][a-z-]*$/,
  };
  const query = Object.fromEntries(
    Object.entries(applied).filter(
      ([key, value]) => value.trim() !== '' && (complete[key]?.test(value.trim()) ?? true),
    ),
  );
  const entries = useQuery({
    ...api.audit.list.query({ query: { ...query, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const set = (key: keyof typeof filters) => (event: { target: { value: string } }) => {
    setFilters({ ...filters, [key]: event.target.value });
    setPage(1);
  };

  return (
    <section className={styles.page} data-remote="admin" data-page="AuditLogPage">
      <PageHeader
        title="Audit Log"
        subtitle="Every change made in the back office"
        actions={<ExportButton onExport={() => downloadCsv(routes.audit.list.path, query)} />}
      />
      <div className={styles.filters}>
        <TextField
          label="Admin email"
          type="search"
          value={filters.actor}
          onChange={set('actor')}
        />
        <TextField
          label="Action"
          placeholder="e.g. user.update"
          value={filters.action}
          onChange={set('action')}
        />
        <TextField
          label="Record type"
          placeholder="e.g. order"
          value={filters.targetKind}
          onChange={set('targetKind')}
        />
        <TextField label="From" type="date" value={filters.from} onChange={set('from')} />
        <TextField label="To" type="date" value={filters.to} onChange={set('to')} />
      </div>
      <Card flush>
        {entries.isPending ? (
          <PageLoader />
        ) : entries.isError ? (
          <Alert tone="error">Could not load the audit log: {entries.error.message}</Alert>
        ) : (
          <>
            <Table
              columns={columns}
              rows={entries.data.items}
              rowKey={(entry) => entry._id}
              caption="Audit log"
              emptyText="No changes recorded"
            />
            <div className={styles.pagination}>
              <Pagination
                page={page}
                pageCount={pageCountOf(entries.data.total, PAGE_SIZE)}
                onPageChange={setPage}
                summary={pageSummary(entries.data.page, entries.data.pageSize, entries.data.total)}
              />
            </div>
          </>
        )}
      </Card>
    </section>
  );
}
