import { routes } from '@coldmail/contracts/routes';
import type { PackageOrder } from '@coldmail/contracts';
import { api, readFailureText } from '@coldmail/session';
import {
  Button,
  Modal,
  PageHeader,
  StatusBadge,
  formatDate,
  formatMoney,
  type TableColumn,
} from '@coldmail/ui';
import { keepPreviousData, useQuery } from '@coldmail/query';
import { useState } from 'react';
import { useOrderList } from '../hooks/useOrderList';
import { useOrderMutations } from '../hooks/useOrderMutations';
import { OrderKindTabs } from './OrderKindTabs';
import { OrderActions, OrdersTableCard, RefundDialog } from './OrdersTableCard';
import styles from './Orders.module.css';

// The spec's page size for the admin orders table.
const PAGE_SIZE = 5;

/** /admin/orders — every package order, searched, sorted and paged on the server. */
export function OrdersManagementPage() {
  const list = useOrderList(PAGE_SIZE);
  const orders = useQuery({
    ...api.packageOrders.adminList.query({ query: list.query }),
    placeholderData: keepPreviousData,
  });
  const [details, setDetails] = useState<PackageOrder | null>(null);
  const { deleteOrder, refund, refunding, setRefunding, deletingId } =
    useOrderMutations<PackageOrder>('packageOrders');
  const failure = orders.error && readFailureText(orders.error);

  const columns: TableColumn<PackageOrder>[] = [
    { key: 'orderId', header: 'Order ID', sortable: true },
    {
      key: 'customerName',
      header: 'Customer',
      sortable: true,
      render: (order) => (
        <span className={styles.customer}>
          <strong>{order.customerName}</strong>
          <span className={styles.muted}>{order.customerEmail}</span>
        </span>
      ),
    },
    {
      key: 'packageName',
      header: 'Package',
      sortable: true,
      render: (order) => (
        <button type="button" className={styles.linkButton} onClick={() => setDetails(order)}>
          {order.packageName}
        </button>
      ),
    },
    {
      key: 'orderDate',
      header: 'Date',
      sortValue: (order) => order.createdAt,
      firstDirection: 'desc',
      render: (order) => formatDate(order.createdAt),
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
      header: 'Payment',
      sortable: true,
      render: (order) => <StatusBadge status={order.paymentStatus} />,
    },
    {
      key: 'orderStatus',
      header: 'Status',
      sortable: true,
      render: (order) => <StatusBadge status={order.orderStatus} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (order) => (
        <OrderActions<PackageOrder>
          order={order}
          deletingId={deletingId}
          onDelete={deleteOrder}
          onRefund={setRefunding}
        />
      ),
    },
  ];

  return (
    <section className={styles.page} data-remote="admin" data-page="OrdersManagementPage">
      <PageHeader title="Orders Management" />
      <OrderKindTabs />
      <OrdersTableCard
        exportPath={routes.packageOrders.adminList.path}
        list={list}
        page={orders.data}
        error={failure ? `Failed to fetch data: ${failure}` : null}
        columns={columns}
        caption="Package orders"
        pageSize={PAGE_SIZE}
      />
      <Modal
        open={details !== null}
        onClose={() => setDetails(null)}
        title="Package Details"
        footer={<Button onClick={() => setDetails(null)}>Close</Button>}
      >
        {details && (
          <dl className={styles.details}>
            <dt>Package</dt>
            <dd>{details.packageName}</dd>
            <dt>Credits</dt>
            <dd>{details.credit}</dd>
            <dt>Validity</dt>
            <dd>{details.Validity} days</dd>
            <dt>Package Price</dt>
            <dd>{formatMoney(details.packagePrice, details.currency)}</dd>
            {details.promoCode && (
              <>
                <dt>Discount ({details.promoCode})</dt>
                <dd>−{formatMoney(details.discount ?? '0.00', details.currency)}</dd>
              </>
            )}
            <dt>Processing Fee</dt>
            <dd>{formatMoney(details.processingFee, details.currency)}</dd>
            <dt>Total</dt>
            <dd>{formatMoney(details.totalPrice, details.currency)}</dd>
            <dt>Customer</dt>
            <dd>
              {details.customerName}, {details.address}, {details.country}
            </dd>
            <dt>PayPal Transaction</dt>
            <dd>{details.paypalTransactionID || 'N/A'}</dd>
          </dl>
        )}
      </Modal>
      <RefundDialog<PackageOrder>
        order={refunding}
        consequence={(order) => `the ${order.credit} credits are taken back (never below zero)`}
        busy={refund.isPending}
        onConfirm={(order) => refund.mutate(order)}
        onCancel={() => setRefunding(null)}
      />
    </section>
  );
}
