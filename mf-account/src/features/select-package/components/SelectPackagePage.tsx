import { PageHeader } from '@coldmail/ui';

export function SelectPackagePage() {
  return (
    <section data-remote="account" data-page="SelectPackagePage">
      <PageHeader title="Upgrade Package" />
    </section>
  );
}
