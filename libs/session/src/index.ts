import { registerSessionInstance } from './instances';
import { useSession } from './store';

registerSessionInstance(useSession);

export { ApiError, toApiError } from './api-error';
export {
  selectCredits,
  selectIsAdmin,
  selectIsSeller,
  sessionActions,
  useSession,
  type AuthAdapter,
  type AuthStatus,
  type AuthUser,
  type ProfileStatus,
  type SessionState,
} from './store';
export {
  api,
  domainKey,
  publicReadQuery,
  refreshAfter,
  refreshWhenStale,
  type ApiClient,
  type ApiQueryKey,
  type EndpointCall,
} from './api';
export { readStateOf, type ReadState } from './read-state';
