import type { ApiContract, ItemOrder, PackageOrder } from '@coldmail/contracts';
import { useMutation, useQuery, useQueryClient } from '@coldmail/query';
import { useParams } from '@coldmail/router';
import {
  api,
  readStateOf,
  refreshAfter,
  toApiError,
  type ApiError,
  type ApiQueryKey,
  type ReadState,
} from '@coldmail/session';
import {
  isPaidOrder,
  itemAlreadyPaid,
  itemCancelled,
  itemFailure,
  itemOutcome,
  packageCancelled,
  packageFailure,
  packageOutcome,
  packagePaid,
  type PaymentOutcome,
} from '../utils/outcomes';
import { usePaymentFlow, type PaymentFlow } from './usePaymentFlow';
import { usePaypalSettings } from './usePaypalSettings';

/** What differs between paying a package order and paying an item order. */
interface OrderPayment<Order> {
  kind: 'package' | 'item';
  read(id: string): { queryKey: ApiQueryKey; queryFn: () => Promise<Order> };
  /** Completes the approved payment on our API; its outcome for the buyer. */
  complete(id: string, paypalOrderId: string): Promise<PaymentOutcome>;
  failure(apiError: ApiError): PaymentOutcome;
  /** The completion's contract entry: what it makes stale is what a payment changes. */
  completion: keyof ApiContract['payments'] & string;
  cancelled: PaymentOutcome;
  alreadyPaid: PaymentOutcome;
}

export const packagePayment: OrderPayment<PackageOrder> = {
  kind: 'package',
  read: (id) => api.packageOrders.get.query({ params: { id } }),
  complete: async (id, paypalOrderId) =>
    packageOutcome(await api.payments.completePackage({ params: { id }, body: { paypalOrderId } })),
  failure: packageFailure,
  completion: 'completePackage',
  cancelled: packageCancelled,
  alreadyPaid: packagePaid,
};

export const itemPayment: OrderPayment<ItemOrder> = {
  kind: 'item',
  read: (id) => api.itemOrders.get.query({ params: { id } }),
  complete: async (id, paypalOrderId) =>
    itemOutcome(
      await api.payments.completeItem({ params: { id }, body: { paypalOrderId } }),
      paypalOrderId,
    ),
  failure: itemFailure,
  completion: 'completeItem',
  cancelled: itemCancelled,
  alreadyPaid: itemAlreadyPaid,
};

export interface PayOrder<Order> {
  order: ReadState<Order>;
  settings: ReturnType<typeof usePaypalSettings>;
  /** Whether the order needs no payment: paid or completed already. */
  alreadyPaid: boolean;
  flow: PaymentFlow;
}

/**
 * A pay-now page's whole job but its screen: the order at /:id, the PayPal settings, the two
 * calls (create the PayPal order, complete the approved payment) and the flow from processing
 * to the redirect. A payment refreshes what its completion makes stale (the orders, and for a
 * package the buyer's record and ledger) like any write of the typed client, also when another
 * tab turns out to have paid.
 */
export function usePayOrder<
  Order extends { _id: string; paymentStatus: string; orderStatus: string },
>(payment: OrderPayment<Order>): PayOrder<Order> {
  const { id = '' } = useParams();
  const orderRead = payment.read(id);
  const order = readStateOf(useQuery(orderRead));
  // The address may name the order by its code (the specification's /pay-now/{orderId}); the
  // payment calls name it by the id the read answered.
  const orderId = order.status === 'loaded' ? order.data._id : id;
  const settings = usePaypalSettings();
  const queryClient = useQueryClient();
  const createPaypalOrder = useMutation({
    mutationFn: () => api.payments.createPaypalOrder({ body: { orderId, kind: payment.kind } }),
  });
  const completePayment = useMutation({
    mutationFn: (paypalOrderId: string) => payment.complete(orderId, paypalOrderId),
  });
  const flow = usePaymentFlow({
    createOrder: async () => (await createPaypalOrder.mutateAsync()).id,
    complete: async (paypalOrderId) => {
      try {
        return await completePayment.mutateAsync(paypalOrderId);
      } catch (error) {
        console.error(`Completing the ${payment.kind} payment failed`, error);
        return payment.failure(toApiError(error));
      }
    },
    cancelled: payment.cancelled,
    refreshOrder: async () => {
      // Another tab may have paid it: then what a payment changes is stale here too.
      await refreshAfter('payments', payment.completion);
      return isPaidOrder(await queryClient.fetchQuery(orderRead));
    },
    alreadyPaid: payment.alreadyPaid,
  });
  return {
    order,
    settings,
    alreadyPaid: order.status === 'loaded' && isPaidOrder(order.data),
    flow,
  };
}
