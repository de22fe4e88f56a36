import { PageHeader } from '@coldmail/ui';

export function PackageCheckoutPage() {
  return (
    <section data-remote="checkout" data-page="PackageCheckoutPage">
      <PageHeader title="Package Checkout" />
    </section>
  );
}
