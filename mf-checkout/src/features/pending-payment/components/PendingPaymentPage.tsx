import { PageHeader } from '@coldmail/ui';

export function PendingPaymentPage() {
  return (
    <section data-remote="checkout" data-page="PendingPaymentPage">
      <PageHeader title="Pending Payment" />
    </section>
  );
}
