import type { UserRecord } from '@coldmail/contracts';
import { create } from 'zustand';

export type AuthStatus = 'unknown' | 'signed-in' | 'signed-out';

/** The signed-in identity as the sign-in provider reports it. */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
  /** False until the address is verified (its owner opened the link we e-mailed); unknown when absent. */
  emailVerified?: boolean;
}

/**
 * What the shell's sign-in integration lends to everybody else. Remotes never talk to the
 * sign-in provider themselves: they ask the session for a token, to sign out, or to read the
 * user's record again after it could not be loaded.
 */
export interface AuthAdapter {
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  signOut(): Promise<void>;
  reloadProfile(): Promise<void>;
}

/**
 * Where the user's record stands. 'error': it could not be loaded, so the role and the credits
 * are unknown (not "no role"): a screen that needs them says so and offers
 * `sessionActions.retryProfile`.
 */
export type ProfileStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface SessionState {
  status: AuthStatus;
  user: AuthUser | null;
  /** The user's record on our API (role, credits, profile); null until loaded. */
  profile: UserRecord | null;
  profileStatus: ProfileStatus;
  apiBaseUrl: string;
  /**
   * Where the PayPal JS SDK is loaded from; null means PayPal's own. Offline demos and the
   * browser tests point it at the local PayPal double.
   */
  paypalSdkBaseUrl: string | null;
  adapter: AuthAdapter | null;
}

const initialState: SessionState = {
  status: 'unknown',
  user: null,
  profile: null,
  profileStatus: 'idle',
  apiBaseUrl: '',
  paypalSdkBaseUrl: null,
  adapter: null,
};

export const useSession = create<SessionState>()(() => initialState);

export const sessionActions = {
  configure(config: {
    apiBaseUrl?: string;
    paypalSdkBaseUrl?: string | null;
    adapter?: AuthAdapter;
  }): void {
    useSession.setState({
      ...(config.paypalSdkBaseUrl !== undefined
        ? { paypalSdkBaseUrl: config.paypalSdkBaseUrl }
        : {}),
      ...(config.apiBaseUrl !== undefined
        ? { apiBaseUrl: config.apiBaseUrl.replace(/\/+$/, '') }
        : {}),
      ...(config.adapter ? { adapter: config.adapter } : {}),
    });
  },
  signedIn(user: AuthUser): void {
    const current = useSession.getState();
    // A different account signing in must not inherit the previous account's record.
    const sameUser = current.user?.uid === user.uid;
    useSession.setState({
      status: 'signed-in',
      user,
      profile: sameUser ? current.profile : null,
      profileStatus: sameUser ? current.profileStatus : 'idle',
    });
  },
  signedOut(): void {
    useSession.setState({ status: 'signed-out', user: null, profile: null, profileStatus: 'idle' });
  },
  profileLoading(): void {
    useSession.setState({ profileStatus: 'loading' });
  },
  profileFailed(): void {
    useSession.setState({ profileStatus: 'error' });
  },
  setProfile(profile: UserRecord): void {
    useSession.setState({ profile, profileStatus: 'loaded' });
  },
  /** Reads the signed-in user's record again, e.g. from a Retry after it could not be loaded. */
  async retryProfile(): Promise<void> {
    const { adapter, status } = useSession.getState();
    if (adapter && status === 'signed-in') await adapter.reloadProfile();
  },
  /** Applies a credit change the server confirmed, so every app shows the new count at once. */
  setCredits(currentBalance: number): void {
    const { profile } = useSession.getState();
    if (profile) useSession.setState({ profile: { ...profile, currentBalance } });
  },
  async signOut(): Promise<void> {
    const { adapter } = useSession.getState();
    if (adapter) await adapter.signOut();
    sessionActions.signedOut();
  },
};

export const selectIsAdmin = (state: SessionState): boolean => state.profile?.userRole === 'Admin';
export const selectIsSeller = (state: SessionState): boolean =>
  state.profile?.userRole === 'Seller';
export const selectCredits = (state: SessionState): number | null =>
  state.profile ? state.profile.currentBalance : null;

/** The signed-in user's ID token for an Authorization header, or null when signed out. */
export async function bearerToken(): Promise<string | null> {
  const { adapter, status } = useSession.getState();
  return adapter && status === 'signed-in' ? await adapter.getIdToken() : null;
}
