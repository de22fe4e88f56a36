import { queryClient } from '@coldmail/query';
import { sessionActions } from '@coldmail/session';
import type { FirebaseError } from 'firebase/app';
import type { Auth, AuthCredential, User } from 'firebase/auth';
import { useEffect } from 'react';
import { cacheAuthState, clearCachedSession } from '../../../utils/browser-cache';
import { authSettings, usesAuthEmulator } from './auth-settings';
import { loadUserRecord, stopWatchingRecord, syncUserRecord } from './user-record';

let authPromise: Promise<Auth> | null = null;
/** While registering, the register flow syncs the record itself, once the name is set. */
let registering = false;
/** Set by signIn: the next signed-in state is a sign-in (sync the record), not a restore. */
let signingIn = false;
/**
 * A Google sign-in Firebase refused because the address already has a password account (one
 * account per address): linked to that account once its owner signs in with the password.
 */
let pendingGoogle: { email: string; credential: AuthCredential } | null = null;

function toAuthUser(user: User) {
  return {
    uid: user.uid,
    email: user.email ?? '',
    displayName: user.displayName,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
  };
}

function notConfigured(): Error {
  return Object.assign(new Error('Sign-in is not configured'), {
    code: 'auth/operation-not-allowed',
  });
}

/**
 * Firebase Auth is the largest module of the site, and most visitors never sign in: this module
 * (and Firebase with it) is loaded at once only to restore a session (auth-settings.ts says when);
 * everyone else is signed out until a sign-in, registration or password-reset screen asks for it
 * (usePrepareSignIn). It then keeps the session store in step.
 */
export function startAuth(): void {
  void loadAuth().catch(() => undefined);
}

/** Loads sign-in ahead of need, for the screens that use it (called as they open). */
function prepareSignIn(): void {
  if (authSettings()) void loadAuth().catch(() => undefined);
}

/** For the sign-in, registration and reset screens: sign-in loads as the screen opens. */
export function usePrepareSignIn(): void {
  useEffect(prepareSignIn, []);
}

function loadAuth(): Promise<Auth> {
  if (authPromise) return authPromise;
  const settings = authSettings();
  if (!settings) return Promise.reject(notConfigured());
  authPromise = (async () => {
    const [{ initializeApp }, firebaseAuth] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
    ]);
    const app = initializeApp({
      apiKey: settings.apiKey,
      projectId: settings.projectId,
      authDomain: settings.authDomain ?? `${settings.projectId}.firebaseapp.com`,
    });
    const auth = firebaseAuth.getAuth(app);
    if (settings.emulatorUrl) {
      firebaseAuth.connectAuthEmulator(auth, settings.emulatorUrl, { disableWarnings: true });
    }
    sessionActions.configure({
      adapter: {
        getIdToken: async (forceRefresh) =>
          (await auth.currentUser?.getIdToken(forceRefresh)) ?? null,
        signOut: async () => {
          await firebaseAuth.signOut(auth);
          clearCachedSession();
        },
      },
    });
    firebaseAuth.onAuthStateChanged(auth, (user) => {
      if (!user) {
        clearCachedSession();
        stopWatchingRecord();
        // What the API answered one account is not for the next one to see.
        queryClient.clear();
        sessionActions.signedOut();
        return;
      }
      sessionActions.signedIn(toAuthUser(user));
      cacheAuthState(user.email ?? '');
      if (registering) return;
      if (signingIn) {
        signingIn = false;
        void syncUserRecord();
      } else {
        void loadUserRecord(user.email ?? '');
      }
    });
    return auth;
  })();
  authPromise.catch((error: unknown) => {
    console.error('Sign-in could not start', error);
    sessionActions.signedOut();
  });
  return authPromise;
}

async function auth(): Promise<{ auth: Auth; sdk: typeof import('firebase/auth') }> {
  return { auth: await loadAuth(), sdk: await import('firebase/auth') };
}

export async function signIn(email: string, password: string): Promise<void> {
  const { auth: instance, sdk } = await auth();
  signingIn = true;
  try {
    const { user } = await sdk.signInWithEmailAndPassword(instance, email, password);
    const pending = pendingGoogle;
    pendingGoogle = null;
    if (pending && pending.email === user.email?.toLowerCase()) {
      // The password proved the account is theirs: Google joins it instead of a second account.
      await sdk.linkWithCredential(user, pending.credential).catch((error: unknown) => {
        console.warn('Google could not be linked to the account', error);
      });
    }
  } catch (error) {
    signingIn = false;
    throw error;
  }
}

/** The Google account a visitor picks in the Auth emulator's stand-in for Google's chooser. */
export interface EmulatedGoogleAccount {
  email: string;
  name: string;
}

/**
 * Sign-in with Google. On a real Firebase project: Google's account chooser in a popup. On the
 * Auth emulator: the account the visitor typed in our stand-in for the chooser, signed in with
 * the unsigned Google ID token the emulator takes in place of Google's (its documented way to
 * test federated sign-in; its own popup needs Google's gapi script, which an offline machine
 * cannot load). Either way Firebase then signs in the Google account: one whose verified address
 * already has an account joins it; where Firebase first wants that account's password, the
 * sign-in fails with auth/account-exists-with-different-credential and the next password
 * sign-in links Google.
 */
export async function signInWithGoogle(emulated?: EmulatedGoogleAccount): Promise<void> {
  const { auth: instance, sdk } = await auth();
  signingIn = true;
  try {
    if (usesAuthEmulator()) {
      if (!emulated) throw notConfigured();
      const idToken = JSON.stringify({
        sub: `google-${emulated.email.toLowerCase()}`,
        email: emulated.email,
        email_verified: true,
        name: emulated.name,
      });
      await sdk.signInWithCredential(instance, sdk.GoogleAuthProvider.credential(idToken));
    } else {
      await sdk.signInWithPopup(instance, new sdk.GoogleAuthProvider());
    }
  } catch (error) {
    signingIn = false;
    // The SDK's sign-in errors are FirebaseErrors; credentialFromError reads only their data.
    const refused = error as FirebaseError;
    const credential = sdk.GoogleAuthProvider.credentialFromError(refused);
    const email = refused.customData?.email;
    if (credential && typeof email === 'string') {
      pendingGoogle = { email: email.toLowerCase(), credential };
    }
    throw error;
  }
}

/**
 * Creates the account, sets its display name, sends the verification e-mail (the emulator shows
 * the link in its log and REST API), then creates the user's record on our API.
 */
export async function register(name: string, email: string, password: string): Promise<void> {
  const { auth: instance, sdk } = await auth();
  registering = true;
  try {
    const { user } = await sdk.createUserWithEmailAndPassword(instance, email, password);
    await sdk.updateProfile(user, { displayName: name });
    // The account exists either way; the notice offers to send the link again.
    await sdk.sendEmailVerification(user).catch((error: unknown) => {
      console.warn('The verification e-mail could not be sent', error);
    });
    sessionActions.signedIn({ ...toAuthUser(user), displayName: name });
    await syncUserRecord({ userName: name });
  } finally {
    registering = false;
  }
}

/** Sends the signed-in user's verification e-mail again. */
export async function resendVerificationEmail(): Promise<void> {
  const { auth: instance, sdk } = await auth();
  if (!instance.currentUser) throw notConfigured();
  await sdk.sendEmailVerification(instance.currentUser);
}

/**
 * After the user opened the link: reloads the account and, once verified, takes a fresh token
 * (now carrying email_verified) and syncs the record, which is when a pending Admin grant applies.
 * Resolves to whether the address is verified now.
 */
export async function refreshEmailVerification(): Promise<boolean> {
  const { auth: instance } = await auth();
  const user = instance.currentUser;
  if (!user) return false;
  await user.reload();
  if (!user.emailVerified) return false;
  await user.getIdToken(true);
  sessionActions.signedIn(toAuthUser(user));
  await syncUserRecord();
  return true;
}

export async function sendPasswordReset(email: string): Promise<void> {
  const { auth: instance, sdk } = await auth();
  await sdk.sendPasswordResetEmail(instance, email);
}
