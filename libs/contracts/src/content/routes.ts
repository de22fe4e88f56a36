// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';
import { blockRoutes, landingBlockPaths } from './landing-blocks';

export const contentRoutes = domainRoutes({
  navLogo: {
    method: 'GET',
    path: '/api/nav-logo',
    access: 'public',
  },
  navLogoUpdate: {
    method: 'PUT',
    path: '/api/nav-logo',
    access: 'admin',
  },
  landing: {
    method: 'GET',
    path: '/api/landing-content',
    access: 'public',
  },
  // Each landing block's read, save, toggle and reset, from its paths.
  ...blockRoutes(landingBlockPaths),
  bannerStats: {
    method: 'GET',
    path: '/api/banner-section/stats',
    access: 'admin',
  },
});
