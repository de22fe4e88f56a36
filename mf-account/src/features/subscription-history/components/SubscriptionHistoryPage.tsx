import { PageHeader } from '@coldmail/ui';

export function SubscriptionHistoryPage() {
  return (
    <section data-remote="account" data-page="SubscriptionHistoryPage">
      <PageHeader title="Subscription History" />
    </section>
  );
}
