import { PageHeader } from '@coldmail/ui';

export function ItemPendingPage() {
  return (
    <section data-remote="checkout" data-page="ItemPendingPage">
      <PageHeader title="My Pending item Orders" />
    </section>
  );
}
