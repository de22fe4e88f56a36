import { paths } from '@coldmail/registry/pages';
import { useParams } from '@coldmail/router';
import { toApiError, useApiRequest } from '@coldmail/session';
import { formatUsdFixed } from '@coldmail/ui';
import {
  completeItemPayment,
  createPaypalOrder,
  fetchItemOrder,
  fetchPaypalSettings,
} from '../api/payment';
import { usePaymentFlow } from '../hooks/usePaymentFlow';
import { isPaidOrder, itemCancelled, itemFailure, itemOutcome } from '../utils/outcomes';
import {
  OrderLoadErrorPanel,
  PaymentLoadingPanel,
  PaymentPanel,
  PaymentUnavailablePanel,
} from './PaymentPanels';
import { PaymentScreen, type DetailRow } from './PaymentScreen';

const PAGE = 'ItemPayNowPage';

/** /item-pay-now/:id — pays a pending item order; the access link shows in the order history. */
export function ItemPayNowPage() {
  const { id = '' } = useParams();
  const order = useApiRequest(`item-order:${id}`, () => fetchItemOrder(id));
  const settings = useApiRequest('paypal-settings', fetchPaypalSettings);
  const flow = usePaymentFlow({
    createOrder: () => createPaypalOrder({ orderId: id, kind: 'item' }),
    complete: async (paypalOrderId) => {
      try {
        return itemOutcome(await completeItemPayment(id, { paypalOrderId }), paypalOrderId);
      } catch (error) {
        console.error('Completing the item payment failed', error);
        return itemFailure(toApiError(error));
      }
    },
    cancelled: itemCancelled,
  });

  if (order.status === 'loading' || settings.status === 'loading') {
    return <PaymentLoadingPanel page={PAGE} />;
  }
  if (order.status === 'error') {
    return (
      <OrderLoadErrorPanel page={PAGE} error={order.error} onRetry={order.reload}>
        Failed to load order details. Please check the URL or try again.
      </OrderLoadErrorPanel>
    );
  }
  const alreadyPaid = isPaidOrder(order.data);
  if (!alreadyPaid && settings.status === 'error') {
    return (
      <PaymentPanel page={PAGE} title="Error" onRetry={settings.reload}>
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
    { label: 'Item Price', value: formatUsdFixed(data.packagePrice) },
    ...(fee > 0 ? [{ label: 'Processing Fee', value: formatUsdFixed(fee) }] : []),
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
