import type { NavLogo } from '@coldmail/contracts';
import { api } from '@coldmail/session';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * The admin-set logo while it is active and has an image; null means "show the default logo",
 * which is also what shows while it loads and when it cannot be loaded.
 */
export function useNavLogo(): NavLogo | null {
  const { data: logo, error } = useQuery({
    ...api.content.navLogo.query(),
    select: (response) => response.data.data,
  });
  useEffect(() => {
    if (error) console.warn('Failed to load logo', error);
  }, [error]);
  return logo?.isActive && logo.imageUrl ? logo : null;
}

/** The site footer's settings, as an admin saved them. */
export function useFooterSettings() {
  return useQuery({ ...api.content.footer.query(), select: (response) => response.data });
}
