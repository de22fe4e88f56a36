import { paths } from '@coldmail/registry/pages';
import { useParams } from '@coldmail/router';
import { api, domainKey, readStateOf, toApiError, useSession } from '@coldmail/session';
import { formatUsdFixed } from '@coldmail/ui';
import { useMutation, useQuery, useQueryClient } from '@coldmail/query';
import { syncCreditsAfterPayment } from '../api/credits';
import { usePaymentFlow } from '../hooks/usePaymentFlow';
import { usePaypalSettings } from '../hooks/usePaypalSettings';
import {
  isPaidOrder,
  packageCancelled,
  packageFailure,
  packageOutcome,
  packagePaid,
} from '../utils/outcomes';
import {
  OrderLoadErrorPanel,
  PaymentLoadingPanel,
  PaymentPanel,
  PaymentUnavailablePanel,
} from './PaymentPanels';
import { PaymentScreen } from './PaymentScreen';

const PAGE = 'PayNowPage';

const ORDER_NOT_FOUND = {
  title: 'Order Not Found',
  text: "We couldn't find the order you're looking for. Please check the order ID and try again.",
};

/** /pay-now/:id — pays a pending package order with PayPal; credits arrive on success. */
export function PayNowPage() {
  const { id = '' } = useParams();
  const email = useSession((state) => state.user?.email ?? null);
  const orderRead = api.packageOrders.get.query({ params: { id } });
  const order = readStateOf(useQuery(orderRead));
  const settings = usePaypalSettings();
  const queryClient = useQueryClient();
  const createPaypalOrder = useMutation({
    mutationFn: () => api.payments.createPaypalOrder({ body: { orderId: id, kind: 'package' } }),
  });
  const completePayment = useMutation({
    mutationFn: (paypalOrderId: string) =>
      api.payments.completePackage({ params: { id }, body: { paypalOrderId } }),
  });
  const flow = usePaymentFlow({
    createOrder: async () => (await createPaypalOrder.mutateAsync()).id,
    complete: async (paypalOrderId) => {
      try {
        const result = await completePayment.mutateAsync(paypalOrderId);
        const outcome = packageOutcome(result);
        if (outcome.paid) void syncCreditsAfterPayment(result.currentBalance, email);
        return outcome;
      } catch (error) {
        console.error('Completing the package payment failed', error);
        return packageFailure(toApiError(error));
      }
    },
    cancelled: packageCancelled,
    refreshOrder: async () => {
      // Another tab may have paid it: then every read of these orders is stale, this one too.
      await queryClient.invalidateQueries({ queryKey: domainKey('packageOrders') });
      if (!isPaidOrder(await queryClient.fetchQuery(orderRead))) return false;
      void syncCreditsAfterPayment(undefined, email);
      return true;
    },
    alreadyPaid: packagePaid,
  });

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
  const alreadyPaid = isPaidOrder(order.data);
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
        { label: 'Package Price', value: formatUsdFixed(data.packagePrice) },
        ...(typeof data.credit === 'number' ? [{ label: 'Credits', value: data.credit }] : []),
      ]}
      settings={paypal}
      flow={flow}
      alreadyPaid={alreadyPaid}
      historyLink={{ to: paths.userSubscriptionHistory, text: 'View Subscription History' }}
    />
  );
}
