/** A running (or reachable) Firebase Auth emulator, talked to through its REST API. */
export interface EmulatorClient {
  /** `127.0.0.1:PORT`: the value for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  /** `http://127.0.0.1:PORT` */
  url: string;
  projectId: string;
  /**
   * Registers an email/password account; the token carries `name` when displayName is given, and
   * `email_verified: true` with `emailVerified` (as if the verification link had been opened).
   */
  createUser(
    email: string,
    password: string,
    displayName?: string,
    options?: { emailVerified?: boolean },
  ): Promise<{ uid: string; idToken: string }>;
  /** Resolves to a fresh ID token. */
  signIn(email: string, password: string): Promise<string>;
  /** Deletes every account of the project. */
  resetAccounts(): Promise<void>;
  /**
   * What the mailbox's owner does with a password-reset link (such as the one the API mails to a
   * bootstrap admin): opens the newest one sent to the address, waiting up to 10 s for it, sets
   * the password, and resolves to a fresh ID token.
   */
  setPasswordFromResetLink(email: string, newPassword: string): Promise<string>;
  /** Password-reset and verification links the emulator "sent". */
  oobCodes(): Promise<
    Array<{ email: string; requestType: string; oobCode: string; oobLink: string }>
  >;
}

export interface RunningAuthEmulator extends EmulatorClient {
  /** Stops the emulator's whole process group. */
  stop(): Promise<void>;
  /** Same as resetAccounts. */
  reset(): Promise<void>;
}

export interface StartAuthEmulatorOptions {
  /** Default 9099; 0 picks a free port. */
  port?: number;
  /** Must start with `demo-` (offline mode). Default `demo-coldmail`. */
  projectId?: string;
  /** HOME/TMPDIR for firebase-tools. Default `<repo>/.data/firebase-home`. */
  dataDir?: string;
  /** Receives firebase-tools' output line by line. */
  onOutput?: (line: string) => void;
}

export function startAuthEmulator(options?: StartAuthEmulatorOptions): Promise<RunningAuthEmulator>;
export function emulatorClient(options?: { host?: string; projectId?: string }): EmulatorClient;
export const DEFAULT_PORT: number;
export const DEFAULT_PROJECT_ID: string;
