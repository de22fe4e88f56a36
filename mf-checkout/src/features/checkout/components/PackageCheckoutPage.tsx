import type { NewOrderBody } from '@coldmail/contracts';
import { paths } from '@coldmail/registry/pages';
import { useNavigate, useParams } from '@coldmail/router';
import { api, domainKey } from '@coldmail/session';
import { Card, PageHeader, PageLoader } from '@coldmail/ui';
import { useMutation, useQuery, useQueryClient } from '@coldmail/query';
import { useState } from 'react';
import { usePromoCode } from '../api/promo-code';
import { useCheckoutTax } from '../api/tax-rates';
import { useBuyer } from '../hooks/useBuyer';
import { BillingForm } from './BillingForm';
import { BuyerRecordError, CheckoutLoadError, SellerNotice } from './CheckoutStates';
import { PriceSummary } from './PriceSummary';
import { PromoCodeField } from './PromoCodeField';
import styles from './Checkout.module.css';

/** /buy/:id — billing details for a credit package; the order is created as pending. */
export function PackageCheckoutPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const buyer = useBuyer();
  const pkg = useQuery(api.packages.get.query({ params: { id } }));
  const promo = usePromoCode({ packageId: id });
  // The country picked in the form, else the profile's: its tax shows in the summary.
  const [country, setCountry] = useState<string | null>(null);
  const tax = useCheckoutTax(country ?? buyer.billingDefaults.country);
  const queryClient = useQueryClient();
  const placeOrder = useMutation({
    mutationFn: (body: NewOrderBody) => api.packageOrders.create({ body }),
    // The pending list the buyer lands on is read afresh, with the new order in it.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: domainKey('packageOrders'), refetchType: 'all' }),
  });

  let content;
  if (buyer.isSeller) {
    content = <SellerNotice />;
  } else if (buyer.recordFailed) {
    content = <BuyerRecordError />;
  } else if (pkg.isPending || tax.pending || !buyer.ready) {
    content = <PageLoader />;
  } else if (pkg.isError) {
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
          <PriceSummary
            price={data.price}
            currency={data.currency}
            priceLabel="Package Price"
            quote={promo.applied}
            tax={tax}
          />
          <PromoCodeField promo={promo} />
        </Card>
        <Card title="Billing Details">
          <BillingForm
            email={buyer.email}
            defaultValues={buyer.billingDefaults}
            onCountryChange={setCountry}
            onSubmit={async (values) => {
              await placeOrder.mutateAsync({
                packageId: data._id,
                ...values,
                promoCode: promo.applied?.code,
              });
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
