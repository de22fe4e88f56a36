import { Route, Routes } from '@coldmail/router';
import { CreditHistoryPage } from '../features/credit-history/components/CreditHistoryPage';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { OrdersPage } from '../features/orders/components/OrdersPage';
import { OrdersHistoryPage } from '../features/orders/components/OrdersHistoryPage';
import { SubscriptionHistoryPage } from '../features/subscription-history/components/SubscriptionHistoryPage';
import { SelectPackagePage } from '../features/select-package/components/SelectPackagePage';
import { SupportPage } from '../features/support/components/SupportPage';
import { CreateSupportPage } from '../features/support/components/CreateSupportPage';
import { ProfileSettingsPage } from '../features/profile/components/ProfileSettingsPage';

/** This remote's pages; the shell mounts them at the paths below. */
export default function App() {
  return (
    <Routes>
      <Route path="/user/dashboard" element={<DashboardPage />} />
      <Route path="/user/orders" element={<OrdersPage />} />
      <Route path="/user/orders-history" element={<OrdersHistoryPage />} />
      <Route path="/user/subscription-history" element={<SubscriptionHistoryPage />} />
      <Route path="/user/credit-history" element={<CreditHistoryPage />} />
      <Route path="/user/select-package" element={<SelectPackagePage />} />
      <Route path="/user/support" element={<SupportPage />} />
      <Route path="/user/create-support" element={<CreateSupportPage />} />
      <Route path="/update-profile" element={<ProfileSettingsPage />} />
    </Routes>
  );
}
