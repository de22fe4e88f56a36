import { paths } from '@coldmail/registry/pages';
import { useNavigate, useParams } from '@coldmail/router';
import { useApiRequest } from '@coldmail/session';
import { Card, PageHeader, PageLoader, TextField, formatUsdFixed } from '@coldmail/ui';
import { createItemOrder, fetchItem } from '../api/checkout';
import { useBuyer } from '../hooks/useBuyer';
import { priceBreakdownOf } from '../utils/pricing';
import { BillingForm } from './BillingForm';
import { CheckoutLoadError, SellerNotice } from './CheckoutStates';
import styles from './Checkout.module.css';

/** /item-buy/:id — 'Complete Your Order' for a digital item. */
export function ItemCheckoutPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const buyer = useBuyer();
  const item = useApiRequest(`item:${id}`, () => fetchItem(id));

  let content;
  if (buyer.isSeller) {
    content = <SellerNotice />;
  } else if (item.status === 'loading' || !buyer.ready) {
    content = <PageLoader />;
  } else if (item.status === 'error') {
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
            <dd>{formatUsdFixed(breakdown.price)}</dd>
            <dt className={styles.total}>Total Price</dt>
            <dd className={styles.total} data-testid="checkout-total">
              {formatUsdFixed(breakdown.total)}
            </dd>
          </dl>
        </Card>
        <Card title="Step 2: Billing Details">
          <BillingForm
            email={buyer.email}
            defaultValues={buyer.billingDefaults}
            note="Secure payment processing"
            onSubmit={async (values) => {
              await createItemOrder({ itemId: data._id, ...values });
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
