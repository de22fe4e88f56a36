import { PageHeader } from '@coldmail/ui';

export function ItemOrdersPage() {
  return (
    <section data-remote="admin" data-page="ItemOrdersPage">
      <PageHeader title="Item Orders Management" />
    </section>
  );
}
