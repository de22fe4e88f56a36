import { Button, Column, Heading, Row, Section, Text } from '@react-email/components';
import { formatMoneyFixed } from '@coldmail/contracts';
import { button, MailLayout, paragraph } from './layout';

/** What a receipt states: the order, what was bought, the money and PayPal's reference. */
export interface ReceiptFacts {
  orderId: string;
  buyerName: string;
  productName: string;
  /** Package orders: the credits added to the balance. */
  credits?: number;
  price: number;
  /** The promo code the order was placed with and what it took off the price. */
  discount?: { code: string; amount: string };
  processingFee: string;
  /** The buyer country's tax: added to the total, or contained in it. */
  tax?: { label: string; rate: number; amount: string; inclusive: boolean };
  /** The order's invoice number, once issued. */
  invoiceNumber?: string;
  total: string;
  currency: string;
  captureId: string;
  /** ISO time PayPal captured the payment. */
  paidAt: string;
  billing: { address: string; country: string };
}

const label = { color: '#6b7280', fontSize: '13px', margin: '4px 0' };
const value = { color: '#111827', fontSize: '14px', margin: '4px 0', textAlign: 'right' as const };

function Line({ name, amount }: { name: string; amount: string }) {
  return (
    <Row>
      <Column>
        <Text style={label}>{name}</Text>
      </Column>
      <Column>
        <Text style={value}>{amount}</Text>
      </Column>
    </Row>
  );
}

/** The receipt a buyer gets when an order is paid (once, however the payment was confirmed). */
export function ReceiptMail({
  facts,
  receiptUrl,
  siteUrl,
}: {
  facts: ReceiptFacts;
  receiptUrl: string;
  siteUrl: string;
}) {
  const money = (amount: number | string) => formatMoneyFixed(amount, facts.currency);
  const paidOn = new Date(facts.paidAt).toUTCString();
  return (
    <MailLayout
      preview={`Receipt for order ${facts.orderId}: ${money(facts.total)}`}
      siteUrl={siteUrl}
      reason="You get this receipt because you paid an order on ColdMail AI."
    >
      <Heading as="h1">Thank you for your purchase</Heading>
      <Text style={paragraph}>
        Hello {facts.buyerName}, your payment for order {facts.orderId} was received.
      </Text>
      <Section>
        {facts.invoiceNumber && <Line name="Invoice" amount={facts.invoiceNumber} />}
        <Line name="Order" amount={facts.orderId} />
        <Line name="Bought" amount={facts.productName} />
        {facts.credits !== undefined && (
          <Line name="Credits added" amount={String(facts.credits)} />
        )}
        <Line name="Price" amount={money(facts.price)} />
        {facts.discount && (
          <Line
            name={`Promo code ${facts.discount.code}`}
            amount={`−${money(facts.discount.amount)}`}
          />
        )}
        <Line name="Processing fee" amount={money(facts.processingFee)} />
        {facts.tax && (
          <Line
            name={`${facts.tax.label} ${facts.tax.rate} %${facts.tax.inclusive ? ' (included)' : ''}`}
            amount={money(facts.tax.amount)}
          />
        )}
        <Line name="Total paid" amount={money(facts.total)} />
        <Line name="Paid on" amount={paidOn} />
        <Line name="PayPal transaction" amount={facts.captureId} />
        <Line
          name="Billed to"
          amount={`${facts.buyerName}, ${facts.billing.address}, ${facts.billing.country}`}
        />
      </Section>
      <Button href={receiptUrl} style={button}>
        {facts.invoiceNumber ? 'View or print the invoice' : 'View or print the receipt'}
      </Button>
    </MailLayout>
  );
}
