import { PageHeader } from '@coldmail/ui';

export function OrdersHistoryPage() {
  return (
    <section data-remote="account" data-page="OrdersHistoryPage">
      <PageHeader title="Orders History" />
    </section>
  );
}
