import type { ItemOrder, PackageOrder } from '@coldmail/contracts';
import { isPaid, isPending } from '@coldmail/contracts';
import {
  Alert,
  Button,
  Card,
  ConfirmDialog,
  PageLoader,
  Pagination,
  RowActions,
  Spinner,
  Table,
  ExportButton,
  TextField,
  formatMoney,
  pageCountOf,
  pageSummary,
  type TableColumn,
} from '@coldmail/ui';
import { downloadCsv } from '@coldmail/session';
import type { useOrderList } from '../hooks/useOrderList';
import styles from './Orders.module.css';

type AnyOrder = PackageOrder | ItemOrder;

interface OrdersTableCardProps<Order extends AnyOrder> {
  list: ReturnType<typeof useOrderList>;
  page: { items: Order[]; total: number; page: number; pageSize: number } | undefined;
  /** Why the page could not be loaded, if it could not. */
  error: string | null;
  columns: TableColumn<Order>[];
  caption: string;
  pageSize: number;
  /** The footer says 'Showing X to Y of Z entries' even when all orders fit on one page. */
  alwaysShowSummary?: boolean;
  /** The list's contract path: its Export button downloads `?format=csv` there. */
  exportPath: string;
}

/** An admin orders table: the search box, the server's page of rows and the page links. */
export function OrdersTableCard<Order extends AnyOrder>({
  list,
  page,
  error,
  columns,
  caption,
  pageSize,
  alwaysShowSummary = false,
  exportPath,
}: OrdersTableCardProps<Order>) {
  return (
    <Card flush>
      <div className={styles.toolbar}>
        <TextField
          label="Search"
          type="search"
          placeholder="Search orders..."
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
        />
        <ExportButton onExport={() => downloadCsv(exportPath, list.query)} />
      </div>
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : !page ? (
        <PageLoader />
      ) : (
        <>
          <Table
            columns={columns}
            rows={page.items}
            rowKey={(order) => order._id}
            caption={caption}
            emptyText="No orders found"
            sort={list.sort}
            onSortChange={list.setSort}
          />
          <div className={styles.pagination}>
            <Pagination
              page={list.page}
              pageCount={pageCountOf(page.total, pageSize)}
              onPageChange={list.setPage}
              summary={pageSummary(page.page, page.pageSize, page.total)}
              summaryOnSinglePage={alwaysShowSummary}
            />
          </div>
        </>
      )}
    </Card>
  );
}

interface OrderActionsProps<Order extends AnyOrder> {
  order: Order;
  /** The order being deleted right now, if any. */
  deletingId: string | null;
  /** `control` is the row's Delete button, where focus stays while the order is deleted. */
  onDelete(order: Order, control: HTMLElement): void;
  onRefund(order: Order): void;
}

/**
 * Delete for pending rows (a spinner while it runs), Refund for paid ones. While one order is
 * being deleted the Delete buttons refuse a second click but keep focus (aria-disabled).
 */
export function OrderActions<Order extends AnyOrder>({
  order,
  deletingId,
  onDelete,
  onRefund,
}: OrderActionsProps<Order>) {
  return (
    <RowActions>
      {isPending(order) && (
        <Button
          size="sm"
          variant="danger"
          aria-label={`Delete order ${order.orderId}`}
          aria-disabled={deletingId !== null || undefined}
          aria-busy={deletingId === order._id || undefined}
          onClick={(event) => {
            if (deletingId === null) onDelete(order, event.currentTarget);
          }}
        >
          {deletingId === order._id ? <Spinner size="sm" /> : 'Delete'}
        </Button>
      )}
      {isPaid(order) && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Refund order ${order.orderId}`}
          onClick={() => onRefund(order)}
        >
          Refund
        </Button>
      )}
    </RowActions>
  );
}

/** Asks before a refund, saying what the buyer gets back and loses. */
export function RefundDialog<Order extends AnyOrder>({
  order,
  consequence,
  busy,
  onConfirm,
  onCancel,
}: {
  order: Order | null;
  /** e.g. 'the 100 credits are taken back (never below zero)'. */
  consequence: (order: Order) => string;
  busy: boolean;
  onConfirm(order: Order): void;
  onCancel(): void;
}) {
  return (
    <ConfirmDialog
      open={order !== null}
      title="Refund this order?"
      message={
        order
          ? `PayPal returns ${formatMoney(order.totalPrice, order.currency)} to ${order.customerEmail} and ${consequence(order)}. This cannot be undone.`
          : ''
      }
      confirmLabel="Refund"
      busyLabel="Refunding..."
      tone="danger"
      busy={busy}
      onConfirm={() => order && onConfirm(order)}
      onCancel={onCancel}
    />
  );
}
