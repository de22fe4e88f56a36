import { pagesOf, type PageIdOf } from '@coldmail/registry/pages';
import { Route, Routes } from '@coldmail/router';
import { PageHeader } from '@coldmail/ui';
import type { ReactNode } from 'react';
import { AdminDashboardPage } from '../features/dashboard/components/AdminDashboardPage';
import { OrdersManagementPage } from '../features/orders/components/OrdersManagementPage';
import { ItemOrdersPage } from '../features/item-orders/components/ItemOrdersPage';
import { UsersManagementPage } from '../features/users/components/UsersManagementPage';
import { SupportInboxPage } from '../features/support-inbox/components/SupportInboxPage';
import { SettingsPage } from '../features/settings/components/SettingsPage';
import { PackagesPage } from '../features/packages/components/PackagesPage';
import { GeminiKeysPanel } from '../features/gemini-keys';
import { AuditLogPage } from '../features/audit-log/components/AuditLogPage';
import { AdminLayout } from './AdminLayout';

const pageElements: Record<PageIdOf<'admin'>, ReactNode> = {
  adminDashboard: <AdminDashboardPage />,
  adminOrders: <OrdersManagementPage />,
  adminItemsOrders: <ItemOrdersPage />,
  adminUsers: <UsersManagementPage />,
  adminSupportMessages: <SupportInboxPage />,
  adminSettings: <SettingsPage />,
  adminPackages: <PackagesPage />,
  adminAuditLog: <AuditLogPage />,
  adminGeminiKeys: (
    <section data-remote="admin" data-page="GeminiKeysPage">
      <PageHeader title="Gemini Keys" />
      <GeminiKeysPanel />
    </section>
  ),
};

/** The admin back office in its own layout. The shell mounts it behind its admin guard. */
export default function App() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        {pagesOf('admin').map((page) => (
          <Route key={page.id} path={page.path} element={pageElements[page.id]} />
        ))}
      </Route>
    </Routes>
  );
}
