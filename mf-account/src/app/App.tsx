import { pagesOf, type PageIdOf } from '@coldmail/registry/pages';
import { lazyPage, PageRoutes } from '@coldmail/ui';
import type { ReactNode } from 'react';

const pageElements: Record<PageIdOf<'account'>, ReactNode> = {
  updateProfile: lazyPage(
    () => import('../features/profile/components/ProfileSettingsPage'),
    'ProfileSettingsPage',
  ),
  userDashboard: lazyPage(
    () => import('../features/dashboard/components/DashboardPage'),
    'DashboardPage',
  ),
  userOrders: lazyPage(() => import('../features/item-orders/components/OrdersPage'), 'OrdersPage'),
  userOrdersHistory: lazyPage(
    () => import('../features/item-orders/components/OrdersHistoryPage'),
    'OrdersHistoryPage',
  ),
  userSubscriptionHistory: lazyPage(
    () => import('../features/subscription-history/components/SubscriptionHistoryPage'),
    'SubscriptionHistoryPage',
  ),
  userCreditHistory: lazyPage(
    () => import('../features/credit-history/components/CreditHistoryPage'),
    'CreditHistoryPage',
  ),
  userPrivacy: lazyPage(
    () => import('../features/account-data/components/PrivacyDataPage'),
    'PrivacyDataPage',
  ),
  userReceipt: lazyPage(() => import('../features/receipt/components/ReceiptPage'), 'ReceiptPage'),
  userSelectPackage: lazyPage(
    () => import('../features/select-package/components/SelectPackagePage'),
    'SelectPackagePage',
  ),
  userSupport: lazyPage(() => import('../features/support/components/SupportPage'), 'SupportPage'),
  userCreateSupport: lazyPage(
    () => import('../features/support/components/CreateSupportPage'),
    'CreateSupportPage',
  ),
};

/** This remote's pages, at the registry's paths (where the shell mounts it). */
export default function App() {
  return <PageRoutes pages={pagesOf('account')} elements={pageElements} />;
}
