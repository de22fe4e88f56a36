import { pagesOf, type PageIdOf } from '@coldmail/registry/pages';
import { Route, Routes } from '@coldmail/router';
import { lazyPage, PageHeader } from '@coldmail/ui';
import type { ReactNode } from 'react';
import { AdminLayout } from './AdminLayout';

const pageElements: Record<PageIdOf<'admin'>, ReactNode> = {
  adminDashboard: lazyPage(() => import('./AdminDashboard'), 'AdminDashboard'),
  adminOrders: lazyPage(
    () => import('../features/orders/components/OrdersManagementPage'),
    'OrdersManagementPage',
  ),
  adminItemsOrders: lazyPage(
    () => import('../features/orders/components/ItemOrdersPage'),
    'ItemOrdersPage',
  ),
  adminUsers: lazyPage(
    () => import('../features/users/components/UsersManagementPage'),
    'UsersManagementPage',
  ),
  adminSupportMessages: lazyPage(
    () => import('../features/support-inbox/components/SupportInboxPage'),
    'SupportInboxPage',
  ),
  adminSettings: lazyPage(() => import('./settingsPanels'), 'SettingsScreen'),
  adminPackages: lazyPage(
    () => import('../features/packages/components/PackagesPage'),
    'PackagesPage',
  ),
  adminAuditLog: lazyPage(
    () => import('../features/audit-log/components/AuditLogPage'),
    'AuditLogPage',
  ),
  adminPromoCodes: lazyPage(
    () => import('../features/promo-codes/components/PromoCodesPage'),
    'PromoCodesPage',
  ),
  adminGeminiKeys: (
    <section data-remote="admin" data-page="GeminiKeysPage">
      <PageHeader title="Gemini Keys" />
      {lazyPage(() => import('../features/gemini-keys'), 'GeminiKeysPanel')}
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
