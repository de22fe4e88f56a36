import type { UserRecord } from '@coldmail/contracts';
import type { QueryKey, QueryState } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { api } from './api';
import { toApiError, type ApiError } from './api-error';
import { connectedClient, isMeKey, meKey } from './query-cache';

export { meKey };
import { useSession, type SessionState } from './store';

/**
 * Where the signed-in user's record stands. 'error': it could not be loaded, so the role and
 * the credits are unknown (not "no role"): a screen that needs them says so and offers `retry`.
 */
export type MeStatus = 'idle' | 'loading' | 'loaded' | 'error';

/** The signed-in user's record on our API (role, credits, profile), as every screen reads it. */
export interface Me {
  /** Null until loaded, and when signed out. */
  record: UserRecord | null;
  status: MeStatus;
  isAdmin: boolean;
  isSeller: boolean;
  /** Null while unknown (not loaded). */
  credits: number | null;
  /** Reads the record again, e.g. from a Retry after it could not be loaded. */
  retry(): Promise<void>;
}

/**
 * The signed-in user's own record by a plain read, or null when there is none yet (the API
 * answers 404 'User data not found' to a caller without a record).
 */
export async function readMyRecord(email: string): Promise<UserRecord | null> {
  try {
    const [record] = await api.users.list({ query: { userEmail: email } });
    return record ?? null;
  } catch (error) {
    if (toApiError(error).status === 404) return null;
    throw error;
  }
}

/**
 * The record's query for every read after sign-in (a page opening on a restored session, a
 * refresh after a write made users stale, a Retry): a plain read, and a create only if there is
 * none yet. POST /api/create-user has a strict rate limit (it can create accounts), which page
 * loads alone must not use up.
 */
export function meQuery(email: string): { queryKey: QueryKey; queryFn: () => Promise<UserRecord> } {
  return {
    queryKey: meKey(email),
    queryFn: async () =>
      (await readMyRecord(email)) ?? (await api.users.createOrSync({ body: {} })),
  };
}

const signedInEmail = (state: SessionState): string | null =>
  state.status === 'signed-in' ? (state.user?.email ?? null) : null;

function meOf(email: string | null, state: QueryState<UserRecord, ApiError> | undefined): Me {
  const record = (email && state?.data) || null;
  const status: MeStatus = !email
    ? 'idle'
    : record
      ? 'loaded'
      : state?.status === 'error'
        ? 'error'
        : 'loading';
  return {
    record,
    status,
    isAdmin: record?.userRole === 'Admin',
    isSeller: record?.userRole === 'Seller',
    credits: record ? record.currentBalance : null,
    retry: async () => {
      if (email) await connectedClient()?.refetchQueries({ queryKey: meKey(email) });
    },
  };
}

/**
 * The signed-in user's record: the query the shell keeps while a user is signed in (it loads it
 * at sign-in, with the loader every refresh then uses), read from the site's one query cache.
 */
export function useMe(): Me {
  const email = useSession(signedInEmail);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const cache = email ? connectedClient()?.getQueryCache() : undefined;
      if (!cache || !email) return () => {};
      return cache.subscribe((event) => {
        if (isMeKey(event.query.queryKey, email)) onChange();
      });
    },
    [email],
  );
  const state = useSyncExternalStore(subscribe, () =>
    email ? connectedClient()?.getQueryState<UserRecord, ApiError>(meKey(email)) : undefined,
  );
  return meOf(email, state);
}

/** The signed-in user's record now, for code outside React; null when not loaded. */
export function currentMe(): UserRecord | null {
  const email = signedInEmail(useSession.getState());
  return (email && connectedClient()?.getQueryData<UserRecord>(meKey(email))) || null;
}
