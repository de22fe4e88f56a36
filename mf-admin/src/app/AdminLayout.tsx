import { sessionActions } from '@coldmail/session';
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from '@coldmail/router';
import styles from './AdminLayout.module.css';

const links = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: '▦' },
  { to: '/admin/orders', label: 'Total Orders', icon: '🧾' },
  { to: '/admin/users', label: 'Total Users', icon: '👥' },
  { to: '/admin/support-messages', label: 'Support Messages', icon: '✉' },
  { to: '/admin/settings', label: 'Settings', icon: '⚙' },
];

/** The back office's own chrome: a collapsible sidebar that highlights the current route. */
export function AdminLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const navigate = useNavigate();

  const logout = async () => {
    await sessionActions.signOut();
    navigate('/');
  };

  return (
    <div className={collapsed ? `${styles.layout} ${styles.collapsed}` : styles.layout}>
      <aside className={styles.sidebar} aria-label="Admin">
        <div className={styles.brand}>
          {!collapsed && <span className={styles.title}>Admin Panel</span>}
          <button
            type="button"
            className={styles.toggle}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((value) => !value)}
          >
            {collapsed ? '»' : '«'}
          </button>
        </div>
        <nav className={styles.nav}>
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              title={link.label}
              className={({ isActive }) =>
                isActive ? `${styles.link} ${styles.active}` : styles.link
              }
            >
              <span className={styles.icon} aria-hidden="true">
                {link.icon}
              </span>
              <span className={styles.label}>{link.label}</span>
            </NavLink>
          ))}
        </nav>
        <button type="button" className={`${styles.link} ${styles.logout}`} onClick={logout}>
          <span className={styles.icon} aria-hidden="true">
            ⎋
          </span>
          <span className={styles.label}>Logout</span>
        </button>
      </aside>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
