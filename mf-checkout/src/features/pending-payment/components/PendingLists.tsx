import { paths } from '@coldmail/registry/pages';
import type { ItemOrder, PackageOrder } from '@coldmail/contracts';
import { usePendingItemOrders, usePendingPackageOrders } from '../hooks/usePendingOrders';
import type { PendingRow } from './PendingOrdersPanel';
import { PendingOrdersSection } from './PendingOrdersSection';

function packageRow(order: PackageOrder): PendingRow {
  return {
    _id: order._id,
    orderId: order.orderId,
    name: order.packageName || 'Package',
    imageUrl: order.featuredImage,
    createdAt: order.createdAt,
    totalPrice: order.totalPrice,
    currency: order.currency,
    paymentStatus: order.paymentStatus,
    payHref: paths.payNow(order._id),
  };
}

function itemRow(order: ItemOrder): PendingRow {
  return {
    _id: order._id,
    orderId: order.orderId,
    name: order.packageName || 'Digital Product',
    nameHref: paths.premiumItem(order.slug, order.itemId),
    imageUrl: order.imageUrl,
    createdAt: order.createdAt,
    totalPrice: order.totalPrice,
    currency: order.currency,
    paymentStatus: order.paymentStatus,
    payHref: paths.itemPayNow(order._id),
  };
}

interface PendingListProps {
  variant: 'page' | 'card';
}

export function PendingPackageOrders({ variant }: PendingListProps) {
  return (
    <PendingOrdersSection
      title="My Pending Orders"
      state={usePendingPackageOrders()}
      toRow={packageRow}
      failureText="Could not load orders. Please try again."
      variant={variant}
    />
  );
}

export function PendingItemOrders({ variant }: PendingListProps) {
  return (
    <PendingOrdersSection
      title="My Pending item Orders"
      state={usePendingItemOrders()}
      toRow={itemRow}
      failureText="Could not load item orders. Please try again."
      emptyDescription="You're all caught up with your payments."
      variant={variant}
    />
  );
}
