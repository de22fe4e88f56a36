import { Outlet, useNavigate } from '@coldmail/router';
import { selectCredits, selectIsAdmin, sessionActions, useSession } from '@coldmail/session';
import { SidebarButton, SidebarLayout, SidebarText, type SidebarNavItem } from '@coldmail/ui';
import { Logo } from '../../layout/components/Logo';

const links: SidebarNavItem[] = [
  { to: '/user/dashboard', label: 'Dashboard', icon: '▦' },
  { to: '/user/generate-email', label: 'AI Email Template Generator', icon: '✦' },
  { to: '/user/select-package', label: 'Upgrade Package', icon: '⬆' },
  { to: '/user/support', label: 'Support', icon: '✉' },
  { to: '/user/pending-payment/', label: 'Pending Payment', icon: '⏱' },
  { to: '/user/subscription-history', label: 'Subscription History', icon: '☰' },
];

// The back office is its own area: admins open it beside their user area, not instead of it.
const adminLink: SidebarNavItem = {
  to: '/admin/dashboard',
  label: 'Admin Dashboard',
  icon: '⚙',
  newTab: true,
};

/** The /user area: a collapsible sidebar beside the page a remote renders. */
export function UserLayout() {
  const isAdmin = useSession(selectIsAdmin);
  const credits = useSession(selectCredits);
  const navigate = useNavigate();

  const logout = async () => {
    await sessionActions.signOut();
    navigate('/');
  };

  return (
    <SidebarLayout
      label="User area"
      brand={<Logo />}
      items={isAdmin ? [...links, adminLink] : links}
      breakpoint={768}
      footer={
        <>
          {credits !== null && (
            <SidebarText icon="◎" data-testid="sidebar-credits">
              Credits: {credits}
            </SidebarText>
          )}
          <SidebarButton icon="⎋" onClick={logout}>
            Logout
          </SidebarButton>
        </>
      }
    >
      <Outlet />
    </SidebarLayout>
  );
}
