import { pagesOf, type PageIdOf } from '@coldmail/registry/pages';
import { Route, Routes } from '@coldmail/router';
import { CreditHistoryPage } from '../features/credit-history/components/CreditHistoryPage';
import type { ReactNode } from 'react';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { OrdersPage } from '../features/orders/components/OrdersPage';
import { OrdersHistoryPage } from '../features/orders/components/OrdersHistoryPage';
import { SubscriptionHistoryPage } from '../features/subscription-history/components/SubscriptionHistoryPage';
import { SelectPackagePage } from '../features/select-package/components/SelectPackagePage';
import { SupportPage } from '../features/support/components/SupportPage';
import { CreateSupportPage } from '../features/support/components/CreateSupportPage';
import { ProfileSettingsPage } from '../features/profile/components/ProfileSettingsPage';

const pageElements: Record<PageIdOf<'account'>, ReactNode> = {
  updateProfile: <ProfileSettingsPage />,
  userDashboard: <DashboardPage />,
  userOrders: <OrdersPage />,
  userOrdersHistory: <OrdersHistoryPage />,
  userSubscriptionHistory: <SubscriptionHistoryPage />,
  userCreditHistory: <CreditHistoryPage />,
  userSelectPackage: <SelectPackagePage />,
  userSupport: <SupportPage />,
  userCreateSupport: <CreateSupportPage />,
};

/** This remote's pages, at the registry's paths (where the shell mounts it). */
export default function App() {
  return (
    <Routes>
      {pagesOf('account').map((page) => (
        <Route key={page.id} path={page.path} element={pageElements[page.id]} />
      ))}
    </Routes>
  );
}
