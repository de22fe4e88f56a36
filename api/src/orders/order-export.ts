import type { CsvColumn } from '../common/csv-export';
import type { OrderData } from './schemas/order.schema';

/**
 * The columns of an orders export: what the back office's table shows, and the payment's. Price
 * is before any promo code; Price - Discount + Processing fee = Total.
 */
export function orderColumns<Order extends OrderData>(
  productHeader: string,
  extra: readonly CsvColumn<Order>[] = [],
): CsvColumn<Order>[] {
  return [
    { header: 'Order ID', value: (order) => order.orderId },
    { header: 'Payment ID', value: (order) => order.paymentId },
    { header: 'Placed at', value: (order) => order.createdAt.toISOString() },
    { header: 'Invoice', value: (order) => order.invoice?.number },
    { header: 'Customer', value: (order) => order.customerName },
    { header: 'Company', value: (order) => order.companyName },
    { header: 'Company tax ID', value: (order) => order.companyTaxId },
    { header: 'E-mail', value: (order) => order.customerEmail },
    { header: 'Country', value: (order) => order.country },
    { header: productHeader, value: (order) => order.packageName },
    ...extra,
    { header: 'Price', value: (order) => order.packagePrice.toFixed(2) },
    { header: 'Promo code', value: (order) => order.promo?.code },
    { header: 'Discount', value: (order) => order.promo?.discount ?? '0.00' },
    { header: 'Processing fee', value: (order) => order.processingFee },
    { header: 'Tax', value: (order) => order.tax?.amount ?? '0.00' },
    {
      header: 'Tax rate',
      value: (order) =>
        order.tax
          ? `${order.tax.label} ${order.tax.rate} %${order.tax.inclusive ? ' incl.' : ''}`
          : '',
    },
    { header: 'Total', value: (order) => order.totalPrice },
    { header: 'Currency', value: (order) => order.currency ?? 'USD' },
    { header: 'Payment status', value: (order) => order.paymentStatus },
    { header: 'Order status', value: (order) => order.orderStatus },
    { header: 'PayPal capture', value: (order) => order.paypalTransactionID },
    { header: 'Paid at', value: (order) => order.captureTime },
  ];
}
