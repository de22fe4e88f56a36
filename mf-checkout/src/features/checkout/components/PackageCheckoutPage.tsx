import { paths } from '@coldmail/registry/pages';
import { useNavigate, useParams } from '@coldmail/router';
import { useApiRequest } from '@coldmail/session';
import { Card, PageHeader, PageLoader } from '@coldmail/ui';
import { createPackageOrder, fetchPackage } from '../api/checkout';
import { useBuyer } from '../hooks/useBuyer';
import { BillingForm } from './BillingForm';
import { CheckoutLoadError, SellerNotice } from './CheckoutStates';
import { PriceSummary } from './PriceSummary';
import styles from './Checkout.module.css';

/** /buy/:id — billing details for a credit package; the order is created as pending. */
export function PackageCheckoutPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const buyer = useBuyer();
  const pkg = useApiRequest(`package:${id}`, () => fetchPackage(id));

  let content;
  if (buyer.isSeller) {
    content = <SellerNotice />;
  } else if (pkg.status === 'loading' || !buyer.ready) {
    content = <PageLoader />;
  } else if (pkg.status === 'error') {
    content = (
      <CheckoutLoadError
        error={pkg.error}
        notFound="Package not found"
        failed="Failed to fetch package"
      />
    );
  } else {
    const { data } = pkg;
    content = (
      <div className={styles.layout}>
        <Card title="Order Summary">
          <h2 className={styles.productName}>{data.packageName || 'Package'}</h2>
          <p className={styles.meta}>
            {data.credit} credits · valid for {data.validity} days
          </p>
          <PriceSummary price={data.price} priceLabel="Package Price" />
        </Card>
        <Card title="Billing Details">
          <BillingForm
            email={buyer.email}
            defaultValues={buyer.billingDefaults}
            onSubmit={async (values) => {
              await createPackageOrder({ packageId: data._id, ...values });
              navigate(paths.userPackagePendingPayment);
            }}
          />
        </Card>
      </div>
    );
  }

  return (
    <section className={styles.page} data-remote="checkout" data-page="PackageCheckoutPage">
      <PageHeader title="Package Checkout" />
      {content}
    </section>
  );
}
