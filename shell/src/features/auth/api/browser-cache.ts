import type { UserRecord } from '@coldmail/contracts';

/**
 * The browser-storage entries the spec names: the navbar's user data and the auth state, so the
 * header can draw the signed-in user before sign-in has restored itself. Both go at logout.
 */
const NAVBAR_USER_KEY = 'navbarUserData';
const AUTH_STATE_KEY = 'authState';

export interface CachedNavbarUser {
  userName: string;
  userEmail: string;
  profileURL: string | null;
  userRole: string;
}

export interface CachedAuthState {
  hasUser: boolean;
  timestamp: number;
  userEmail: string;
}

function read<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the cache is only a head start.
  }
}

export function cacheNavbarUser(record: UserRecord): void {
  write(NAVBAR_USER_KEY, {
    userName: record.userName,
    userEmail: record.userEmail,
    profileURL: record.profileURL,
    userRole: record.userRole,
  } satisfies CachedNavbarUser);
}

export function cacheAuthState(userEmail: string): void {
  write(AUTH_STATE_KEY, {
    hasUser: true,
    timestamp: Date.now(),
    userEmail,
  } satisfies CachedAuthState);
}

export function readCachedAuthState(): CachedAuthState | null {
  return read<CachedAuthState>(AUTH_STATE_KEY);
}

export function readCachedNavbarUser(): CachedNavbarUser | null {
  return read<CachedAuthState>(AUTH_STATE_KEY)?.hasUser
    ? read<CachedNavbarUser>(NAVBAR_USER_KEY)
    : null;
}

export function clearCachedSession(): void {
  try {
    window.localStorage.removeItem(NAVBAR_USER_KEY);
    window.localStorage.removeItem(AUTH_STATE_KEY);
  } catch {
    // Nothing to clear.
  }
}
