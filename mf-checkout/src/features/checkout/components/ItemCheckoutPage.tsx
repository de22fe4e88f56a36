import type { NewItemOrderBody } from '@coldmail/contracts';
import { priceBreakdownOf } from '@coldmail/contracts/money';
import { paths } from '@coldmail/registry/pages';
import { useNavigate, useParams } from '@coldmail/router';
import { api, domainKey } from '@coldmail/session';
import { Card, PageHeader, PageLoader, TextField, formatMoney } from '@coldmail/ui';
import { useMutation, useQuery, useQueryClient } from '@coldmail/query';
import { useBuyer } from '../hooks/useBuyer';
import { BillingForm } from './BillingForm';
import { BuyerRecordError, CheckoutLoadError, SellerNotice } from './CheckoutStates';
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
  } else if (item.isPending || !buyer.ready) {
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
    const breakdown = priceBreakdownOf(data.price);
    content = (
      <div className={styles.steps}>
        <Card title="Step 1: Your Item">
          <TextField label="Item Name" value={data.name} readOnly />
          <dl className={styles.priceBox}>
            <dt>Item Price</dt>
            <dd>{formatMoney(breakdown.price, data.currency)}</dd>
            <dt className={styles.total}>Total Price</dt>
            <dd className={styles.total} data-testid="checkout-total">
              {formatMoney(breakdown.total, data.currency)}
            </dd>
          </dl>
        </Card>
        <Card title="Step 2: Billing Details">
          <BillingForm
            email={buyer.email}
            defaultValues={buyer.billingDefaults}
            note="Secure payment processing"
            onSubmit={async (values) => {
              await placeOrder.mutateAsync({ itemId: data._id, ...values });
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
