import type { PackageOrder } from '@coldmail/contracts';
import { Button, Modal, StatusBadge, formatDate, formatMoney } from '@coldmail/ui';
import { daysLeft, daysLeftText } from '../utils/daysLeft';
import styles from './SubscriptionHistory.module.css';

interface PackageOrderDetailsModalProps {
  order: PackageOrder | null;
  onClose: () => void;
  now: Date;
}

/** The package an order bought and how long its membership still runs. */
export function PackageOrderDetailsModal({ order, onClose, now }: PackageOrderDetailsModalProps) {
  return (
    <Modal
      open={order !== null}
      onClose={onClose}
      title="Package Details"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {order && (
        <dl className={styles.details}>
          <dt>Package</dt>
          <dd>{order.packageName}</dd>
          <dt>Package Price</dt>
          <dd>
            {formatMoney(order.packagePrice, order.currency)} · {order.credit} credits
          </dd>
          <dt>Validity</dt>
          <dd>{order.Validity} days</dd>
          <dt>Days Left</dt>
          <dd data-testid="days-left">{daysLeftText(daysLeft(order.MembershipValidity, now))}</dd>
          <dt>Valid Until</dt>
          <dd>{formatDate(order.MembershipValidity) || 'N/A'}</dd>
          <dt>Order ID</dt>
          <dd>{order.orderId}</dd>
          <dt>Order Date</dt>
          <dd>{formatDate(order.createdAt)}</dd>
          <dt>Order Status</dt>
          <dd>
            <StatusBadge status={order.orderStatus} />
          </dd>
          <dt>Payment Status</dt>
          <dd>
            <StatusBadge status={order.paymentStatus} />
          </dd>
          <dt>Total</dt>
          <dd>{formatMoney(order.totalPrice, order.currency)}</dd>
        </dl>
      )}
    </Modal>
  );
}
