import { registerRecordAccess, registerSessionInstance } from './instances';
import { useSession } from './store';

registerSessionInstance(useSession);
registerRecordAccess();

export { answeredWithoutMessage, ApiError, readFailureText, toApiError } from './api-error';
export { downloadCsv } from './download';
export { StreamError } from './stream';
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
  publicReadQuery,
  refreshAfter,
  connectQueryCache,
  type ApiClient,
  type ApiQueryKey,
  type EndpointCall,
} from './api';
export { readStateOf, type ReadState } from './read-state';
