import { registerSessionInstance } from './instances';
import { useSession } from './store';

registerSessionInstance(useSession);

export { ApiError, apiClient, toApiError } from './api-client';
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
  createQueryClient,
  domainKey,
  queryClient,
  type ApiClient,
  type ApiQueryKey,
  type EndpointCall,
} from './api';
export { readStateOf, type ReadState } from './read-state';
