import { useSyncExternalStore } from 'react';
import type { FooterSettings, UserRecord } from '@coldmail/contracts';

/**
 * The browser-storage entries the spec names: the navbar's user data and the auth state, so the
 * header can draw the signed-in user before sign-in has restored itself (both go at logout), and
 * the footer data, so a returning visitor's footer draws before the server answers (it is no
 * one's in particular, so it stays).
 */
const NAVBAR_USER_KEY = 'navbarUserData';
const AUTH_STATE_KEY = 'authState';
const FOOTER_KEY = 'footerData';

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

/** The last read of the kept navbar user, by what was stored (a snapshot must stay the same). */
let lastNavbarRead: { stored: string; user: CachedNavbarUser | null } | null = null;

function navbarUserSnapshot(): CachedNavbarUser | null {
  let stored = '';
  try {
    stored = `${window.localStorage.getItem(AUTH_STATE_KEY)}|${window.localStorage.getItem(NAVBAR_USER_KEY)}`;
  } catch {
    return null;
  }
  if (lastNavbarRead?.stored !== stored) {
    lastNavbarRead = { stored, user: readCachedNavbarUser() };
  }
  return lastNavbarRead.user;
}

const noChanges = () => () => {};

/**
 * The kept navbar user, for a render. The first render of a server-rendered page draws none (the
 * server knew no user, and the browser must draw what it drew); React draws the kept one right
 * after.
 */
export function useCachedNavbarUser(): CachedNavbarUser | null {
  return useSyncExternalStore(noChanges, navbarUserSnapshot, () => null);
}

/** The footer as the server last answered it, to start from on the next visit. */
export function cacheFooter(footer: FooterSettings): void {
  write(FOOTER_KEY, footer);
}

/**
 * The kept footer; null when there is none, or when what is kept is not a footer this code can
 * draw (written by an older version, or edited by hand). Checked by hand: the schema library
 * is not worth loading with the first screen for it.
 */
export function readCachedFooter(): FooterSettings | null {
  const footer = read<Partial<FooterSettings>>(FOOTER_KEY);
  const drawable =
    typeof footer?.isActive === 'boolean' &&
    Array.isArray(footer.companyLinks?.links) &&
    typeof footer.contactInfo === 'object' &&
    footer.contactInfo !== null &&
    typeof footer.socialLinks === 'object' &&
    footer.socialLinks !== null;
  return drawable ? (footer as FooterSettings) : null;
}

export function clearCachedSession(): void {
  try {
    window.localStorage.removeItem(NAVBAR_USER_KEY);
    window.localStorage.removeItem(AUTH_STATE_KEY);
  } catch {
    // Nothing to clear.
  }
}
