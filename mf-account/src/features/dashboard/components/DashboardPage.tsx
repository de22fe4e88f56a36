import { PageHeader } from '@coldmail/ui';

export function DashboardPage() {
  return (
    <section data-remote="account" data-page="DashboardPage">
      <PageHeader title="Dashboard" />
    </section>
  );
}
