import { paths } from '@coldmail/registry/pages';
import type { OrderTax, PaypalSettings } from '@coldmail/contracts';
import { Link } from '@coldmail/router';
import {
  Alert,
  ButtonLink,
  Card,
  PageHeader,
  Spinner,
  StatusBadge,
  formatMoneyFixed,
  formatTaxLine,
} from '@coldmail/ui';
import type { ReactNode } from 'react';
import type { PaymentFlow } from '../hooks/usePaymentFlow';
import { PROCESSING_TEXT } from '../utils/outcomes';
import { PayPalCheckout } from './PayPalCheckout';
import styles from './Payment.module.css';

interface PayableOrder {
  orderId: string;
  totalPrice: string;
  /** What totalPrice is in: the order's own currency. */
  currency: string;
  paymentStatus: string;
  customerName: string;
  customerEmail: string;
  address: string;
  country: string;
  companyName?: string;
  companyTaxId?: string;
}

export interface DetailRow {
  label: string;
  value: ReactNode;
  /** The block's bottom line, e.g. the total. */
  emphasis?: boolean;
}

interface PaymentScreenProps {
  page: string;
  productName: string;
  order: PayableOrder;
  /** The order block's lines above the total. */
  details: DetailRow[];
  /** Null only when the order is already paid and no buttons are needed. */
  settings: PaypalSettings | null;
  flow: PaymentFlow;
  /** The order was already paid when the page loaded: no buttons, a link to the history. */
  alreadyPaid: boolean;
  historyLink: { to: string; text: string };
}

const orNotSpecified = (value: string) => value.trim() || 'Not specified';

/** What the promo code an order was placed with took off its price: a line of its details. */
export function discountRows(order: {
  promoCode?: string;
  discount?: string;
  currency: string;
}): DetailRow[] {
  if (!order.promoCode) return [];
  return [
    {
      label: `Discount (${order.promoCode})`,
      value: `−${formatMoneyFixed(order.discount ?? 0, order.currency)}`,
    },
  ];
}

/** The buyer country's tax the order was placed with: added to its price, or contained in it. */
export function taxRows(order: { tax?: OrderTax; currency: string }): DetailRow[] {
  if (!order.tax) return [];
  return [
    { label: formatTaxLine(order.tax), value: formatMoneyFixed(order.tax.amount, order.currency) },
  ];
}

function Details({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className={styles.details}>
      {rows.map((row) => (
        <div
          key={row.label}
          className={row.emphasis ? `${styles.detailRow} ${styles.emphasis}` : styles.detailRow}
        >
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The payable order: header, customer and order blocks, then the payment area. */
export function PaymentScreen({
  page,
  productName,
  order,
  details,
  settings,
  flow,
  alreadyPaid,
  historyLink,
}: PaymentScreenProps) {
  const total = formatMoneyFixed(order.totalPrice, order.currency);
  return (
    <section className={styles.page} data-remote="checkout" data-page={page}>
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <ol>
          <li>
            <Link to={paths.home}>Home</Link>
          </li>
          <li aria-current="page">Payment</li>
        </ol>
      </nav>
      <PageHeader title="Pay Now" />

      <Card className={styles.orderHeader}>
        <div className={styles.orderHeaderRow}>
          <div>
            <h2 className={styles.productName}>{productName}</h2>
            <p className={styles.muted}>Order ID: {order.orderId}</p>
          </div>
          <div className={styles.orderTotal}>
            <span className={styles.amount} data-testid="order-total">
              {total}
            </span>
            <StatusBadge status={flow.paid ? 'Paid' : order.paymentStatus} uppercase />
          </div>
        </div>
      </Card>

      <div className={styles.blocks}>
        <Card title="Customer Information">
          <Details
            rows={[
              { label: 'Name', value: orNotSpecified(order.customerName) },
              { label: 'Email', value: orNotSpecified(order.customerEmail) },
              { label: 'Address', value: orNotSpecified(order.address) },
              { label: 'Country', value: orNotSpecified(order.country) },
              ...(order.companyName ? [{ label: 'Company', value: order.companyName }] : []),
              ...(order.companyTaxId
                ? [{ label: 'Company tax ID', value: order.companyTaxId }]
                : []),
            ]}
          />
        </Card>
        <Card title="Order Details">
          <Details rows={[...details, { label: 'Total', value: total, emphasis: true }]} />
        </Card>
      </div>

      <Card title="Payment" className={styles.paymentCard}>
        <div className={styles.paymentBody}>
          {flow.processing && (
            <div className={styles.processing}>
              <Spinner size="sm" label={PROCESSING_TEXT} />
            </div>
          )}
          {flow.notice && (
            <Alert
              tone={flow.notice.tone}
              onDismiss={flow.notice.tone === 'error' ? flow.dismissNotice : undefined}
            >
              {flow.notice.text}
            </Alert>
          )}
          {/* Paid elsewhere (another tab), not by the payment under way here. */}
          {alreadyPaid && !flow.paid && !flow.processing ? (
            <Alert tone="success" title="This order has been paid.">
              <ButtonLink to={historyLink.to} size="sm" variant="secondary">
                {historyLink.text}
              </ButtonLink>
            </Alert>
          ) : (
            !flow.paid &&
            settings && <PayPalCheckout settings={settings} currency={order.currency} flow={flow} />
          )}
        </div>
        <p className={styles.support}>
          Having trouble? Contact our <Link to={paths.contact}>Support Team</Link>.
        </p>
      </Card>
    </section>
  );
}
