import { pagesOf, type PageIdOf } from '@coldmail/registry/pages';
import { lazyPage, PageRoutes } from '@coldmail/ui';
import type { ReactNode } from 'react';

const pageElements: Record<PageIdOf<'checkout'>, ReactNode> = {
  buy: lazyPage(
    () => import('../features/checkout/components/PackageCheckoutPage'),
    'PackageCheckoutPage',
  ),
  itemBuy: lazyPage(
    () => import('../features/checkout/components/ItemCheckoutPage'),
    'ItemCheckoutPage',
  ),
  payNow: lazyPage(() => import('../features/payment/components/PayNowPage'), 'PayNowPage'),
  itemPayNow: lazyPage(
    () => import('../features/payment/components/ItemPayNowPage'),
    'ItemPayNowPage',
  ),
  userPendingPayment: lazyPage(
    () => import('../features/pending-payment/components/PendingPaymentPage'),
    'PendingPaymentPage',
  ),
  userPackagePendingPayment: lazyPage(
    () => import('../features/pending-payment/components/PackagePendingPage'),
    'PackagePendingPage',
  ),
  userItemPendingPayment: lazyPage(
    () => import('../features/pending-payment/components/ItemPendingPage'),
    'ItemPendingPage',
  ),
};

/** This remote's pages, at the registry's paths (where the shell mounts it). */
export default function App() {
  return <PageRoutes pages={pagesOf('checkout')} elements={pageElements} />;
}
