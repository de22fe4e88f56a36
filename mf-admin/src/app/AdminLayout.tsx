import { Outlet, useNavigate } from '@coldmail/router';
import { sessionActions } from '@coldmail/session';
import { SidebarButton, SidebarLayout, type SidebarNavItem } from '@coldmail/ui';
import styles from './AdminLayout.module.css';

const links: SidebarNavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: '▦' },
  { to: '/admin/orders', label: 'Total Orders', icon: '🧾' },
  { to: '/admin/users', label: 'Total Users', icon: '👥' },
  { to: '/admin/support-messages', label: 'Support Messages', icon: '✉' },
  { to: '/admin/settings', label: 'Settings', icon: '⚙' },
];

/** The back office's own chrome: a dark collapsible sidebar that highlights the current route. */
export function AdminLayout() {
  const navigate = useNavigate();

  const logout = async () => {
    await sessionActions.signOut();
    navigate('/');
  };

  return (
    <SidebarLayout
      label="Admin"
      brand={<span className={styles.title}>Admin Panel</span>}
      items={links}
      tone="dark"
      // Spec: the back office's responsive breakpoint is 992 px.
      breakpoint={992}
      footer={
        <SidebarButton icon="⎋" onClick={logout}>
          Logout
        </SidebarButton>
      }
    >
      <Outlet />
    </SidebarLayout>
  );
}
