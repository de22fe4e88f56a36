import { paths } from '@coldmail/registry/pages';
import { formatMoneyFixed } from '@coldmail/ui';
import { packagePayment, usePayOrder } from '../hooks/usePayOrder';
import {
  OrderLoadErrorPanel,
  PaymentLoadingPanel,
  PaymentPanel,
  PaymentUnavailablePanel,
} from './PaymentPanels';
import { discountRows, PaymentScreen, taxRows } from './PaymentScreen';

const PAGE = 'PayNowPage';

const ORDER_NOT_FOUND = {
  title: 'Order Not Found',
  text: "We couldn't find the order you're looking for. Please check the order ID and try again.",
};

/** /pay-now/:id — pays a pending package order with PayPal; credits arrive on success. */
export function PayNowPage() {
  const { order, settings, alreadyPaid, flow } = usePayOrder(packagePayment);

  if (order.status === 'loading' || settings.status === 'loading') {
    return <PaymentLoadingPanel page={PAGE} />;
  }
  if (order.status === 'error') {
    return (
      <OrderLoadErrorPanel
        page={PAGE}
        error={order.error}
        onRetry={order.retry}
        notFound={ORDER_NOT_FOUND}
      >
        Failed to load order details
      </OrderLoadErrorPanel>
    );
  }
  if (!alreadyPaid && settings.status === 'error') {
    return (
      <PaymentPanel page={PAGE} title="Error" onRetry={settings.retry}>
        Failed to load payment gateway settings
      </PaymentPanel>
    );
  }
  const paypal = settings.status === 'loaded' ? settings.data : null;
  if (!alreadyPaid && !paypal?.enablePayPal) return <PaymentUnavailablePanel page={PAGE} />;

  const { data } = order;
  return (
    <PaymentScreen
      page={PAGE}
      productName={data.packageName || 'Package'}
      order={data}
      details={[
        { label: 'Package Price', value: formatMoneyFixed(data.packagePrice, data.currency) },
        ...discountRows(data),
        ...taxRows(data),
        ...(typeof data.credit === 'number' ? [{ label: 'Credits', value: data.credit }] : []),
      ]}
      settings={paypal}
      flow={flow}
      alreadyPaid={alreadyPaid}
      historyLink={{ to: paths.userSubscriptionHistory, text: 'View Subscription History' }}
    />
  );
}
