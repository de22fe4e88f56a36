import { paths } from '@coldmail/registry/pages';
import { SiteLogo } from '@coldmail/ui';
import { useNavLogo } from '../hooks/branding';

/** The site's logo: the admin's while it is active, linking where they set (home by default). */
export function Logo({ to = paths.home }: { to?: string }) {
  const logo = useNavLogo();
  return <SiteLogo logo={logo} to={logo?.linkUrl || to} />;
}
