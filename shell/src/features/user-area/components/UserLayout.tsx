import { navOf, paths } from '@coldmail/registry/pages';
import { Outlet, useNavigate } from '@coldmail/router';
import { sessionActions, useMe } from '@coldmail/session';
import { SidebarButton, SidebarLayout, SidebarText } from '@coldmail/ui';
import { Logo } from '../../../components/Logo';

const links = navOf('user');
const userLinks = links.filter((link) => !link.adminOnly);

/** The /user area: a collapsible sidebar beside the page a remote renders. */
export function UserLayout() {
  const { isAdmin, credits } = useMe();
  const navigate = useNavigate();

  const logout = async () => {
    await sessionActions.signOut();
    navigate(paths.home);
  };

  return (
    <SidebarLayout
      label="User area"
      brand={<Logo />}
      items={isAdmin ? links : userLinks}
      breakpoint={768}
      footer={
        <>
          {credits !== null && (
            <SidebarText icon="credits" data-testid="sidebar-credits">
              Credits: {credits}
            </SidebarText>
          )}
          <SidebarButton icon="logout" onClick={logout}>
            Logout
          </SidebarButton>
        </>
      }
    >
      <Outlet />
    </SidebarLayout>
  );
}
