import type { UserRecord } from '@coldmail/contracts';
import { useLocation } from '@coldmail/router';
import { MemoryRouter } from '@coldmail/router/memory';
import {
  ApiError,
  connectQueryCache,
  meKey,
  meQuery,
  sessionActions,
  toApiError,
} from '@coldmail/session';
import { ToastHost } from '@coldmail/ui';
import {
  createQueryClient,
  QueryClientProvider,
  QueryObserver,
  type QueryClient,
} from '@coldmail/query';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { userRecord } from './builders';

function CurrentPath() {
  return <p data-testid="current-path">{useLocation().pathname}</p>;
}

interface SignedInOptions {
  /** The API the session's client talks to (a stand-in's url). */
  apiUrl: string;
  /** The user's record; none when null: it has not loaded yet. */
  profile?: UserRecord | null;
  /** The query cache to connect (the shell's own, for the shell's tests); a new one otherwise. */
  queryClient?: QueryClient;
  /** False: the account's address is not verified yet (its token says so). */
  emailVerified?: boolean;
}

let signedInCache: QueryClient | null = null;
let stopWatching: (() => void) | null = null;
const BUYER_EMAIL = 'buyer@example.com';

/**
 * The shell's load of the signed-in buyer's record answers `record` now; as in the shell, the
 * record's query is then kept (with its loader, meQuery), so a write that makes users stale
 * reads it again from the API.
 */
export function recordLoaded(record: UserRecord): void {
  if (!signedInCache) return;
  signedInCache.setQueryData(meKey(BUYER_EMAIL), record);
  if (!stopWatching) {
    const { queryKey, queryFn } = meQuery(BUYER_EMAIL);
    const cache = signedInCache;
    stopWatching = new QueryObserver(cache, {
      queryKey,
      // A stand-in that does not serve the record's read (the test is about something else)
      // leaves the record as it was, as the real API, which always serves it, would.
      queryFn: async () => {
        try {
          return await queryFn();
        } catch (error) {
          const current = cache.getQueryData<UserRecord>(queryKey);
          if (toApiError(error).status === 404 && current) return current;
          throw error;
        }
      },
    }).subscribe(() => undefined);
  }
}

/** The shell's load of the signed-in buyer's record fails now (the screens then offer a retry). */
export async function recordFailed(): Promise<void> {
  await signedInCache
    ?.fetchQuery({
      queryKey: meKey(BUYER_EMAIL),
      queryFn: () => Promise.reject(new ApiError('Failed to load user data', 500)),
      staleTime: 0,
    })
    .catch(() => undefined);
}

/**
 * The session of the builders' buyer (buyer@example.com), signed in afresh, on the API at
 * `apiUrl`, with a query cache of its own (connected as the shell connects the site's), which
 * holds the user's record as the shell's sign-in leaves it. Answers that cache.
 */
export function signInBuyer({
  apiUrl,
  profile = userRecord(),
  queryClient = createQueryClient(),
  emailVerified = true,
}: SignedInOptions): QueryClient {
  stopWatching?.();
  stopWatching = null;
  queryClient.clear();
  signedInCache = queryClient;
  // As the shell does: what a write makes stale is refreshed.
  connectQueryCache(queryClient);
  sessionActions.configure({ apiBaseUrl: apiUrl });
  sessionActions.signedOut();
  sessionActions.signedIn({
    uid: 'uid-1',
    email: BUYER_EMAIL,
    displayName: null,
    photoURL: null,
    emailVerified,
  });
  if (profile) recordLoaded(profile);
  return queryClient;
}

/**
 * A remote's App as the shell mounts it, at `path`, for the signed-in buyer (see signInBuyer).
 * Each render gets its own query cache, so no answer leaks from one test into the next.
 */
export function renderRemote(App: ComponentType, path: string, session: SignedInOptions) {
  const queryClient = signInBuyer(session);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <App />
        <CurrentPath />
        <ToastHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The path the remote's router is at now (after its own redirects and navigations). */
export const currentPath = () => screen.getByTestId('current-path').textContent;
