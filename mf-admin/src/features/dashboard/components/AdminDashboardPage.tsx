import { PageHeader } from '@coldmail/ui';

export function AdminDashboardPage() {
  return (
    <section data-remote="admin" data-page="AdminDashboardPage">
      <PageHeader title="Admin Dashboard" />
    </section>
  );
}
