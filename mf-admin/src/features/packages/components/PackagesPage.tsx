import { PageHeader } from '@coldmail/ui';
import { PackagesManager } from './PackagesManager';

/** /admin/packages */
export function PackagesPage() {
  return (
    <section data-remote="admin" data-page="PackagesPage">
      <PageHeader title="Pricing Packages" />
      <PackagesManager />
    </section>
  );
}
