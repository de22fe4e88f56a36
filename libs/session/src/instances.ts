import { useSession } from './store';

type SessionStore = typeof useSession;

declare global {
  var __coldmailSessionStores: SessionStore[] | undefined;
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
