import { paths } from '@coldmail/registry/pages';
import { SiteLogo } from '@coldmail/ui';
import { useNavLogo } from '../hooks/branding';

export function Logo({ to = paths.home }: { to?: string }) {
  return <SiteLogo logo={useNavLogo()} to={to} />;
}
