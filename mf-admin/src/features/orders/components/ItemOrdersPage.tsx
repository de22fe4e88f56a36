import { routes } from '@coldmail/contracts/routes';
import type { ItemOrder } from '@coldmail/contracts';
import { paths } from '@coldmail/registry/pages';
import { Link } from '@coldmail/router';
import { api } from '@coldmail/session';
import { PageHeader, StatusBadge, formatMoney, type TableColumn } from '@coldmail/ui';
import { keepPreviousData, useQuery } from '@coldmail/query';
import { useOrderList } from '../hooks/useOrderList';
import { useOrderMutations } from '../hooks/useOrderMutations';
import { OrderKindTabs } from './OrderKindTabs';
import { OrderActions, OrdersTableCard, RefundDialog } from './OrdersTableCard';
import styles from './Orders.module.css';

const PAGE_SIZE = 10;
const NAME_LIMIT = 30;

const shortName = (name: string) =>
  name.length > NAME_LIMIT ? `${name.slice(0, NAME_LIMIT)}...` : name;

/** 'Nov 24, 2026' */
const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** /admin/items-orders — every digital item order, searched, sorted and paged on the server. */
export function ItemOrdersPage() {
  const list = useOrderList(PAGE_SIZE);
  const orders = useQuery({
    ...api.itemOrders.adminList.query({ query: list.query }),
    placeholderData: keepPreviousData,
  });
  const { deleteOrder, refund, refunding, setRefunding, deletingId } =
    useOrderMutations<ItemOrder>('itemOrders');

  const columns: TableColumn<ItemOrder>[] = [
    { key: 'orderId', header: 'Order ID', sortable: true },
    {
      key: 'customerName',
      header: 'Customer',
      sortable: true,
      render: (order) => (
        <span className={styles.customer}>
          <strong>
            <span aria-hidden="true">{order.customerName.slice(0, 1).toUpperCase()} </span>
            {order.customerName}
          </strong>
          <span className={styles.muted}>{order.customerEmail}</span>
        </span>
      ),
    },
    {
      key: 'packageName',
      header: 'Item',
      sortable: true,
      render: (order) => (
        <span className={styles.customer}>
          <Link to={paths.premiumItem(order.slug, order.itemId)} title={order.packageName}>
            {shortName(order.packageName)}
          </Link>
          <span className={styles.muted}>{order.itemId || 'N/A'}</span>
        </span>
      ),
    },
    {
      key: 'orderDate',
      header: 'Date',
      sortValue: (order) => order.createdAt,
      firstDirection: 'desc',
      render: (order) => shortDate(order.createdAt),
    },
    {
      key: 'totalPrice',
      header: 'Amount',
      align: 'right',
      sortValue: (order) => order.packagePrice,
      render: (order) => formatMoney(order.totalPrice, order.currency),
    },
    {
      key: 'paymentStatus',
      header: 'Payment Status',
      sortable: true,
      render: (order) => <StatusBadge status={order.paymentStatus} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (order) => (
        <OrderActions<ItemOrder>
          order={order}
          deletingId={deletingId}
          onDelete={deleteOrder}
          onRefund={setRefunding}
        />
      ),
    },
  ];

  return (
    <section className={styles.page} data-remote="admin" data-page="ItemOrdersPage">
      <PageHeader title="Item Orders Management" />
      <OrderKindTabs />
      <OrdersTableCard
        exportPath={routes.itemOrders.adminList.path}
        list={list}
        page={orders.data}
        error={orders.isError ? 'Could not load item orders. Please try again.' : null}
        columns={columns}
        caption="Item orders"
        pageSize={PAGE_SIZE}
        // The spec's footer: 'Showing X to Y of Z entries', however few orders there are.
        alwaysShowSummary
      />
      <RefundDialog<ItemOrder>
        order={refunding}
        consequence={() => 'the buyer loses the download link'}
        busy={refund.isPending}
        onConfirm={(order) => refund.mutate(order)}
        onCancel={() => setRefunding(null)}
      />
    </section>
  );
}
