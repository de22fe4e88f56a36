import type { CreateUserBody, UserRecord } from '@coldmail/contracts';
import { api, sessionActions, toApiError } from '@coldmail/session';
import { toast } from '@coldmail/ui';

/**
 * Creates the signed-in user's record on our API, or syncs it (POST /api/create-user is
 * idempotent; the e-mail comes from the token), and puts it in the session: role, credits and
 * profile then show everywhere.
 */
export async function syncUserRecord(body: CreateUserBody = {}): Promise<UserRecord | null> {
  sessionActions.profileLoading();
  try {
    const record = await api.users.createOrSync({ body });
    sessionActions.setProfile(record);
    return record;
  } catch (error) {
    sessionActions.profileFailed();
    const apiError = toApiError(error);
    toast.error(apiError.status ? apiError.message : 'Failed to create user');
    return null;
  }
}

/**
 * For a session restored when a page opens (no sign-in just happened): reads the record with a
 * plain read, and creates it only if there is none yet. POST /api/create-user has a strict rate
 * limit (it can create accounts), which page loads alone must not use up.
 */
export async function loadUserRecord(email: string): Promise<UserRecord | null> {
  sessionActions.profileLoading();
  try {
    const [record] = await api.users.list({ query: { userEmail: email } });
    if (!record) return await syncUserRecord();
    sessionActions.setProfile(record);
    return record;
  } catch (error) {
    sessionActions.profileFailed();
    const apiError = toApiError(error);
    toast.error(apiError.status ? apiError.message : 'Failed to load user data');
    return null;
  }
}
