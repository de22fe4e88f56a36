import { PageHeader } from '@coldmail/ui';

export function PayNowPage() {
  return (
    <section data-remote="checkout" data-page="PayNowPage">
      <PageHeader title="Pay Now" />
    </section>
  );
}
