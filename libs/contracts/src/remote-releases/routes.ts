// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const remoteReleasesRoutes = domainRoutes({
  /** A browser says how a remote's release did on its page: loaded (a canary), or failed. */
  report: {
    method: 'POST',
    path: '/api/remote-releases/reports',
    access: 'public',
    status: 200,
    invalidates: [],
  },
  /** Whether a release was stopped as a canary (too many of its loads failed). */
  status: {
    method: 'GET',
    path: '/api/remote-releases/:remote/:release',
    access: 'public',
  },
  /** The back office's table: loads and failures per remote and release, newest first. */
  list: {
    method: 'GET',
    path: '/api/admin/remote-releases',
    access: 'admin',
  },
});
