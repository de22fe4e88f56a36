import { paths } from '@coldmail/registry/pages';
import { isPaid, isRefunded, type ItemOrder } from '@coldmail/contracts';
import { Link } from '@coldmail/router';
import {
  Alert,
  Button,
  Card,
  PageLoader,
  Pagination,
  ResponsiveTable,
  StatusBadge,
  formatDate,
  formatMoney,
  pageCountOf,
  paginate,
  type TableColumn,
} from '@coldmail/ui';
import { useState } from 'react';
import { documentOf } from '../../../utils/documentOf';
import { LOAD_FAILED_TEXT, useItemOrders } from '../hooks/useItemOrders';
import { accessLinkOf } from '../utils/itemOrders';
import styles from './Orders.module.css';

const PAGE_SIZE = 10;

function AccessLink({ order }: { order: ItemOrder }) {
  const url = accessLinkOf(order);
  if (!url) return <span className={styles.muted}>Available after payment</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      Access Item
    </a>
  );
}

const columns: TableColumn<ItemOrder>[] = [
  {
    key: 'item',
    header: 'Item',
    render: (order) => (
      <Link to={paths.premiumItem(order.slug, order.itemId)}>{order.packageName}</Link>
    ),
  },
  { key: 'orderId', header: 'Order ID' },
  { key: 'date', header: 'Date', render: (order) => formatDate(order.createdAt) },
  {
    key: 'amount',
    header: 'Amount',
    render: (order) => formatMoney(order.totalPrice, order.currency),
  },
  {
    key: 'status',
    header: 'Status',
    render: (order) => <StatusBadge status={order.paymentStatus} />,
  },
  { key: 'access', header: 'Access', render: (order) => <AccessLink order={order} /> },
  {
    key: 'receipt',
    header: 'Invoice',
    render: (order) =>
      isPaid(order) || isRefunded(order) ? (
        <Link
          to={paths.userReceipt('item', order._id)}
          aria-label={`${documentOf(order)} for order ${order.orderId}`}
        >
          {documentOf(order)}
        </Link>
      ) : null,
  },
];

/** The buyer's item orders, newest first, with each item's access link once paid. */
export function ItemOrdersList() {
  const orders = useItemOrders();
  const [page, setPage] = useState(1);

  if (orders.status === 'loading') return <PageLoader />;
  if (orders.status === 'error') {
    return (
      <Alert tone="error">
        <p className={styles.alertText}>{LOAD_FAILED_TEXT}</p>
        <Button size="sm" variant="secondary" onClick={orders.retry}>
          Retry
        </Button>
      </Alert>
    );
  }
  return (
    <Card title="Item Orders" flush>
      <ResponsiveTable
        columns={columns}
        rows={paginate(orders.data, page, PAGE_SIZE)}
        rowKey={(order) => order._id}
        caption="Item Orders"
        emptyText="No orders found"
      />
      <div className={styles.pagination}>
        <Pagination
          page={page}
          pageCount={pageCountOf(orders.data.length, PAGE_SIZE)}
          onPageChange={setPage}
        />
      </div>
    </Card>
  );
}
