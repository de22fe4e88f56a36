import { PageHeader } from '@coldmail/ui';

export function OrdersManagementPage() {
  return (
    <section data-remote="admin" data-page="OrdersManagementPage">
      <PageHeader title="Total Orders" />
    </section>
  );
}
