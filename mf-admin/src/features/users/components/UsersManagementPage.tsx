import { PageHeader } from '@coldmail/ui';

export function UsersManagementPage() {
  return (
    <section data-remote="admin" data-page="UsersManagementPage">
      <PageHeader title="Total Users" />
    </section>
  );
}
