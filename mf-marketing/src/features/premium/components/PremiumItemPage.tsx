import { PageHeader } from '@coldmail/ui';

export function PremiumItemPage() {
  return (
    <section data-remote="marketing" data-page="PremiumItemPage">
      <PageHeader title="Premium Item" />
    </section>
  );
}
