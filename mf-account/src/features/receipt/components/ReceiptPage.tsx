import { isPaid, isRefunded } from '@coldmail/contracts';
import { useQuery } from '@coldmail/query';
import { paths } from '@coldmail/registry/pages';
import { Link, useParams } from '@coldmail/router';
import { api } from '@coldmail/session';
import {
  Alert,
  Button,
  PageLoader,
  SITE_NAME,
  formatMoneyFixed,
  formatTaxLine,
} from '@coldmail/ui';
import styles from './Receipt.module.css';

type Kind = 'package' | 'item';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** The order this page shows, by kind: its buyer's (or an admin's) own read. */
function useReceiptOrder(kind: Kind, id: string) {
  const packageOrder = useQuery({
    ...api.packageOrders.get.query({ params: { id } }),
    enabled: kind === 'package',
  });
  const itemOrder = useQuery({
    ...api.itemOrders.get.query({ params: { id } }),
    enabled: kind === 'item',
  });
  return kind === 'package' ? packageOrder : itemOrder;
}

/**
 * /user/receipt/:kind/:id — a paid order's receipt, to keep or print (the receipt e-mail links
 * here): the order, what was bought, the money in its currency and PayPal's reference. Once the
 * order has its invoice, the page is that invoice: its number and date, the seller as it names
 * them, the buyer's company, the tax, and a credit note for each refund.
 */
export function ReceiptPage() {
  return (
    <section data-remote="account" data-page="ReceiptPage">
      <Receipt />
    </section>
  );
}

function Receipt() {
  const { kind = '', id = '' } = useParams();
  const order = useReceiptOrder(kind as Kind, id);
  if (kind !== 'package' && kind !== 'item') {
    return <Alert tone="error">This receipt does not exist.</Alert>;
  }
  if (order.isPending) return <PageLoader />;
  if (order.isError) {
    return (
      <Alert tone="error">
        {order.error.status === 404
          ? 'This receipt does not exist.'
          : `Failed to load the receipt: ${order.error.message}`}
      </Alert>
    );
  }
  const data = order.data;
  if (!isPaid(data) && !isRefunded(data)) {
    return (
      <Alert tone="info" title="Not paid yet">
        Order {data.orderId} has not been paid, so it has no receipt yet.{' '}
        <Link to={kind === 'package' ? paths.payNow(data._id) : paths.itemPayNow(data._id)}>
          Pay it now
        </Link>
      </Alert>
    );
  }
  const money = (amount: number | string) => formatMoneyFixed(amount, data.currency);
  const paidAt = data.captureTime ? dateTime.format(new Date(data.captureTime)) : '';
  const { invoice, tax } = data;
  // An invoice issued before an admin entered the seller's details has none to show.
  const seller = invoice && Object.values(invoice.seller).some(Boolean) ? invoice.seller : null;
  return (
    <article className={styles.receipt}>
      <header className={styles.header}>
        <div>
          <p className={styles.brand}>{SITE_NAME}</p>
          <h1 className={styles.title}>{invoice ? `Invoice ${invoice.number}` : 'Receipt'}</h1>
        </div>
        <Button className={styles.print} variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
      </header>
      {isRefunded(data) && (
        <p className={styles.refunded} role="status">
          This order was refunded.
        </p>
      )}
      <dl className={styles.facts}>
        {invoice && (
          <>
            <dt>Invoice date</dt>
            <dd>{day.format(new Date(invoice.issuedAt))}</dd>
          </>
        )}
        <dt>Order</dt>
        <dd>{data.orderId}</dd>
      </dl>
      <div className={styles.parties}>
        {seller && (
          <section aria-labelledby="receipt-seller">
            <h2 id="receipt-seller" className={styles.partyTitle}>
              Seller
            </h2>
            <p className={styles.party}>
              {seller.name && <span>{seller.name}</span>}
              {seller.address && <span className={styles.address}>{seller.address}</span>}
              {seller.taxId && <span>Tax ID: {seller.taxId}</span>}
            </p>
          </section>
        )}
        <section aria-labelledby="receipt-buyer">
          <h2 id="receipt-buyer" className={styles.partyTitle}>
            Billed to
          </h2>
          <p className={styles.party}>
            <span>{data.customerName}</span>
            {data.companyName && <span>{data.companyName}</span>}
            <span>{data.address}</span>
            <span>{data.country}</span>
            {data.companyTaxId && <span>Tax ID: {data.companyTaxId}</span>}
            <span>{data.customerEmail}</span>
          </p>
        </section>
      </div>
      <table className={styles.lines}>
        <caption className={styles.caption}>What was bought</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className={styles.amount}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              {data.packageName}
              {'credit' in data && ` (${data.credit} credits)`}
            </td>
            <td className={styles.amount}>{money(data.packagePrice)}</td>
          </tr>
          {data.promoCode && (
            <tr>
              <td>Promo code {data.promoCode}</td>
              <td className={styles.amount}>−{money(data.discount ?? 0)}</td>
            </tr>
          )}
          <tr>
            <td>Processing fee</td>
            <td className={styles.amount}>{money(data.processingFee)}</td>
          </tr>
          {tax && !tax.inclusive && (
            <tr>
              <td>{formatTaxLine(tax)}</td>
              <td className={styles.amount}>{money(tax.amount)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total paid</th>
            <td className={styles.amount}>{money(data.totalPrice)}</td>
          </tr>
          {/* Contained in the total, not added to it: after it. */}
          {tax?.inclusive && (
            <tr className={styles.included}>
              <th scope="row">{formatTaxLine(tax)}</th>
              <td className={styles.amount}>{money(tax.amount)}</td>
            </tr>
          )}
        </tfoot>
      </table>
      <section aria-labelledby="receipt-payment" className={styles.section}>
        <h2 id="receipt-payment" className={styles.partyTitle}>
          Payment
        </h2>
        <dl className={styles.facts}>
          <dt>Paid on</dt>
          <dd>{paidAt}</dd>
          <dt>PayPal transaction</dt>
          <dd>{data.paypalTransactionID}</dd>
        </dl>
      </section>
      {data.creditNotes?.map((note) => (
        <section
          key={note.number}
          aria-labelledby={`credit-note-${note.number}`}
          className={styles.creditNote}
        >
          <h2 id={`credit-note-${note.number}`} className={styles.partyTitle}>
            Credit note {note.number}
          </h2>
          <dl className={styles.facts}>
            <dt>Date</dt>
            <dd>{day.format(new Date(note.issuedAt))}</dd>
            {invoice && (
              <>
                <dt>For invoice</dt>
                <dd>{invoice.number}</dd>
              </>
            )}
            <dt>Amount credited</dt>
            <dd>{money(note.amount)}</dd>
          </dl>
        </section>
      ))}
    </article>
  );
}
