import { navOf, paths } from '@coldmail/registry/pages';
import { Outlet, useNavigate } from '@coldmail/router';
import { sessionActions } from '@coldmail/session';
import { SidebarButton, SidebarLayout } from '@coldmail/ui';
import styles from './AdminLayout.module.css';

const links = navOf('admin');

/** The back office's own chrome: a dark collapsible sidebar that highlights the current route. */
export function AdminLayout() {
  const navigate = useNavigate();

  const logout = async () => {
    await sessionActions.signOut();
    navigate(paths.home);
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
        <SidebarButton icon="logout" onClick={logout}>
          Logout
        </SidebarButton>
      }
    >
      <Outlet />
    </SidebarLayout>
  );
}
