import type { CreateUserBody, UserRecord } from '@coldmail/contracts';
import { QueryObserver, queryClient } from '@coldmail/query';
import { api, meKey, meQuery, readMyRecord, toApiError, useSession } from '@coldmail/session';
import { toast } from '@coldmail/ui';
import { cacheNavbarUser } from '../../../utils/browser-cache';

const createOrSync = (body: CreateUserBody) => api.users.createOrSync({ body });

/** Spec: the server's error, or 'Failed to create user' when the server could not be reached. */
function createFailureText(error: unknown): string {
  const apiError = toApiError(error);
  return apiError.status ? apiError.message : 'Failed to create user';
}

/**
 * The record's loader after sign-in (see meQuery). A failure is told once, while the record is
 * unknown; a failed refresh keeps the record on screen.
 */
async function loadRecord(email: string): Promise<UserRecord> {
  try {
    return await meQuery(email).queryFn();
  } catch (error) {
    if (queryClient.getQueryData(meKey(email)) === undefined)
      toast.error('Failed to load user data');
    throw error;
  }
}

/** The signed-in account's record query, kept while it is signed in. */
let watched: { email: string; stop: () => void } | null = null;

/**
 * Keeps the signed-in user's record a live query of the site's cache (what useMe reads): an
 * observer that stays mounted while the account is signed in, so a write that makes users stale
 * refreshes it wherever it happened, and each new version goes into the navbar's browser cache.
 * Fetches it now unless a load is already under way.
 */
function watchRecord(email: string): void {
  if (watched?.email === email) return;
  stopWatchingRecord();
  const observer = new QueryObserver<UserRecord>(queryClient, {
    queryKey: meKey(email),
    queryFn: () => loadRecord(email),
  });
  const stop = observer.subscribe((result) => {
    if (result.data) cacheNavbarUser(result.data);
  });
  watched = { email, stop };
}

/** At sign-out: the record is not kept for the next account (the cache is cleared besides). */
export function stopWatchingRecord(): void {
  watched?.stop();
  watched = null;
}

/**
 * For a session restored when a page opens (no sign-in just happened): the record is read, and
 * created only if there is none yet. Resolves to the record, or null when it could not be had.
 */
export function loadUserRecord(email: string): Promise<UserRecord | null> {
  watchRecord(email);
  // Joins the observer's first read (or answers the record it already has).
  return queryClient
    .fetchQuery({ queryKey: meKey(email), queryFn: () => loadRecord(email) })
    .catch(() => null);
}

/**
 * Creates the signed-in user's record on our API, or syncs it (POST /api/create-user is
 * idempotent; the e-mail comes from the token): after a sign-in or a registration. When the sync
 * fails (its strict rate limit, a server error) the record is read instead, as for a restored
 * session, so an existing account still gets its role and credits; the toast still tells why
 * the sync failed. Resolves to the record, or null when it could not be had.
 */
export async function syncUserRecord(body: CreateUserBody = {}): Promise<UserRecord | null> {
  const email = useSession.getState().user?.email;
  if (!email) return null;
  const sync = async () => {
    try {
      return await createOrSync(body);
    } catch (syncError) {
      toast.error(createFailureText(syncError));
      const record = await readMyRecord(email).catch(() => null);
      if (!record) throw syncError;
      return record;
    }
  };
  // The sync is this fetch's loader; the observer, made (or kept) right after, joins the fetch
  // under way and leaves its own loader in place for every later read.
  const synced = queryClient.fetchQuery({ queryKey: meKey(email), queryFn: sync, staleTime: 0 });
  stopWatchingRecord();
  watchRecord(email);
  return synced.catch(() => null);
}
