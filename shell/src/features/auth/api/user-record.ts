import type { CreateUserBody, UserRecord } from '@coldmail/contracts';
import { api, sessionActions, toApiError } from '@coldmail/session';
import { toast } from '@coldmail/ui';

/**
 * Puts the record `read` answers in the session (role, credits and profile then show
 * everywhere); on failure the session says so and a toast gives the server's reason, or
 * `fallback` when the server could not be reached.
 */
async function intoSession(
  read: () => Promise<UserRecord | null>,
  fallback: string,
): Promise<UserRecord | null> {
  sessionActions.profileLoading();
  try {
    const record = await read();
    if (record) sessionActions.setProfile(record);
    return record;
  } catch (error) {
    sessionActions.profileFailed();
    const apiError = toApiError(error);
    toast.error(apiError.status ? apiError.message : fallback);
    return null;
  }
}

const createOrSync = (body: CreateUserBody) => api.users.createOrSync({ body });

/**
 * Creates the signed-in user's record on our API, or syncs it (POST /api/create-user is
 * idempotent; the e-mail comes from the token): after a sign-in or a registration.
 */
export function syncUserRecord(body: CreateUserBody = {}): Promise<UserRecord | null> {
  return intoSession(() => createOrSync(body), 'Failed to create user');
}

/**
 * For a session restored when a page opens (no sign-in just happened): reads the record with a
 * plain read, and creates it only if there is none yet. POST /api/create-user has a strict rate
 * limit (it can create accounts), which page loads alone must not use up.
 */
export function loadUserRecord(email: string): Promise<UserRecord | null> {
  return intoSession(async () => {
    const [record] = await api.users.list({ query: { userEmail: email } });
    return record ?? createOrSync({});
  }, 'Failed to load user data');
}
