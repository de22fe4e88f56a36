import type { PromoCode } from '@coldmail/contracts';
import {
  Badge,
  Button,
  EmptyState,
  formatDate,
  RowActions,
  Table,
  type BadgeTone,
  type TableColumn,
} from '@coldmail/ui';
import {
  appliesToOf,
  discountOf,
  statusOf,
  type ProductNames,
  type PromoCodeStatus,
} from '../utils/promo-code-terms';
import styles from './PromoCodes.module.css';

interface PromoCodesTableProps {
  codes: readonly PromoCode[];
  names: ProductNames;
  /** The code being paused or resumed, to show its button busy. */
  switchingId: string | null;
  onEdit(code: PromoCode): void;
  onSwitch(code: PromoCode): void;
  onDelete(code: PromoCode): void;
}

const statusTones = {
  Active: 'success',
  Paused: 'warning',
  Expired: 'neutral',
} as const satisfies Record<PromoCodeStatus, BadgeTone>;

/** The codes, one row each at 1280 px: what they take off, from what, how often, until when. */
export function PromoCodesTable({
  codes,
  names,
  switchingId,
  onEdit,
  onSwitch,
  onDelete,
}: PromoCodesTableProps) {
  if (codes.length === 0) {
    return (
      <EmptyState
        title="No promo codes"
        description="Add a promo code to take a percent or an amount off at checkout."
      />
    );
  }
  const columns: TableColumn<PromoCode>[] = [
    {
      key: 'code',
      header: 'Code',
      sortable: true,
      render: (code) => <span className={styles.code}>{code.code}</span>,
    },
    {
      key: 'discount',
      header: 'Discount',
      render: (code) => <span className={styles.nowrap}>{discountOf(code)}</span>,
    },
    { key: 'appliesTo', header: 'Applies to', render: (code) => appliesToOf(code, names) },
    {
      key: 'uses',
      header: 'Uses / max',
      sortValue: (code) => code.uses,
      render: (code) => (
        <span className={styles.uses}>
          <span>
            {code.uses} / {code.maxUses ?? '∞'}
          </span>
          {code.oncePerBuyer && <span className={styles.muted}>Once per buyer</span>}
        </span>
      ),
    },
    {
      key: 'expiresAt',
      header: 'Expires',
      sortValue: (code) => code.expiresAt ?? '9999',
      render: (code) => (
        <span className={styles.nowrap}>
          {code.expiresAt ? formatDate(code.expiresAt) : 'Never'}
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (code) => {
        const status = statusOf(code);
        return <Badge tone={statusTones[status]}>{status}</Badge>;
      },
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (code) => (
        <RowActions align="end">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Edit ${code.code}`}
            onClick={() => onEdit(code)}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={switchingId === code._id}
            aria-label={`${code.paused ? 'Resume' : 'Pause'} ${code.code}`}
            onClick={() => onSwitch(code)}
          >
            {code.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={`Delete ${code.code}`}
            onClick={() => onDelete(code)}
          >
            Delete
          </Button>
        </RowActions>
      ),
    },
  ];
  return (
    <Table
      caption="Promo codes"
      columns={columns}
      rows={codes}
      rowKey={(code) => code._id}
      emptyText="No promo codes"
    />
  );
}
