import type { UserRecord } from '@coldmail/contracts';
import { currentMe } from './me';
import { connectedClient, meKey } from './query-cache';
import { useSession } from './store';

type SessionStore = typeof useSession;

interface SignedInRecord {
  /** The signed-in user's record as the query cache holds it; null when not loaded. */
  read(): UserRecord | null;
  /** Puts `record` in the cache as the signed-in user's (a test standing in for the sign-in). */
  write(record: UserRecord): void;
}

declare global {
  var __coldmailSessionStores: SessionStore[] | undefined;
  var __coldmailRecord: SignedInRecord | undefined;
}

/**
 * Module Federation must hand the host and every remote the same instance of this module.
 * Each evaluation records its store here, so a test (or a developer in the console) can prove
 * there is exactly one.
 */
export function registerSessionInstance(store: SessionStore): void {
  const stores = (globalThis.__coldmailSessionStores ??= []);
  stores.push(store);
}

/**
 * The signed-in user's record, for a test (or a developer in the console): it lives in the
 * query cache (see useMe), which a page does not otherwise expose.
 */
export function registerRecordAccess(): void {
  globalThis.__coldmailRecord = {
    read: currentMe,
    write: (record) => {
      connectedClient()?.setQueryData(meKey(record.userEmail), record);
    },
  };
}
