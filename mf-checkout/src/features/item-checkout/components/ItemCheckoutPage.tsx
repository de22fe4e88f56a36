import { PageHeader } from '@coldmail/ui';

export function ItemCheckoutPage() {
  return (
    <section data-remote="checkout" data-page="ItemCheckoutPage">
      <PageHeader title="Complete Your Order" />
    </section>
  );
}
