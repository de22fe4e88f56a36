import { useParams } from '@coldmail/router';
import { toApiError, useSession } from '@coldmail/session';
import { PageLoader } from '@coldmail/ui';
import { useRequest } from '../../../hooks/useRequest';
import { formatUsd } from '../../../utils/format';
import { syncCreditsAfterPayment } from '../api/credits';
import {
  completePackagePayment,
  createPaypalOrder,
  fetchPackageOrder,
  fetchPaypalSettings,
} from '../api/payment';
import { usePaymentFlow } from '../hooks/usePaymentFlow';
import { isPaidOrder, packageCancelled, packageFailure, packageOutcome } from '../utils/outcomes';
import { OrderNotFoundPanel, PaymentPanel, PaymentUnavailablePanel } from './PaymentPanels';
import { PaymentScreen } from './PaymentScreen';
import styles from './Payment.module.css';

const PAGE = 'PayNowPage';

/** /pay-now/:id — pays a pending package order with PayPal; credits arrive on success. */
export function PayNowPage() {
  const { id = '' } = useParams();
  const email = useSession((state) => state.user?.email ?? null);
  const order = useRequest(`order:${id}`, () => fetchPackageOrder(id));
  const settings = useRequest('paypal-settings', fetchPaypalSettings);
  const flow = usePaymentFlow({
    createOrder: () => createPaypalOrder({ orderId: id, kind: 'package' }),
    complete: async (paypalOrderId) => {
      try {
        const result = await completePackagePayment(id, { paypalOrderId });
        const outcome = packageOutcome(result);
        if (outcome.paid) void syncCreditsAfterPayment(result.currentBalance, email);
        return outcome;
      } catch (error) {
        console.error('Completing the package payment failed', error);
        return packageFailure(toApiError(error));
      }
    },
    cancelled: packageCancelled,
  });

  if (order.status === 'loading' || settings.status === 'loading') {
    return (
      <section className={styles.page} data-remote="checkout" data-page={PAGE}>
        <PageLoader label="Loading payment details..." />
      </section>
    );
  }
  if (order.status === 'error') {
    return [400, 404].includes(order.error.status) ? (
      <OrderNotFoundPanel page={PAGE} />
    ) : (
      <PaymentPanel page={PAGE} title="Error" onRetry={order.reload}>
        Failed to load order details
      </PaymentPanel>
    );
  }
  const alreadyPaid = isPaidOrder(order.data);
  if (!alreadyPaid && settings.status === 'error') {
    return (
      <PaymentPanel page={PAGE} title="Error" onRetry={settings.reload}>
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
        { label: 'Package Price', value: formatUsd(data.packagePrice) },
        ...(typeof data.credit === 'number' ? [{ label: 'Credits', value: data.credit }] : []),
      ]}
      settings={paypal}
      flow={flow}
      alreadyPaid={alreadyPaid}
      historyLink={{ to: '/user/subscription-history', text: 'View Subscription History' }}
    />
  );
}
