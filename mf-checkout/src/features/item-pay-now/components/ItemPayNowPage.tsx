import { PageHeader } from '@coldmail/ui';

export function ItemPayNowPage() {
  return (
    <section data-remote="checkout" data-page="ItemPayNowPage">
      <PageHeader title="Pay Now" />
    </section>
  );
}
