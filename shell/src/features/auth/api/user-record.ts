import type { CreateUserBody, UserRecord } from '@coldmail/contracts';
import { api, sessionActions, toApiError, useSession } from '@coldmail/session';
import { toast } from '@coldmail/ui';

/**
 * Puts the record `read` answers in the session (role, credits and profile then show
 * everywhere). When it fails, the session's profile is in error (the screens that need the record
 * say so and offer a retry) and a toast says why, in `failureText`'s words.
 */
async function intoSession(
  read: () => Promise<UserRecord>,
  failureText: (error: unknown) => string,
): Promise<UserRecord | null> {
  sessionActions.profileLoading();
  try {
    const record = await read();
    sessionActions.setProfile(record);
    return record;
  } catch (error) {
    sessionActions.profileFailed();
    toast.error(failureText(error));
    return null;
  }
}

const createOrSync = (body: CreateUserBody) => api.users.createOrSync({ body });

/**
 * The signed-in user's own record by a plain read, or null when there is none yet (the API
 * answers 404 'User data not found' to a caller without a record).
 */
async function readUserRecord(email: string): Promise<UserRecord | null> {
  try {
    const [record] = await api.users.list({ query: { userEmail: email } });
    return record ?? null;
  } catch (error) {
    if (toApiError(error).status === 404) return null;
    throw error;
  }
}

/** Spec: the server's error, or 'Failed to create user' when the server could not be reached. */
function createFailureText(error: unknown): string {
  const apiError = toApiError(error);
  return apiError.status ? apiError.message : 'Failed to create user';
}

/**
 * Creates the signed-in user's record on our API, or syncs it (POST /api/create-user is
 * idempotent; the e-mail comes from the token): after a sign-in or a registration. When the sync
 * fails (its strict rate limit, a server error) the record is read instead, as for a restored
 * session, so an existing account still gets its role and credits; the toast still tells why
 * the sync failed.
 */
export function syncUserRecord(body: CreateUserBody = {}): Promise<UserRecord | null> {
  return intoSession(async () => {
    try {
      return await createOrSync(body);
    } catch (syncError) {
      const email = useSession.getState().user?.email;
      const record = email ? await readUserRecord(email).catch(() => null) : null;
      if (!record) throw syncError;
      toast.error(createFailureText(syncError));
      return record;
    }
  }, createFailureText);
}

/**
 * For a session restored when a page opens (no sign-in just happened), and for a Retry after the
 * record could not be loaded: reads the record with a plain read, and creates it only if there
 * is none yet. POST /api/create-user has a strict rate limit (it can create accounts), which page
 * loads alone must not use up.
 */
export function loadUserRecord(email: string): Promise<UserRecord | null> {
  return intoSession(
    async () => (await readUserRecord(email)) ?? createOrSync({}),
    () => 'Failed to load user data',
  );
}
