import { resolve } from 'node:path';
import type { z } from 'zod';
import type { FirebaseConfig, GeminiConfig } from './app-config';
import { ConfigError } from './config-error';
import { workspaceRoot, type envSchema } from './config-schema';
import { KEYS_SECRET_FORMAT } from './keys-secret';

/** The Auth emulator's project when none is named (a `demo-*` id: the emulator's offline kind). */
const EMULATOR_PROJECT_ID = 'demo-coldmail';

/** The key that seals the stored Gemini keys: GEMINI_KEYS_SECRET and older ones, or a file. */
export function keysSecretOf(vars: z.infer<typeof envSchema>): GeminiConfig['keysSecret'] {
  if (vars.GEMINI_KEYS_SECRET) {
    const previous = new Map(
      vars.GEMINI_KEYS_PREVIOUS_SECRETS.map(({ version, key }) => [version, key]),
    );
    if (previous.has(vars.GEMINI_KEYS_SECRET_VERSION)) {
      throw new ConfigError(
        'Invalid configuration: GEMINI_KEYS_PREVIOUS_SECRETS lists the current key version ' +
          `(GEMINI_KEYS_SECRET_VERSION=${vars.GEMINI_KEYS_SECRET_VERSION}); give the new key a new version.`,
      );
    }
    return {
      source: 'env',
      key: vars.GEMINI_KEYS_SECRET,
      version: vars.GEMINI_KEYS_SECRET_VERSION,
      previous,
    };
  }
  if (vars.NODE_ENV === 'production') {
    // A generated key file would not survive a redeploy, leaving every stored key unreadable.
    throw new ConfigError(
      'Invalid configuration: GEMINI_KEYS_SECRET must be set in production. It encrypts the ' +
        `stored Gemini API keys. ${KEYS_SECRET_FORMAT}; keep it stable, since another value ` +
        'makes the stored keys unreadable.',
    );
  }
  return { source: 'file', path: resolve(workspaceRoot, '.data/gemini-keys.secret') };
}

/** How ID tokens are verified: by the Auth emulator when one is named, else by real Firebase. */
export function firebaseConfig(vars: z.infer<typeof envSchema>): FirebaseConfig {
  const hasCredentials = Boolean(
    vars.GOOGLE_APPLICATION_CREDENTIALS || vars.FIREBASE_SERVICE_ACCOUNT,
  );
  if (hasCredentials && vars.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new ConfigError(
      'Invalid configuration: FIREBASE_AUTH_EMULATOR_HOST is set together with real Firebase ' +
        'credentials; unset one of them.',
    );
  }
  const credentials = vars.FIREBASE_SERVICE_ACCOUNT
    ? { kind: 'service-account' as const, json: parseServiceAccount(vars.FIREBASE_SERVICE_ACCOUNT) }
    : { kind: 'application-default' as const };

  const emulatorHost = vars.FIREBASE_AUTH_EMULATOR_HOST ?? null;
  // The emulator's tokens are unsigned: it is used only when asked for by name (npm start and the
  // tests set the variable), never by default, and in production only on loopback (loadConfig).
  if (emulatorHost) {
    return {
      projectId: vars.FIREBASE_PROJECT_ID ?? EMULATOR_PROJECT_ID,
      emulatorHost,
      credentials,
    };
  }

  const projectId =
    vars.FIREBASE_PROJECT_ID ??
    (credentials.kind === 'service-account' ? credentials.json.project_id : undefined) ??
    null;
  // Real Firebase never issues tokens for a demo-* project: every sign-in would be refused.
  if (projectId?.startsWith('demo-')) {
    throw new ConfigError(
      `Invalid configuration: FIREBASE_PROJECT_ID is '${projectId}', an Auth emulator project, ` +
        'but tokens are verified with real Firebase (FIREBASE_AUTH_EMULATOR_HOST is unset). Set ' +
        'your Firebase project ID, or leave it unset to take the service account’s or Google ' +
        'Cloud’s.',
    );
  }
  return { projectId, emulatorHost: null, credentials };
}

function parseServiceAccount(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, string>;
    }
  } catch {
    // Reported below without echoing the secret.
  }
  throw new ConfigError('Invalid configuration: FIREBASE_SERVICE_ACCOUNT is not a JSON object.');
}
