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
 * sign-in provider themselves: they ask the session for a token or to sign out.
 */
export interface AuthAdapter {
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  signOut(): Promise<void>;
}

export interface SessionState {
  status: AuthStatus;
  user: AuthUser | null;
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
    useSession.setState({ status: 'signed-in', user });
  },
  signedOut(): void {
    useSession.setState({ status: 'signed-out', user: null });
  },
  async signOut(): Promise<void> {
    const { adapter } = useSession.getState();
    if (adapter) await adapter.signOut();
    sessionActions.signedOut();
  },
};

/** The signed-in user's ID token for an Authorization header, or null when signed out. */
export async function bearerToken(): Promise<string | null> {
  const { adapter, status } = useSession.getState();
  return adapter && status === 'signed-in' ? await adapter.getIdToken() : null;
}
