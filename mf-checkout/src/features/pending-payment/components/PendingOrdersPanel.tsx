import { Link } from '@coldmail/router';
import {
  ButtonLink,
  EmptyState,
  Pagination,
  ResponsiveTable,
  StatusBadge,
  formatDate,
  formatMoneyFixed,
  pageCountOf,
  paginate,
  type TableColumn,
} from '@coldmail/ui';
import { useState, type ReactNode } from 'react';
import styles from './Pending.module.css';

const PAGE_SIZE = 10;

/** What both kinds of pending order show. */
export interface PendingRow {
  _id: string;
  orderId: string;
  name: string;
  /** Where the name links to (items link to their page); packages have none. */
  nameHref?: string;
  imageUrl?: string;
  createdAt: string;
  totalPrice: string;
  /** What totalPrice is in: the order's own currency. */
  currency: string;
  paymentStatus: string;
  payHref: string;
}

function Thumb({ src, name }: { src?: string; name: string }) {
  return src ? (
    <img className={styles.thumb} src={src} alt="" width={48} height={48} />
  ) : (
    <span className={styles.thumb} aria-hidden="true">
      {name.slice(0, 1).toUpperCase() || '?'}
    </span>
  );
}

function OrderInfo({ row }: { row: PendingRow }) {
  return (
    <div className={styles.orderInfo}>
      <Thumb src={row.imageUrl} name={row.name} />
      <div>
        <p className={styles.name}>
          {row.nameHref ? <Link to={row.nameHref}>{row.name}</Link> : row.name}
        </p>
        <p className={styles.meta}>Order ID: {row.orderId}</p>
        <p className={styles.meta}>{formatDate(row.createdAt)}</p>
      </div>
    </div>
  );
}

function PayNowLink({ row }: { row: PendingRow }) {
  return (
    <ButtonLink to={row.payHref} size="sm">
      Pay Now
    </ButtonLink>
  );
}

const columns: TableColumn<PendingRow>[] = [
  { key: 'order', header: 'Order', render: (row) => <OrderInfo row={row} /> },
  {
    key: 'amount',
    header: 'Amount',
    render: (row) => formatMoneyFixed(row.totalPrice, row.currency),
  },
  { key: 'status', header: 'Status', render: (row) => <StatusBadge status={row.paymentStatus} /> },
  { key: 'action', header: 'Action', align: 'right', render: (row) => <PayNowLink row={row} /> },
];

function PendingCard({ row }: { row: PendingRow }) {
  return (
    <div className={styles.card}>
      <OrderInfo row={row} />
      <div className={styles.cardFooter}>
        <span className={styles.amount}>{formatMoneyFixed(row.totalPrice, row.currency)}</span>
        <StatusBadge status={row.paymentStatus} />
        <PayNowLink row={row} />
      </div>
    </div>
  );
}

interface PendingOrdersPanelProps {
  rows: PendingRow[];
  /** Names the table and its pagination for screen readers. */
  label: string;
  emptyDescription?: ReactNode;
}

/**
 * A pending-orders list: 'Pay First Order' (or 'No payments due.'), a table on wide screens
 * and cards on phones, ten per page; 'No Pending Orders' when there are none.
 */
export function PendingOrdersPanel({ rows, label, emptyDescription }: PendingOrdersPanelProps) {
  const [page, setPage] = useState(1);
  const first = rows[0];
  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        {first ? (
          <ButtonLink to={first.payHref}>Pay First Order</ButtonLink>
        ) : (
          <p className={styles.meta}>No payments due.</p>
        )}
      </div>
      {rows.length === 0 ? (
        <EmptyState title="No Pending Orders" description={emptyDescription} />
      ) : (
        <>
          <ResponsiveTable
            columns={columns}
            rows={paginate(rows, page, PAGE_SIZE)}
            rowKey={(row) => row._id}
            caption={label}
            emptyText="No Pending Orders"
            renderCard={(row) => <PendingCard row={row} />}
          />
          <Pagination
            page={page}
            pageCount={pageCountOf(rows.length, PAGE_SIZE)}
            onPageChange={setPage}
            aria-label={`${label} pages`}
          />
        </>
      )}
    </div>
  );
}
