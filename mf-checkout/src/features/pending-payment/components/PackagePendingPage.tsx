import { PageHeader } from '@coldmail/ui';

export function PackagePendingPage() {
  return (
    <section data-remote="checkout" data-page="PackagePendingPage">
      <PageHeader title="My Pending Orders" />
    </section>
  );
}
