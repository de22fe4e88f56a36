import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig as loadEnvironment } from './app-config';
import { ConfigError } from './config-error';
import { envSchema, workspaceRoot } from './config-schema';
import { parseTrustProxy } from './trust-proxy';

/** A production environment that is complete but for what a test leaves out. */
const PRODUCTION = {
  NODE_ENV: 'production',
  MONGODB_URI: 'mongodb://db.internal:27017/coldmail',
  SMTP_URL: 'smtp://mail.internal:587',
  CORS_ORIGINS: 'https://coldmail.example,https://checkout.coldmail.example',
  SITE_URL: 'https://coldmail.example',
  PUBLIC_API_URL: 'https://api.coldmail.example',
};
/** The environment npm start gives the API (NODE_ENV=development) plus `env`. */
const loadConfig = (env: Record<string, string | undefined>) =>
  loadEnvironment({ NODE_ENV: 'development', ...env });
const HEX_SECRET = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

function errorMessageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('Expected an error');
}

describe('loadConfig', () => {
  it('refuses to start without NODE_ENV, so a deployment never runs in development mode by mistake', () => {
    expect(errorMessageOf(() => loadEnvironment({ MONGODB_URI: PRODUCTION.MONGODB_URI }))).toMatch(
      /NODE_ENV: Must be set: production, development or test/,
    );
  });

  it('refuses production with PayPal credentials but no webhook id or merchant id, naming the variable', () => {
    const paypal = {
      ...PRODUCTION,
      GEMINI_KEYS_SECRET: HEX_SECRET,
      PAYPAL_CLIENT_ID: 'live-client',
      PAYPAL_CLIENT_SECRET: 'live-secret',
    };
    expect(errorMessageOf(() => loadEnvironment(paypal))).toMatch(
      /PAYPAL_WEBHOOK_ID must be set in production/,
    );
    expect(errorMessageOf(() => loadEnvironment({ ...paypal, PAYPAL_WEBHOOK_ID: 'WH-1' }))).toMatch(
      /PAYPAL_MERCHANT_ID must be set in production/,
    );
    expect(
      loadEnvironment({ ...paypal, PAYPAL_WEBHOOK_ID: 'WH-1', PAYPAL_MERCHANT_ID: 'MERCHANT12345' })
        .paypal.merchantId,
    ).toBe('MERCHANT12345');
    // Without credentials (an admin enters them later) the API starts; see PaypalSettingsService.
    expect(() => loadEnvironment({ ...PRODUCTION, GEMINI_KEYS_SECRET: HEX_SECRET })).not.toThrow();
  });

  it.each(['CORS_ORIGINS', 'SITE_URL', 'PUBLIC_API_URL'])(
    'refuses production without %s, naming it, rather than take a localhost default',
    (name) => {
      const message = errorMessageOf(() =>
        loadConfig({ ...PRODUCTION, GEMINI_KEYS_SECRET: HEX_SECRET, [name]: undefined }),
      );
      expect(message).toMatch(new RegExp(`${name} must be set in production`));
    },
  );

  it('refuses production without SMTP_URL (messages would only be written to local files)', () => {
    const { SMTP_URL: _unset, ...withoutSmtp } = PRODUCTION;
    expect(
      errorMessageOf(() => loadConfig({ ...withoutSmtp, GEMINI_KEYS_SECRET: HEX_SECRET })),
    ).toMatch(/SMTP_URL must be set in production/);
    expect(loadConfig({ ...PRODUCTION, GEMINI_KEYS_SECRET: HEX_SECRET }).mail.smtpUrl).toBe(
      PRODUCTION.SMTP_URL,
    );
  });

  it('runs a fresh checkout with no settings: port 3000, embedded DB, demo seed', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.uri).toBeNull();
    expect(config.database.embeddedDataDir).toMatch(/\.data\/mongo$/);
    expect(config.corsOrigins).toEqual(
      expect.arrayContaining(['http://localhost:4200', 'http://127.0.0.1:4205']),
    );
    expect(config.corsOrigins).not.toContain('http://localhost:3000');
    expect(config.mail.smtpUrl).toBeNull();
    expect(config.seedDemoData).toBe(true);
  });

  it('seeds demo data only in development unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(
      false,
    );
  });

  it('normalises ADMIN_EMAILS and refuses an invalid address', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' Boss@Example.COM,ops@example.com,, ' });
    expect([...config.adminEmails]).toEqual(['boss@example.com', 'ops@example.com']);
    expect(() => loadConfig({ ADMIN_EMAILS: 'boss@example.com,not-an-address' })).toThrow(
      /ADMIN_EMAILS/,
    );
  });

  it('never trusts the Auth emulator unless FIREBASE_AUTH_EMULATOR_HOST asks for it', () => {
    // The normal Google Cloud setup: no service-account variables (metadata credentials).
    // Unsigned emulator tokens must not be accepted there.
    for (const env of [{}, { NODE_ENV: 'test' }]) {
      expect(loadConfig(env).firebase).toEqual({
        projectId: null,
        emulatorHost: null,
        credentials: { kind: 'application-default' },
      });
    }
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).firebase).toMatchObject({
      emulatorHost: '127.0.0.1:9099',
      projectId: 'demo-coldmail',
    });
  });

  it('verifies real tokens for the real project, never a demo-* one', () => {
    const serviceAccount = JSON.stringify({ project_id: 'coldmail-prod' });
    // The service account's project when none is named (the default was demo-coldmail, so every
    // real sign-in was refused).
    expect(
      loadConfig({
        ...PRODUCTION,
        GEMINI_KEYS_SECRET: HEX_SECRET,
        FIREBASE_SERVICE_ACCOUNT: serviceAccount,
      }).firebase.projectId,
    ).toBe('coldmail-prod');
    expect(
      loadConfig({
        ...PRODUCTION,
        GEMINI_KEYS_SECRET: HEX_SECRET,
        FIREBASE_SERVICE_ACCOUNT: serviceAccount,
        FIREBASE_PROJECT_ID: 'coldmail-other',
      }).firebase.projectId,
    ).toBe('coldmail-other');
    for (const env of [
      { ...PRODUCTION, GEMINI_KEYS_SECRET: HEX_SECRET, FIREBASE_PROJECT_ID: 'demo-coldmail' },
      { FIREBASE_PROJECT_ID: 'demo-coldmail', GOOGLE_APPLICATION_CREDENTIALS: '/secrets/sa.json' },
    ]) {
      expect(errorMessageOf(() => loadConfig(env))).toMatch(
        /FIREBASE_PROJECT_ID is 'demo-coldmail', an Auth emulator project/,
      );
    }
  });

  it('uses real Firebase, not the emulator, when credentials are configured', () => {
    const config = loadConfig({
      FIREBASE_PROJECT_ID: 'coldmail-prod',
      FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ project_id: 'coldmail-prod' }),
    });
    expect(config.firebase.emulatorHost).toBeNull();
    expect(config.firebase.credentials).toEqual({
      kind: 'service-account',
      json: { project_id: 'coldmail-prod' },
    });
    expect(
      loadConfig({ GOOGLE_APPLICATION_CREDENTIALS: '/secrets/sa.json' }).firebase.emulatorHost,
    ).toBeNull();
  });

  it('refuses the emulator in production and next to real credentials', () => {
    expect(
      errorMessageOf(() =>
        loadConfig({
          ...PRODUCTION,
          HOST: '0.0.0.0',
          FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        }),
      ),
    ).toMatch(/FIREBASE_AUTH_EMULATOR_HOST must not be set in production.*unsigned ID tokens/s);
    expect(() =>
      loadConfig({
        GOOGLE_APPLICATION_CREDENTIALS: '/secrets/sa.json',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({ ...PRODUCTION, GEMINI_KEYS_SECRET: HEX_SECRET }).firebase.emulatorHost,
    ).toBeNull();
  });

  it('names every invalid variable, and never echoes a service-account secret', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', MONGODB_URI: 'postgres://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/MONGODB_URI/);
    expect(message).toMatch(/LOG_LEVEL/);
    expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: 'secret-key-material' })).toThrow(
      /^(?!.*secret-key-material)/s,
    );
  });

  it('puts relative data directories under the repository root', () => {
    const config = loadConfig({ MONGODB_DATA_DIR: '.data/db2', MAIL_DIR: 'tmp/mail' });
    expect(config.database.embeddedDataDir).toBe(resolve(workspaceRoot, '.data/db2'));
    expect(config.mail.dir).toBe(resolve(workspaceRoot, 'tmp/mail'));
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '', MONGODB_URI: '' })).toMatchObject({
      port: 3000,
      database: { uri: null },
    });
  });

  it('reads PayPal settings: sandbox and USD by default, secrets never echoed', () => {
    expect(loadConfig({}).paypal).toEqual({
      clientId: '',
      clientSecret: '',
      mode: 'sandbox',
      currency: 'USD',
      apiBase: null,
      webhookId: null,
      merchantId: null,
      timeoutMs: 8000,
    });
    const config = loadConfig({
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_MODE: 'live',
      PAYPAL_CURRENCY: 'EUR',
      PAYPAL_API_BASE: 'http://127.0.0.1:4210/',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      PAYPAL_TIMEOUT_SECONDS: '5',
    });
    expect(config.paypal).toMatchObject({
      mode: 'live',
      currency: 'EUR',
      apiBase: 'http://127.0.0.1:4210',
      webhookId: 'WH-1',
      timeoutMs: 5000,
    });
    expect(() =>
      loadConfig({ PAYPAL_MODE: 'production', PAYPAL_CLIENT_SECRET: 's3cr3t!' }),
    ).toThrow(/^(?=.*PAYPAL_MODE)(?!.*s3cr3t!)/s);
    expect(() => loadConfig({ PAYPAL_CURRENCY: 'JPY' })).toThrow(/PAYPAL_CURRENCY/);
  });

  it('reads a rotated data key: its version and the previous keys, never echoing a key', () => {
    const OLD = 'ZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmZmY=';
    const config = loadConfig({
      GEMINI_KEYS_SECRET: HEX_SECRET,
      GEMINI_KEYS_SECRET_VERSION: '2',
      GEMINI_KEYS_PREVIOUS_SECRETS: `1:${OLD}`,
    });
    expect(config.gemini.keysSecret).toMatchObject({ version: 2 });
    const secret = config.gemini.keysSecret;
    if (secret.source !== 'env') throw new Error('GEMINI_KEYS_SECRET was given');
    expect(secret.previous.get(1)?.equals(Buffer.from(OLD, 'base64'))).toBe(true);
    const bad = errorMessageOf(() =>
      loadConfig({ GEMINI_KEYS_SECRET: HEX_SECRET, GEMINI_KEYS_PREVIOUS_SECRETS: '1:not-a-key' }),
    );
    expect(bad).toMatch(/GEMINI_KEYS_PREVIOUS_SECRETS/);
    expect(bad).not.toContain('not-a-key');
    expect(
      errorMessageOf(() =>
        loadConfig({ GEMINI_KEYS_SECRET: HEX_SECRET, GEMINI_KEYS_PREVIOUS_SECRETS: `1:${OLD}` }),
      ),
    ).toMatch(/lists the current key version/);
  });

  it('reads the Gemini settings: Google by default, the data key from the environment', () => {
    const config = loadConfig({ GEMINI_KEYS_SECRET: HEX_SECRET });
    expect(config.gemini).toEqual({
      apiBase: null,
      // A current model by default (the spec's 2.5 Flash-Lite was shut down in 2026).
      model: 'gemini-3.5-flash-lite',
      timeoutMs: 30_000,
      keysSecret: {
        source: 'env',
        key: Buffer.from(HEX_SECRET, 'hex'),
        version: 1,
        previous: new Map(),
      },
    });
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(
      loadConfig({
        GEMINI_API_BASE: 'http://127.0.0.1:4211/',
        GEMINI_KEYS_SECRET: base64,
        GEMINI_TIMEOUT_SECONDS: '5',
        GEMINI_MODEL: 'gemini-3.8-flash',
      }).gemini,
    ).toEqual({
      apiBase: 'http://127.0.0.1:4211',
      model: 'gemini-3.8-flash',
      timeoutMs: 5000,
      keysSecret: { source: 'env', key: Buffer.alloc(32, 7), version: 1, previous: new Map() },
    });
  });

  it('refuses a data key that is not 32 bytes, without echoing it', () => {
    for (const secret of [
      'too-short-s3cr3t',
      HEX_SECRET.slice(2),
      Buffer.alloc(31, 1).toString('base64'),
    ]) {
      const message = errorMessageOf(() => loadConfig({ GEMINI_KEYS_SECRET: secret }));
      expect(message).toContain('GEMINI_KEYS_SECRET');
      expect(message).not.toContain(secret);
    }
  });

  it.each([
    ['FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9099'],
    ['PAYPAL_API_BASE', 'http://127.0.0.1:4210'],
    ['GEMINI_API_BASE', 'http://127.0.0.1:4211'],
  ])('takes %s in production only when the API listens on loopback alone', (name, value) => {
    const production = { ...PRODUCTION, GEMINI_KEYS_SECRET: HEX_SECRET, [name]: value };
    for (const host of ['0.0.0.0', '::', '10.0.0.5']) {
      expect(errorMessageOf(() => loadConfig({ ...production, HOST: host }))).toMatch(
        new RegExp(`${name} must not be set in production unless the API listens on loopback`),
      );
    }
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      expect(() => loadConfig({ ...production, HOST: host })).not.toThrow();
    }
  });

  it('reads each secret from the file its _FILE names (Compose and Docker secrets), never both', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-secrets-'));
    try {
      const file = (name: string, text: string) => {
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      };
      const production = {
        ...PRODUCTION,
        HOST: '0.0.0.0',
        MONGODB_URI: undefined,
        SMTP_URL: undefined,
        MONGODB_URI_FILE: file('uri', 'mongodb://coldmail:s3cret@mongo:27017/coldmail\n'),
        SMTP_URL_FILE: file('smtp', 'smtps://user:pw@smtp.example.com:465'),
        GEMINI_KEYS_SECRET_FILE: file('gemini', `${HEX_SECRET}\n`),
        RENDERER_TOKEN_FILE: file('token', 'a'.repeat(64)),
      };
      const config = loadConfig(production);
      expect(config.database.uri).toBe('mongodb://coldmail:s3cret@mongo:27017/coldmail');
      expect(config.mail.smtpUrl).toBe('smtps://user:pw@smtp.example.com:465');
      expect(config.gemini.keysSecret).toMatchObject({ source: 'env' });
      expect(errorMessageOf(() => loadConfig({ ...production, SMTP_URL: 'smtp://x:25' }))).toMatch(
        'SMTP_URL and SMTP_URL_FILE are both set',
      );
      const missing = errorMessageOf(() =>
        loadConfig({ ...production, MONGODB_URI_FILE: join(dir, 'absent') }),
      );
      expect(missing).toMatch(
        `MONGODB_URI_FILE names ${join(dir, 'absent')}, which cannot be read (ENOENT)`,
      );
      // A file's content is checked as the variable is, and is not repeated in the message.
      const bad = errorMessageOf(() =>
        loadConfig({ ...production, MONGODB_URI_FILE: file('bad', 'postgres://secret-in-file') }),
      );
      expect(bad).toMatch('MONGODB_URI');
      expect(bad).not.toMatch('secret-in-file');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes PAYPAL_API_BASE on any address in a trial (TRIAL=true), never with live PayPal', () => {
    const trial = {
      ...PRODUCTION,
      GEMINI_KEYS_SECRET: HEX_SECRET,
      HOST: '0.0.0.0',
      TRIAL: 'true',
      PAYPAL_API_BASE: 'http://paypal-double:4210',
    };
    expect(loadConfig(trial)).toMatchObject({
      trial: true,
      paypal: { apiBase: 'http://paypal-double:4210' },
    });
    expect(errorMessageOf(() => loadConfig({ ...trial, PAYPAL_MODE: 'live' }))).toMatch(
      'PAYPAL_MODE=live is refused',
    );
    // The trial opens no other door: the Auth emulator stays refused off loopback.
    expect(
      errorMessageOf(() => loadConfig({ ...trial, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })),
    ).toMatch('FIREBASE_AUTH_EMULATOR_HOST must not be set in production');
    expect(loadConfig({ ...PRODUCTION, GEMINI_KEYS_SECRET: HEX_SECRET }).trial).toBe(false);
  });

  it('uses a generated key file outside production, and refuses to start without a key in production', () => {
    expect(loadConfig({}).gemini.keysSecret).toEqual({
      source: 'file',
      path: resolve(workspaceRoot, '.data/gemini-keys.secret'),
    });
    expect(() => loadConfig(PRODUCTION)).toThrow(/GEMINI_KEYS_SECRET must be set in production/);
  });

  it("batches spans by OpenTelemetry's OTEL_BSP_* variables, no batch larger than the queue", () => {
    expect(loadConfig({}).telemetry.spanBatches).toEqual({
      delayMs: 1000,
      maxBatch: 1024,
      maxQueue: 8192,
    });
    expect(
      loadConfig({
        OTEL_BSP_SCHEDULE_DELAY: '250',
        OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '4096',
        OTEL_BSP_MAX_QUEUE_SIZE: '2048',
      }).telemetry.spanBatches,
    ).toEqual({ delayMs: 250, maxBatch: 2048, maxQueue: 2048 });
    expect(errorMessageOf(() => loadConfig({ OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '0' }))).toMatch(
      /OTEL_BSP_MAX_EXPORT_BATCH_SIZE/,
    );
  });

  it('stops a failing canary from 5 failures over 20 % by default; the share is 0 to 1', () => {
    expect(loadConfig({}).remoteReleases).toEqual({ minFailures: 5, maxFailureRate: 0.2 });
    expect(
      loadConfig({ REMOTE_CANARY_MIN_FAILURES: '3', REMOTE_CANARY_MAX_FAILURE_RATE: '0.05' })
        .remoteReleases,
    ).toEqual({ minFailures: 3, maxFailureRate: 0.05 });
    for (const refused of ['20', '-0.1', 'a fifth']) {
      expect(errorMessageOf(() => loadConfig({ REMOTE_CANARY_MAX_FAILURE_RATE: refused }))).toMatch(
        /REMOTE_CANARY_MAX_FAILURE_RATE/,
      );
    }
    expect(errorMessageOf(() => loadConfig({ REMOTE_CANARY_MIN_FAILURES: '0' }))).toMatch(
      /REMOTE_CANARY_MIN_FAILURES/,
    );
  });

  it('takes TRUST_PROXY as a hop count or an address list, never "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
    for (const refused of ['true', 'yes', '10.0.0.0/33', 'proxy.internal', '1.2.3.4/8/1']) {
      expect(parseTrustProxy(refused)).toBeNull();
      expect(errorMessageOf(() => loadConfig({ TRUST_PROXY: refused }))).toMatch(/TRUST_PROXY/);
    }
  });

  it('serves the API docs outside production, and in production only when asked', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    const production = { ...PRODUCTION, GEMINI_KEYS_SECRET: HEX_SECRET };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('checks answers against their contract in tests, in development when asked, never in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).responseCheck).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).responseCheck).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', RESPONSE_CHECK: 'true' }).responseCheck).toBe(
      true,
    );
    const production = { ...PRODUCTION, GEMINI_KEYS_SECRET: HEX_SECRET };
    expect(loadConfig({ ...production, RESPONSE_CHECK: 'true' }).responseCheck).toBe(false);
  });

  it('refuses to start in production without MONGODB_URI (the embedded database is for development)', () => {
    expect(
      errorMessageOf(() =>
        loadEnvironment({ NODE_ENV: 'production', GEMINI_KEYS_SECRET: HEX_SECRET }),
      ),
    ).toMatch(/MONGODB_URI must be set in production/);
    expect(loadConfig({ ...PRODUCTION, GEMINI_KEYS_SECRET: HEX_SECRET }).database.uri).toBe(
      PRODUCTION.MONGODB_URI,
    );
  });
});

// Issue 55 item 7: an operator finds every setting the API reads in the file they copy.
describe('.env.example', () => {
  it('names every setting the API reads', () => {
    const listed = new Set(
      readFileSync(join(workspaceRoot, '.env.example'), 'utf8')
        .split('\n')
        .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
        .filter(Boolean),
    );
    expect(Object.keys(envSchema.shape).filter((name) => !listed.has(name))).toEqual([]);
  });
});
