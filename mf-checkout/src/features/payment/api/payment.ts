import type {
  CreatePaypalOrderBody,
  ItemOrder,
  ItemPaymentResult,
  PackageOrder,
  PackagePaymentResult,
  PaymentCompletionBody,
  PaypalSettings,
  UserRecord,
} from '@coldmail/contracts';
import { apiClient } from '@coldmail/session';

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/**
 * An item order as the item pay-now page reads it. Spec (admin doc, section 3): item order
 * records optionally carry Validity (days); the shared contract does not list it yet.
 */
export type PayableItemOrder = ItemOrder & { Validity?: number };

/** GET /order/:id — owner or admin; 404 for an unknown order. */
export async function fetchPackageOrder(id: string): Promise<PackageOrder> {
  const { data } = await apiClient.get<PackageOrder>(path('/order', id));
  return data;
}

/** GET /item-order/:id */
export async function fetchItemOrder(id: string): Promise<PayableItemOrder> {
  const { data } = await apiClient.get<PayableItemOrder>(path('/item-order', id));
  return data;
}

/** GET /api/paypal-settings → { success, data }: what the payment buttons need. */
export async function fetchPaypalSettings(): Promise<PaypalSettings> {
  const { data } = await apiClient.get<{ success: boolean; data: PaypalSettings }>(
    '/api/paypal-settings',
  );
  return data.data;
}

/** POST /api/paypal/orders: our API creates the PayPal order from the stored order's price. */
export async function createPaypalOrder(body: CreatePaypalOrderBody): Promise<string> {
  const { data } = await apiClient.post<{ id: string }>('/api/paypal/orders', body);
  return data.id;
}

/** PUT /process-payment-complete/:id: the API captures the approved PayPal order and credits the buyer. */
export async function completePackagePayment(
  id: string,
  body: PaymentCompletionBody,
): Promise<PackagePaymentResult> {
  const { data } = await apiClient.put<PackagePaymentResult>(
    path('/process-payment-complete', id),
    body,
  );
  return data;
}

/** PUT /item-update-payment-status/:id: the API captures and marks the item order paid. */
export async function completeItemPayment(
  id: string,
  body: PaymentCompletionBody,
): Promise<ItemPaymentResult> {
  const { data } = await apiClient.put<ItemPaymentResult>(
    path('/item-update-payment-status', id),
    body,
  );
  return data;
}

/** GET /users?userEmail= — the signed-in user's own record (first element). */
export async function fetchOwnUserRecord(userEmail: string): Promise<UserRecord | undefined> {
  const { data } = await apiClient.get<UserRecord[]>('/users', { params: { userEmail } });
  return data[0];
}
