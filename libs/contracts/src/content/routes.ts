// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';
import { blockRoutes, editedBlockPaths } from './landing-blocks';

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
  // Each landing block's and legal page's read, save, toggle and reset, from its paths.
  ...blockRoutes(editedBlockPaths),
  bannerStats: {
    method: 'GET',
    path: '/api/banner-section/stats',
    access: 'admin',
  },
});
