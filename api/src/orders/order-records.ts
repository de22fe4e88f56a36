import {
  formatCents,
  isPaid,
  type ItemOrder as ItemOrderRecord,
  type PackageOrder as PackageOrderRecord,
} from '@coldmail/contracts';
import type { AuthContext } from '../auth/auth-context';
import { mayView } from './order-access';
import type { AnyOrder } from './order-kinds';
import type { ItemOrderData } from './schemas/item-order.schema';
import type { PackageOrderData } from './schemas/package-order.schema';

/** What the API shows of every order, whatever its kind: the spec's fields, nothing internal. */
function commonFieldsOf(order: AnyOrder) {
  return {
    _id: order._id.toHexString(),
    orderId: order.orderId,
    paymentId: order.paymentId,
    packageName: order.packageName,
    packagePrice: order.packagePrice,
    processingFee: order.processingFee,
    totalPrice: order.totalPrice,
    ...(order.promo
      ? {
          promoCode: order.promo.code,
          subtotal: order.promo.subtotal,
          discount: order.promo.discount,
        }
      : {}),
    ...(order.tax ? { tax: order.tax } : {}),
    ...(order.companyName ? { companyName: order.companyName } : {}),
    ...(order.companyTaxId ? { companyTaxId: order.companyTaxId } : {}),
    ...(order.invoice
      ? {
          invoice: {
            number: order.invoice.number,
            issuedAt: order.invoice.issuedAt.toISOString(),
            seller: order.invoice.seller,
          },
        }
      : {}),
    ...(order.creditNotes?.length
      ? {
          creditNotes: order.creditNotes.map((note) => ({
            number: note.number,
            issuedAt: note.issuedAt.toISOString(),
            amount: formatCents(note.amountCents),
          })),
        }
      : {}),
    paymentStatus: order.paymentStatus,
    orderStatus: order.orderStatus,
    ...(order.paymentMethod ? { paymentMethod: order.paymentMethod } : {}),
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    address: order.address,
    country: order.country,
    orderDate: order.orderDate,
    currency: order.currency ?? 'USD',
    ...(order.paypalTransactionID ? { paypalTransactionID: order.paypalTransactionID } : {}),
    ...(order.payerEmail ? { payerEmail: order.payerEmail } : {}),
    ...(order.captureTime ? { captureTime: order.captureTime } : {}),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** The API's shape of a package order. */
export function toPackageOrderRecord(order: PackageOrderData): PackageOrderRecord {
  return {
    ...commonFieldsOf(order),
    packageId: order.packageId.toHexString(),
    credit: order.credit,
    Validity: order.Validity,
    ...(order.featuredImage ? { featuredImage: order.featuredImage } : {}),
    ...(order.MembershipValidity
      ? { MembershipValidity: order.MembershipValidity.toISOString() }
      : {}),
  };
}

/**
 * The API's shape of an item order. accessUrl is included only once the order is paid, and only
 * for its buyer or an admin.
 */
export function toItemOrderRecord(order: ItemOrderData, caller: AuthContext): ItemOrderRecord {
  const itemId = order.itemId.toHexString();
  const revealAccess = isPaid(order) && mayView(order, caller);
  return {
    ...commonFieldsOf(order),
    itemId,
    packageId: itemId,
    slug: order.slug,
    ...(order.imageUrl ? { imageUrl: order.imageUrl } : {}),
    ...(order.guidelines ? { guidelines: order.guidelines } : {}),
    ...(revealAccess ? { accessUrl: order.accessUrl } : {}),
  };
}
