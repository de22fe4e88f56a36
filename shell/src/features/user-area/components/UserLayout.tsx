import { selectCredits, selectIsAdmin, sessionActions, useSession } from '@coldmail/session';
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from '@coldmail/router';
import { Logo } from '../../layout/components/Logo';
import styles from './UserLayout.module.css';

const links = [
  { to: '/user/dashboard', label: 'Dashboard', icon: '▦' },
  { to: '/user/generate-email', label: 'AI Email Template Generator', icon: '✦' },
  { to: '/user/select-package', label: 'Upgrade Package', icon: '⬆' },
  { to: '/user/support', label: 'Support', icon: '✉' },
  { to: '/user/pending-payment/', label: 'Pending Payment', icon: '⏱' },
  { to: '/user/subscription-history', label: 'Subscription History', icon: '☰' },
];

/** The /user area: a collapsible sidebar beside the page a remote renders. */
export function UserLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const isAdmin = useSession(selectIsAdmin);
  const credits = useSession(selectCredits);
  const navigate = useNavigate();

  const logout = async () => {
    await sessionActions.signOut();
    navigate('/');
  };

  return (
    <div className={collapsed ? `${styles.layout} ${styles.collapsed}` : styles.layout}>
      <aside className={styles.sidebar} aria-label="User area">
        <div className={styles.brand}>
          {!collapsed && <Logo />}
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
          {isAdmin && (
            <a
              className={styles.link}
              href="/admin/dashboard"
              target="_blank"
              rel="noopener"
              title="Admin Dashboard"
            >
              <span className={styles.icon} aria-hidden="true">
                ⚙
              </span>
              <span className={styles.label}>Admin Dashboard</span>
            </a>
          )}
        </nav>
        <div className={styles.bottom}>
          {credits !== null && (
            <p className={styles.credits} data-testid="sidebar-credits">
              <span className={styles.icon} aria-hidden="true">
                ◎
              </span>
              <span className={styles.label}>Credits: {credits}</span>
            </p>
          )}
          <button type="button" className={styles.link} onClick={logout}>
            <span className={styles.icon} aria-hidden="true">
              ⎋
            </span>
            <span className={styles.label}>Logout</span>
          </button>
        </div>
      </aside>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
