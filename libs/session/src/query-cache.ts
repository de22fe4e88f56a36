import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The query cache the shell (or a test) connected with connectQueryCache. A type-only import:
 * this shared module must not bundle TanStack Query (its one copy is @coldmail/query's).
 */
let client: QueryClient | null = null;

export function setConnectedClient(queryClient: QueryClient): void {
  client = queryClient;
}

export function connectedClient(): QueryClient | null {
  return client;
}

/**
 * The query key of the signed-in user's record. It is a read of the users domain, so every write
 * whose contract entry makes users stale (a payment, a generation, an admin's adjustment, a
 * profile edit) refreshes it like any other read: there is no second copy to keep in step.
 */
export const meKey = (email: string): QueryKey => ['users', 'me', email];

export const isMeKey = (key: QueryKey, email?: string): boolean =>
  key.length === 3 &&
  key[0] === 'users' &&
  key[1] === 'me' &&
  (email === undefined || key[2] === email);
