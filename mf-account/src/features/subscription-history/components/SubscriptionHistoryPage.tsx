import { isPaid, isRefunded, type PackageOrder } from '@coldmail/contracts';
import { paths } from '@coldmail/registry/pages';
import { Link } from '@coldmail/router';
import {
  Alert,
  Button,
  Card,
  PageHeader,
  PageLoader,
  Pagination,
  ResponsiveTable,
  StatusBadge,
  TextField,
  formatDate,
  formatMoney,
  pageCountOf,
  pageSummary,
  paginate,
  useSort,
  type TableColumn,
} from '@coldmail/ui';
import { readFailureText } from '@coldmail/session';
import { useMemo, useState } from 'react';
import { documentOf } from '../../../utils/documentOf';
import { usePackageOrders } from '../hooks/usePackageOrders';
import { searchPackageOrders } from '../utils/searchPackageOrders';
import { PackageOrderDetailsModal } from './PackageOrderDetailsModal';
import styles from './SubscriptionHistory.module.css';

const PAGE_SIZE = 10;

function orderColumns(showDetails: (order: PackageOrder) => void): TableColumn<PackageOrder>[] {
  return [
    { key: 'orderId', header: 'Order ID', sortable: true },
    {
      key: 'packageName',
      header: 'Package',
      sortValue: (order) => order.packageName,
      render: (order) => (
        <span className={styles.package}>
          {order.packageName}
          <span className={styles.muted}>{order.credit} credits</span>
        </span>
      ),
    },
    {
      key: 'date',
      header: 'Date',
      sortValue: (order) => new Date(order.createdAt),
      firstDirection: 'desc',
      render: (order) => formatDate(order.createdAt),
    },
    {
      key: 'amount',
      header: 'Amount',
      sortValue: (order) => Number(order.totalPrice),
      render: (order) => formatMoney(order.totalPrice, order.currency),
    },
    {
      key: 'orderStatus',
      header: 'Status',
      sortValue: (order) => order.orderStatus,
      render: (order) => <StatusBadge status={order.orderStatus} />,
    },
    {
      key: 'paymentStatus',
      header: 'Payment',
      sortValue: (order) => order.paymentStatus,
      render: (order) => <StatusBadge status={order.paymentStatus} />,
    },
    {
      key: 'details',
      header: 'Details',
      align: 'right',
      render: (order) => (
        <span className={styles.actions}>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`View order ${order.orderId}`}
            onClick={() => showDetails(order)}
          >
            View
          </Button>
          {(isPaid(order) || isRefunded(order)) && (
            <Link
              to={paths.userReceipt('package', order._id)}
              aria-label={`${documentOf(order)} for order ${order.orderId}`}
            >
              {documentOf(order)}
            </Link>
          )}
        </span>
      ),
    },
  ];
}

function PackageOrdersTable({ orders }: { orders: PackageOrder[] }) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<PackageOrder | null>(null);
  const [openedAt, setOpenedAt] = useState(() => new Date());
  const columns = useMemo(
    () =>
      orderColumns((order) => {
        setOpenedAt(new Date());
        setSelected(order);
      }),
    [],
  );
  const matching = useMemo(() => searchPackageOrders(orders, query), [orders, query]);
  const { sort, onSortChange, sortedRows } = useSort(matching, columns, {
    key: 'date',
    direction: 'desc',
  });
  const pageCount = pageCountOf(sortedRows.length, PAGE_SIZE);

  return (
    <Card title="All Orders" flush>
      <div className={styles.toolbar}>
        <TextField
          label="Search orders"
          type="search"
          placeholder="Search orders..."
          value={query}
          fieldClassName={styles.search}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <ResponsiveTable
        columns={columns}
        rows={paginate(sortedRows, page, PAGE_SIZE)}
        rowKey={(order) => order._id}
        sort={sort}
        onSortChange={onSortChange}
        caption="Subscription History"
        emptyText="No orders found"
      />
      <div className={styles.pagination}>
        <Pagination
          page={page}
          pageCount={pageCount}
          onPageChange={setPage}
          summary={pageSummary(page, PAGE_SIZE, sortedRows.length)}
        />
      </div>
      <PackageOrderDetailsModal order={selected} now={openedAt} onClose={() => setSelected(null)} />
    </Card>
  );
}

/** /user/subscription-history — every package order of the buyer, searchable and sortable. */
export function SubscriptionHistoryPage() {
  const orders = usePackageOrders();
  return (
    <section className={styles.page} data-remote="account" data-page="SubscriptionHistoryPage">
      <PageHeader
        title="Subscription History"
        subtitle="View and manage all Subscription History"
      />
      {orders.status === 'loading' ? (
        <PageLoader />
      ) : orders.status === 'no-email' ? (
        <Alert tone="error">User email not found</Alert>
      ) : orders.status === 'error' ? (
        <Alert tone="error">Failed to fetch data: {readFailureText(orders.error)}</Alert>
      ) : (
        <PackageOrdersTable orders={orders.data} />
      )}
    </section>
  );
}
