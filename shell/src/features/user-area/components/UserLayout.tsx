import { paths, type NavLinkEntry } from '@coldmail/registry/pages';
import { Outlet, useNavigate } from '@coldmail/router';
import { sessionActions, useMe } from '@coldmail/session';
import { isIconName, SidebarButton, SidebarLayout, SidebarText } from '@coldmail/ui';
import { Logo } from '../../../components/Logo';

/** A newer remote's entry may name an icon this build does not draw: it then shows none. */
const withKnownIcon = (link: NavLinkEntry) =>
  isIconName(link.icon) ? link : { ...link, icon: null };

/**
 * The /user area: a collapsible sidebar beside the page a remote renders. `links`: the sidebar
 * as this shell was built, with the entries of pages the remotes published since (see
 * withPublishedEntries); admin-only ones show to admins.
 */
export function UserLayout({ links }: { links: readonly NavLinkEntry[] }) {
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
      items={(isAdmin ? links : links.filter((link) => !link.adminOnly)).map(withKnownIcon)}
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
