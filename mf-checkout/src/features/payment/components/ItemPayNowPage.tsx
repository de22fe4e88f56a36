import { paths } from '@coldmail/registry/pages';
import { formatMoneyFixed } from '@coldmail/ui';
import { itemPayment, usePayOrder } from '../hooks/usePayOrder';
import {
  OrderLoadErrorPanel,
  PaymentLoadingPanel,
  PaymentPanel,
  PaymentUnavailablePanel,
} from './PaymentPanels';
import { discountRows, PaymentScreen, taxRows, type DetailRow } from './PaymentScreen';

const PAGE = 'ItemPayNowPage';

// The item spec's own not-found view, not the package page's 'Order Not Found' panel.
const ORDER_NOT_FOUND = { title: 'Order/Settings Not Found', text: 'Order not found.' };

/** /item-pay-now/:id — pays a pending item order; the access link shows in the order history. */
export function ItemPayNowPage() {
  const { order, settings, alreadyPaid, flow } = usePayOrder(itemPayment);

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
        Failed to load order details. Please check the URL or try again.
      </OrderLoadErrorPanel>
    );
  }
  if (!alreadyPaid && settings.status === 'error') {
    return (
      <PaymentPanel page={PAGE} title="Error" onRetry={settings.retry}>
        {settings.error.status
          ? 'Failed to load payment gateway settings. Please contact support.'
          : 'Failed to load payment gateway settings. Network issue or server error.'}
      </PaymentPanel>
    );
  }
  const paypal = settings.status === 'loaded' ? settings.data : null;
  if (!alreadyPaid && !paypal?.enablePayPal) return <PaymentUnavailablePanel page={PAGE} />;

  const { data } = order;
  const fee = Number(data.processingFee);
  const details: DetailRow[] = [
    { label: 'Item Price', value: formatMoneyFixed(data.packagePrice, data.currency) },
    ...discountRows(data),
    ...(fee > 0 ? [{ label: 'Processing Fee', value: formatMoneyFixed(fee, data.currency) }] : []),
    ...taxRows(data),
    ...(data.Validity ? [{ label: 'Membership', value: `${data.Validity} days` }] : []),
  ];
  return (
    <PaymentScreen
      page={PAGE}
      productName={data.packageName || 'Digital Product'}
      order={data}
      details={details}
      settings={paypal}
      flow={flow}
      alreadyPaid={alreadyPaid}
      historyLink={{ to: paths.userOrdersHistory, text: 'View My Orders' }}
    />
  );
}
