import { PageHeader } from '@coldmail/ui';

export function PackagesPage() {
  return (
    <section data-remote="admin" data-page="PackagesPage">
      <PageHeader title="Pricing Packages" />
    </section>
  );
}
