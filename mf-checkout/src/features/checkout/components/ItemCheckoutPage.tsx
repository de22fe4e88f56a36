import type { NewItemOrderBody } from '@coldmail/contracts';
import { paths } from '@coldmail/registry/pages';
import { useNavigate, useParams } from '@coldmail/router';
import { api, domainKey } from '@coldmail/session';
import { Card, PageHeader, PageLoader, TextField } from '@coldmail/ui';
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

/** /item-buy/:id — 'Complete Your Order' for a digital item. */
export function ItemCheckoutPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const buyer = useBuyer();
  const item = useQuery({
    ...api.items.get.query({ params: { id } }),
    select: (answer) => answer.data,
  });
  const promo = usePromoCode({ itemId: id });
  // The country picked in the form, else the profile's: its tax shows in the summary.
  const [country, setCountry] = useState<string | null>(null);
  const tax = useCheckoutTax(country ?? buyer.billingDefaults.country);
  const queryClient = useQueryClient();
  const placeOrder = useMutation({
    mutationFn: (body: NewItemOrderBody) => api.itemOrders.create({ body }),
    // The pending list the buyer lands on is read afresh, with the new order in it.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: domainKey('itemOrders'), refetchType: 'all' }),
  });

  let content;
  if (buyer.isSeller) {
    content = <SellerNotice />;
  } else if (buyer.recordFailed) {
    content = <BuyerRecordError />;
  } else if (item.isPending || tax.pending || !buyer.ready) {
    content = <PageLoader />;
  } else if (item.isError) {
    content = (
      <CheckoutLoadError
        error={item.error}
        notFound="Item not found"
        failed="Failed to fetch item"
      />
    );
  } else {
    const { data } = item;
    content = (
      <div className={styles.steps}>
        <Card title="Step 1: Your Item">
          <TextField label="Item Name" value={data.name} readOnly />
          <PriceSummary
            price={data.price}
            currency={data.currency}
            priceLabel="Item Price"
            totalLabel="Total Price"
            quote={promo.applied}
            tax={tax}
            hideZeroFee
            boxed
          />
          <PromoCodeField promo={promo} />
        </Card>
        <Card title="Step 2: Billing Details">
          <BillingForm
            email={buyer.email}
            defaultValues={buyer.billingDefaults}
            onCountryChange={setCountry}
            note="Secure payment processing"
            onSubmit={async (values) => {
              await placeOrder.mutateAsync({
                itemId: data._id,
                ...values,
                promoCode: promo.applied?.code,
              });
              navigate(paths.userItemPendingPayment);
            }}
          />
        </Card>
      </div>
    );
  }

  return (
    <section className={styles.page} data-remote="checkout" data-page="ItemCheckoutPage">
      <PageHeader title="Complete Your Order" />
      {content}
    </section>
  );
}
