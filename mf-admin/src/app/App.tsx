import { Navigate, Route, Routes } from '@coldmail/router';
import { AdminDashboardPage } from '../features/dashboard/components/AdminDashboardPage';
import { OrdersManagementPage } from '../features/orders/components/OrdersManagementPage';
import { ItemOrdersPage } from '../features/item-orders/components/ItemOrdersPage';
import { UsersManagementPage } from '../features/users/components/UsersManagementPage';
import { SupportInboxPage } from '../features/support-inbox/components/SupportInboxPage';
import { SettingsPage } from '../features/settings/components/SettingsPage';
import { PackagesPage } from '../features/packages/components/PackagesPage';
import { GeminiKeysPanel } from '../features/gemini-keys';
import { AdminLayout } from './AdminLayout';

/** The admin back office. The shell mounts it at /admin/* behind its admin guard. */
export default function App() {
  return (
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<AdminDashboardPage />} />
        <Route path="orders" element={<OrdersManagementPage />} />
        <Route path="items-orders" element={<ItemOrdersPage />} />
        <Route path="users" element={<UsersManagementPage />} />
        <Route path="support-messages" element={<SupportInboxPage />} />
        <Route path="settings" element={<SettingsPage />} />
        {/* Until the settings dashboard hosts its panels, the Gemini Keys panel has its own page. */}
        <Route path="settings/gemini-keys" element={<GeminiKeysPanel />} />
        <Route path="packages" element={<PackagesPage />} />
        <Route path="*" element={<Navigate to="dashboard" replace />} />
      </Route>
    </Routes>
  );
}
