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
