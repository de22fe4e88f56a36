import { Heading, Text } from '@react-email/components';
import { formatMoneyFixed } from '@coldmail/contracts';
import { MailLayout, paragraph } from './layout';

/** What a refund notice states. */
export interface RefundFacts {
  orderId: string;
  buyerName: string;
  productName: string;
  total: string;
  currency: string;
  /** 'refund': we or PayPal refunded it; 'reversal': the payment was reversed (a dispute). */
  kind: 'refund' | 'reversal';
  /** Package orders: the credits taken back, and those already spent. */
  creditsTakenBack?: number;
  creditsSpent?: number;
  /** Item orders: the access link no longer works. */
  accessWithdrawn?: boolean;
}

/** The notice a buyer gets when a paid order is refunded or its payment reversed. */
export function RefundNoticeMail({ facts, siteUrl }: { facts: RefundFacts; siteUrl: string }) {
  const amount = formatMoneyFixed(facts.total, facts.currency);
  return (
    <MailLayout
      preview={`Order ${facts.orderId}: ${amount} ${facts.kind === 'refund' ? 'refunded' : 'reversed'}`}
      siteUrl={siteUrl}
      reason="You get this notice because an order you paid on ColdMail AI changed."
    >
      <Heading as="h1">
        {facts.kind === 'refund' ? 'Your order was refunded' : 'Your payment was reversed'}
      </Heading>
      <Text style={paragraph}>
        Hello {facts.buyerName}, {amount} for order {facts.orderId} ({facts.productName})
        {facts.kind === 'refund'
          ? ' was refunded to your PayPal account. PayPal shows it within a few days.'
          : ' was reversed through PayPal.'}
      </Text>
      {facts.creditsTakenBack !== undefined && (
        <Text style={paragraph}>
          {facts.creditsTakenBack} credits were taken back from your balance
          {facts.creditsSpent ? `; ${facts.creditsSpent} had already been used.` : '.'}
        </Text>
      )}
      {facts.accessWithdrawn && (
        <Text style={paragraph}>The access link of this item no longer works.</Text>
      )}
      <Text style={paragraph}>
        Questions? Open a support ticket from your dashboard and quote order {facts.orderId}.
      </Text>
    </MailLayout>
  );
}
