import { PageHeader } from '@coldmail/ui';

export function OrdersPage() {
  return (
    <section data-remote="account" data-page="OrdersPage">
      <PageHeader title="My Orders" />
    </section>
  );
}
