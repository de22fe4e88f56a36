import type { FooterResponse, NavLogo } from '@coldmail/contracts';
import { api } from '@coldmail/session';
import { useQuery } from '@coldmail/query';
import { useEffect } from 'react';
import { cacheFooter, readCachedFooter } from '../utils/browser-cache';

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

/**
 * The site footer's settings, as an admin saved them. Every answer is kept in the browser, and a
 * returning visitor's footer starts from what was kept: it shows at once while the server is
 * asked again, and the server's answer replaces it (an inactive footer then hides).
 */
export function useFooterSettings() {
  const footer = api.content.footer.query();
  return useQuery({
    ...footer,
    queryFn: async () => {
      const response = await footer.queryFn();
      cacheFooter(response.data);
      return response;
    },
    initialData: (): FooterResponse | undefined => {
      const kept = readCachedFooter();
      return kept ? { success: true, data: kept, message: '' } : undefined;
    },
    // Dated at the epoch, the kept footer is already stale: the server is asked on mount.
    initialDataUpdatedAt: 0,
    select: (response) => response.data,
  });
}
