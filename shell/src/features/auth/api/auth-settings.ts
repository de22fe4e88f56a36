import { readCachedAuthState } from '../../../utils/browser-cache';

/** Public web settings of the Firebase project (safe to ship to browsers). */
export interface FirebaseSettings {
  apiKey: string;
  projectId: string;
  authDomain?: string;
  /** Set in development and tests: the Auth emulator's URL, e.g. http://127.0.0.1:9099. */
  emulatorUrl?: string;
}

let settings: FirebaseSettings | null = null;

/**
 * Sign-in's settings, from the deployment's config.json, kept for when sign-in starts
 * (firebase-auth.ts, which is loaded only then). Answers whether it must start at once: for a
 * browser that was signed in when it last left (the cached auth state, which sign-out clears),
 * so that session is restored.
 */
export function configureAuth(firebase: FirebaseSettings | undefined): boolean {
  settings = firebase ?? null;
  return settings !== null && readCachedAuthState()?.hasUser === true;
}

/** The settings configureAuth was given; null when this deployment has no sign-in. */
export function authSettings(): FirebaseSettings | null {
  return settings;
}

/** Whether sign-in runs on the Auth emulator (development and tests), not a real project. */
export function usesAuthEmulator(): boolean {
  return Boolean(settings?.emulatorUrl);
}
