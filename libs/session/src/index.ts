import { registerRecordAccess, registerSessionInstance } from './instances';
import { useSession } from './store';

registerSessionInstance(useSession);
registerRecordAccess();

export {
  answeredWithoutMessage,
  ApiError,
  readFailureText,
  StreamError,
  toApiError,
} from './api-error';

/** A list's CSV export (download.ts): its code loads with the first export, not every page. */
export const downloadCsv: typeof import('./download').downloadCsv = async (path, query) =>
  (await import('./download')).downloadCsv(path, query);
/** A JSON answer saved as a file (download.ts), loaded as downloadCsv is. */
export const downloadJson: typeof import('./download').downloadJson = async (path) =>
  (await import('./download')).downloadJson(path);
export {
  sessionActions,
  useSession,
  type AuthAdapter,
  type AuthStatus,
  type AuthUser,
  type SessionState,
} from './store';
export { currentMe, meKey, meQuery, readMyRecord, useMe, type Me, type MeStatus } from './me';
export {
  api,
  domainKey,
  preloadRoutes,
  publicReadQuery,
  refreshAfter,
  connectQueryCache,
  type ApiClient,
  type ApiQueryKey,
  type EndpointCall,
} from './api';
export { readStateOf, type ReadState } from './read-state';
