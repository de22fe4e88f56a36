import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  emailSchema,
  geminiModelNameSchema,
  paypalCurrencies,
  paypalModes,
} from '@coldmail/contracts';
import registry from '@coldmail/registry/apps.json';

/** The repository root: development data lives under `.data/` there (git-ignored). */
export const workspaceRoot = resolve(__dirname, '../../..');

/** The web apps of the app registry at their default ports, as `npm start` serves them. */
const DEFAULT_CORS_ORIGINS = registry.apps
  .filter((app) => app.kind !== 'api')
  .flatMap((app) => [`http://localhost:${app.port}`, `http://127.0.0.1:${app.port}`]);

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const nonNegativeInt = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/** Every variable the API reads; `.env.example` at the repository root lists them with defaults. */
const envSchema = z.object({
  // No default: a deployment that forgot it would quietly run in development mode (API docs on,
  // a Gemini key file on local disk, mail written to files). npm start and the tests set it.
  NODE_ENV: z.enum(['development', 'test', 'production'], {
    error: 'Must be set: production, development or test',
  }),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'Must be a mongodb:// or mongodb+srv:// URI')
    .optional(),
  MONGODB_DATA_DIR: z.string().min(1).default(resolve(workspaceRoot, '.data/mongo')),
  CORS_ORIGINS: commaList.pipe(z.array(z.url())),
  FIREBASE_PROJECT_ID: z.string().min(1).optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/, 'Must be host:port')
    .optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
  FIREBASE_SERVICE_ACCOUNT: z.string().min(1).optional(),
  ADMIN_EMAILS: commaList.pipe(z.array(emailSchema)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'Must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(1).default('Coldmail <no-reply@coldmail.test>'),
  MAIL_DIR: z.string().min(1).default(resolve(workspaceRoot, '.data/mail')),
  PUBLIC_API_URL: z.url().optional(),
  /** The site buyers use (the shell's address): links in the mail we send point there. */
  SITE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: z.stringbool().optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      const trust = parseTrustProxy(value ?? '');
      if (trust === null) context.addIssue({ code: 'custom', message: TRUST_PROXY_FORMAT });
      return trust ?? false;
    }),
  API_DOCS: z.stringbool().optional(),
  // A production build tried on one machine with the compose kit's `trial` profile: payments are
  // confirmed by the PayPal double (PAYPAL_API_BASE) however the API listens.
  TRIAL: z.stringbool().default(false),
  RESPONSE_CHECK: z.stringbool().optional(),
  UPLOAD_QUOTA_MB: z.coerce.number().positive().max(10_000).default(25),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(300).optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  GENERATOR_RATE_LIMIT: nonNegativeInt(10),
  ENHANCE_RATE_LIMIT: nonNegativeInt(5),
  RECOVERY_SWEEP_SECONDS: nonNegativeInt(60),
  PENDING_ORDER_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  OPEN_ORDERS_LIMIT: nonNegativeInt(10),
  CHANGE_FEED_POLL_MS: z.coerce.number().int().min(50).max(10_000).default(500),
  ENHANCE_DAILY_LIMIT: nonNegativeInt(50),
  ENHANCE_SITE_DAILY_LIMIT: nonNegativeInt(2000),
  THROTTLE_TTL_SECONDS: z.coerce.number().int().min(1).default(60),
  THROTTLE_LIMIT: nonNegativeInt(300),
  THROTTLE_SENSITIVE_LIMIT: nonNegativeInt(20),
  THROTTLE_RENDERER_LIMIT: nonNegativeInt(6000),
  RENDERER_TOKEN: z
    .string()
    .trim()
    .min(32, 'Must be at least 32 characters, e.g. the output of `openssl rand -hex 32`')
    .optional(),
  PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
  PAYPAL_MODE: z.enum(paypalModes).default('sandbox'),
  PAYPAL_CURRENCY: z.enum(paypalCurrencies).default('USD'),
  PAYPAL_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  PAYPAL_WEBHOOK_ID: z.string().trim().min(1).optional(),
  PAYPAL_MERCHANT_ID: z.string().trim().min(1).optional(),
  PAYPAL_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(8),
  GEMINI_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  GEMINI_KEYS_SECRET: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      const secret = parseKeysSecret(value);
      // The value itself is never echoed: it is the key to every stored Gemini key.
      if (!secret) context.addIssue({ code: 'custom', message: KEYS_SECRET_FORMAT });
      return secret ?? undefined;
    }),
  GEMINI_KEYS_SECRET_VERSION: z.coerce.number().int().min(1).max(1_000_000).default(1),
  GEMINI_KEYS_PREVIOUS_SECRETS: commaList.pipe(
    z.array(
      z.string().transform((entry, context) => {
        const [version, key] = entry.split(':', 2);
        const secret = key === undefined ? null : parseKeysSecret(key);
        if (!/^\d+$/.test(version ?? '') || !secret) {
          // The value itself is never echoed.
          context.addIssue({
            code: 'custom',
            message: `Each entry is <version>:<key>; ${KEYS_SECRET_FORMAT}`,
          });
          return z.NEVER;
        }
        return { version: Number(version), key: secret };
      }),
    ),
  ),
  GEMINI_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(30),
  // The model every generation and prompt enhancement calls: a current one, which an operator
  // moves on when Google announces its shutdown (ai.google.dev/gemini-api/docs/deprecations).
  GEMINI_MODEL: geminiModelNameSchema.default('gemini-3.5-flash-lite'),
  // OpenTelemetry's own variable names, so an operator's collector settings carry over.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_HEADERS: commaList.pipe(
    z.array(
      z.string().transform((entry, context) => {
        const equals = entry.indexOf('=');
        let value: string | null = null;
        try {
          // OpenTelemetry's format: values are percent-encoded.
          value = equals > 0 ? decodeURIComponent(entry.slice(equals + 1).trim()) : null;
        } catch {
          value = null;
        }
        if (value === null) {
          // The value is not echoed: it is usually a collector's API key.
          context.addIssue({
            code: 'custom',
            message: 'Each entry is <name>=<percent-encoded value>',
          });
          return z.NEVER;
        }
        return [entry.slice(0, equals).trim(), value] as const;
      }),
    ),
  ),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('coldmail-api'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  OTEL_METRIC_EXPORT_INTERVAL: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  // The span batches' (OpenTelemetry's BatchSpanProcessor): see TelemetryConfig.spanBatches.
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(10).max(60_000).default(1000),
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(8192).default(1024),
  OTEL_BSP_MAX_QUEUE_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(8192),
});

/** The Auth emulator's project when none is named (a `demo-*` id: the emulator's offline kind). */
const EMULATOR_PROJECT_ID = 'demo-coldmail';

interface FirebaseConfig {
  /**
   * The project ID tokens must be issued for. With real Firebase: FIREBASE_PROJECT_ID, else the
   * service account's project_id, else null (firebase-admin finds it: GOOGLE_CLOUD_PROJECT or
   * the metadata server). With the emulator: FIREBASE_PROJECT_ID or demo-coldmail.
   */
  projectId: string | null;
  /** host:port of the Auth emulator, or null when tokens are verified against real Firebase. */
  emulatorHost: string | null;
  /** Where the service-account credentials come from when not on the emulator. */
  credentials:
    { kind: 'application-default' } | { kind: 'service-account'; json: Record<string, string> };
}

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  /** A trial of the compose kit (TRIAL): payments go to the PayPal double. */
  trial: boolean;
  port: number;
  host: string;
  /** A MongoDB URI, or where the embedded development server keeps its files when none is set. */
  database: { uri: string | null; embeddedDataDir: string };
  corsOrigins: string[];
  firebase: FirebaseConfig;
  /** Lower-cased; these addresses get the Admin role when their user record is first created. */
  adminEmails: ReadonlySet<string>;
  /**
   * SMTP when smtpUrl is set; otherwise each message is written as an .eml file under dir.
   * siteUrl: where links in a message point (SITE_URL, else the first CORS origin).
   */
  mail: { smtpUrl: string | null; from: string; dir: string; siteUrl: string };
  publicApiUrl: string | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemoData: boolean;
  /**
   * Which X-Forwarded-For entries to believe: none (false), the last N hops, or those added by
   * the listed proxy addresses/ranges. Never "all": a client could then choose its own address.
   */
  trustProxy: TrustProxy;
  /** Swagger UI at /api/docs and the OpenAPI document; off in production unless API_DOCS=true. */
  apiDocs: boolean;
  /**
   * Every answer checked against its contract (a mismatch is a 500 naming it): on in tests, where
   * it catches a drifting contract; RESPONSE_CHECK=true turns it on in development. Never in
   * production. It costs about a fifth of a simple request's time.
   */
  responseCheck: boolean;
  /** How many bytes of images each user may keep uploaded. */
  uploadQuotaBytes: number;
  /**
   * How long a client may take to send a whole request, headers and body, before it is answered
   * 408 and its connection closed. Only receiving counts: a long answer (server-sent events)
   * is not cut short.
   */
  requestTimeoutMs: number;
  /**
   * On SIGTERM: readiness answers 503 for `delayMs` while the server still serves (so load
   * balancers stop sending), then no new connection is accepted and requests under way get
   * `graceMs` to finish before their connections are closed (a generation's stream included).
   */
  shutdown: { delayMs: number; graceMs: number };
  /** Emails one user may generate per minute; 0 turns the limit off (the benchmark). */
  generatorPerMinute: number;
  /** How often the recovery sweep runs (on one instance at a time); 0 turns it off. */
  recoverySweepMs: number;
  /** How long an order waits for payment untouched before the sweep removes it. */
  pendingOrderMs: number;
  /** Unpaid orders one buyer may have of each kind; 0 turns the limit off. */
  openOrdersLimit: number;
  /** How often an instance on a standalone MongoDB reads the others' changes (ChangeFeed). */
  changeFeedPollMs: number;
  /**
   * Prompt enhancements (free Gemini calls) one user may make per minute and per UTC day, and
   * the whole site per UTC day (so many free accounts cannot spend the Gemini keys); 0: off.
   */
  enhance: { perMinute: number; perDay: number; sitePerDay: number };
  /**
   * Requests per caller per route per window; 0 turns a limit off. The page renderer, known by
   * its token (RENDERER_TOKEN, sent in X-Renderer-Token), has a limit of its own: every visitor's
   * page is read from its one address, so it must never spend a visitor's budget, nor they its.
   */
  throttle: {
    ttlMs: number;
    limit: number;
    sensitiveLimit: number;
    renderer: { token: string; limit: number } | null;
  };
  paypal: PaypalConfig;
  gemini: GeminiConfig;
  telemetry: TelemetryConfig;
}

/**
 * Traces and metrics over OTLP/HTTP (JSON) to a collector; off when OTEL_EXPORTER_OTLP_ENDPOINT
 * is unset.
 */
export interface TelemetryConfig {
  /** The collector's base URL (`/v1/traces` and `/v1/metrics` are added), or null: off. */
  endpoint: string | null;
  /** Sent with every export, e.g. a hosted collector's API key. */
  headers: Record<string, string>;
  serviceName: string;
  /**
   * The share of new traces recorded (0 to 1), decided from the trace id, so every instance
   * records the same traces; a trace an upstream service recorded is always recorded.
   */
  sampleRatio: number;
  /** How often metrics are exported. */
  metricIntervalMs: number;
  /**
   * How ended spans wait to be exported (OpenTelemetry's BatchSpanProcessor, set by its
   * standard OTEL_BSP_* variables): a batch goes when it has `maxBatch` spans, or `delayMs`
   * after the first; past `maxQueue` waiting spans are dropped, never queued without bound.
   * The defaults leave room for a busy second between exports. `npm run bench:api` measured
   * batches of 128 and of 1,024 alike.
   */
  spanBatches: { delayMs: number; maxBatch: number; maxQueue: number };
}

/** Where the stored Gemini API keys are encrypted with, and where Gemini is. */
export interface GeminiConfig {
  /** Replaces Google's base URL, e.g. the local Gemini double; null calls Google. */
  apiBase: string | null;
  /** The model called (GEMINI_MODEL). */
  model: string;
  /** How long one call to Gemini may take before the pool tries the next key. */
  timeoutMs: number;
  /**
   * The AES-256 data key for stored API keys: from GEMINI_KEYS_SECRET, or outside production a
   * key file generated on first use (under `.data/`, git-ignored).
   */
  keysSecret:
    | {
        source: 'env';
        key: Buffer;
        /** Stored with every secret sealed now (GEMINI_KEYS_SECRET_VERSION). */
        version: number;
        /** Older data keys by version, to open what they sealed (GEMINI_KEYS_PREVIOUS_SECRETS). */
        previous: ReadonlyMap<number, Buffer>;
      }
    | { source: 'file'; path: string };
}

const KEYS_SECRET_FORMAT =
  'Must be 32 random bytes written as base64 or hex, e.g. the output of `openssl rand -base64 32`';

/** 32 bytes from 64 hex digits or base64 (standard or URL-safe); null when it is neither. */
export function parseKeysSecret(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : null;
}

/**
 * PayPal as configured in the environment. The credentials, mode and currency are the initial
 * payment settings, used until an admin saves settings of their own.
 */
interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  mode: (typeof paypalModes)[number];
  currency: (typeof paypalCurrencies)[number];
  /** Replaces the mode's base URL (https://api-m.sandbox.paypal.com, https://api-m.paypal.com). */
  apiBase: string | null;
  /** The webhook's id in the PayPal app; webhooks are refused while it is unset. */
  webhookId: string | null;
  /**
   * Our PayPal merchant (payer) id: a payment to any other payee is refused. Unset, the payee
   * PayPal named when our server created the PayPal order is the one expected.
   */
  merchantId: string | null;
  timeoutMs: number;
}

export class ConfigError extends Error {}

export type TrustProxy = false | number | string[];

const TRUST_PROXY_FORMAT =
  'Must be the number of proxies in front of the API (e.g. 1) or a comma-separated list of their ' +
  'addresses or CIDR ranges (e.g. 10.0.0.0/8,loopback); "true" is refused because it would let ' +
  'any client choose its own address through X-Forwarded-For';

/**
 * Production with PayPal credentials also needs the webhook id (without it, refunds, reversals,
 * disputes and held payments PayPal reports are lost) and the merchant id (every capture is
 * checked to pay it). Null when both are set.
 */
export function missingPaypalProductionVars(vars: {
  PAYPAL_WEBHOOK_ID?: string;
  PAYPAL_MERCHANT_ID?: string;
}): string | null {
  if (!vars.PAYPAL_WEBHOOK_ID) {
    return (
      'PAYPAL_WEBHOOK_ID must be set in production when PayPal credentials are: without it, the ' +
      'refunds, reversals, disputes and held payments PayPal reports by webhook are lost.'
    );
  }
  if (!vars.PAYPAL_MERCHANT_ID) {
    return (
      'PAYPAL_MERCHANT_ID must be set in production when PayPal credentials are: every capture ' +
      'is checked to pay this merchant (your PayPal account ID).'
    );
  }
  return null;
}

/** Whether only this machine can reach an API listening on `host`. */
function listensOnLoopbackOnly(host: string): boolean {
  if (host === 'localhost') return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/** proxy-addr's names for well-known ranges, which Fastify's trustProxy accepts. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The TRUST_PROXY setting, or null when it is not one of the accepted forms. */
export function parseTrustProxy(text: string): TrustProxy | null {
  const value = text.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (PROXY_RANGE_NAMES.has(entry)) return true;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    if (!family || extra !== undefined) return false;
    if (prefix === undefined) return true;
    return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  });
  return valid ? entries : null;
}

/**
 * The settings that are secrets, each also read from a file named by `<NAME>_FILE` (Docker and
 * Compose secrets, Kubernetes' mounted secrets), so that it is never in the environment an
 * orchestrator shows or an image layer keeps.
 */
const SECRET_FILE_VARIABLES = [
  'MONGODB_URI',
  'SMTP_URL',
  'GEMINI_KEYS_SECRET',
  'GEMINI_KEYS_PREVIOUS_SECRETS',
  'FIREBASE_SERVICE_ACCOUNT',
  'RENDERER_TOKEN',
  'PAYPAL_CLIENT_SECRET',
  'OTEL_EXPORTER_OTLP_HEADERS',
] as const;

/** `env` with each secret's `<NAME>_FILE` read into `<NAME>` (its last line break dropped). */
function withSecretFiles(env: Record<string, string | undefined>) {
  const resolved = { ...env };
  for (const name of SECRET_FILE_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) {
      throw new ConfigError(
        `Invalid configuration: ${name} and ${name}_FILE are both set; keep one of them.`,
      );
    }
    try {
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration: ${name}_FILE names ${file}, which cannot be read ` +
          `(${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
      );
    }
  }
  return resolved;
}

/**
 * Reads and validates the environment once, at start-up. Throws a ConfigError naming every bad
 * variable, so a misconfigured deployment stops before it serves anything.
 */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  // Blank values count as unset, as they do in most .env tooling.
  const present = Object.fromEntries(
    Object.entries(withSecretFiles(env)).filter(([, value]) => value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const vars = parsed.data;
  if (vars.NODE_ENV === 'production' && !vars.MONGODB_URI) {
    // The embedded server is for development and tests: one process, files on local disk, none
    // of a real deployment's replication or backups.
    throw new ConfigError(
      'Invalid configuration: MONGODB_URI must be set in production (mongodb:// or ' +
        'mongodb+srv://). The embedded database is for development and tests only.',
    );
  }
  if (vars.NODE_ENV === 'production' && !vars.SMTP_URL) {
    // Without it, support replies and admin messages would only be written to the server's disk.
    throw new ConfigError(
      'Invalid configuration: SMTP_URL must be set in production (smtp:// or smtps://), so ' +
        'messages to users are sent. Without it they would only be written to files on the server.',
    );
  }
  if (vars.NODE_ENV === 'production') {
    // Without them production would take development's localhost addresses: browsers' calls
    // refused by CORS, receipts and uploaded images' addresses pointing at localhost.
    const missing = (
      [
        [
          'CORS_ORIGINS',
          vars.CORS_ORIGINS.length > 0,
          "the site's origins (the shell's and the remotes')",
        ],
        ['SITE_URL', !!vars.SITE_URL, "the site's public address (links in receipts and notices)"],
        [
          'PUBLIC_API_URL',
          !!vars.PUBLIC_API_URL,
          "the API's public address (uploaded images' addresses)",
        ],
      ] as const
    ).filter(([, present]) => !present);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${missing.map(([name]) => name).join(', ')} must be set in ` +
          `production: ${missing.map(([name, , what]) => `${name} is ${what}`).join('; ')}.`,
      );
    }
  }
  if (vars.TRIAL && vars.PAYPAL_MODE === 'live') {
    throw new ConfigError(
      'Invalid configuration: TRIAL=true takes payments through the PayPal double, so ' +
        'PAYPAL_MODE=live is refused with it. A live site sets neither TRIAL nor PAYPAL_API_BASE.',
    );
  }
  if (vars.NODE_ENV === 'production' && !listensOnLoopbackOnly(vars.HOST)) {
    const overrides = (
      [
        [
          'FIREBASE_AUTH_EMULATOR_HOST',
          'the Auth emulator accepts unsigned ID tokens, so anyone could sign in as anyone',
        ],
        [
          'PAYPAL_API_BASE',
          'payments would be confirmed by whatever answers there instead of PayPal (a trial ' +
            'of the compose kit sets TRIAL=true)',
        ],
        ['GEMINI_API_BASE', 'the stored Gemini keys would be sent there instead of to Google'],
      ] as const
    ).filter(([name]) => vars[name] && !(name === 'PAYPAL_API_BASE' && vars.TRIAL));
    if (overrides.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${overrides.map(([name]) => name).join(', ')} must not be set in ` +
          `production unless the API listens on loopback only (HOST=127.0.0.1, now ${vars.HOST}): ` +
          `${overrides.map(([, why]) => why).join('; ')}. They are for testing a production ` +
          'build on one machine.',
      );
    }
  }
  if (vars.NODE_ENV === 'production' && vars.PAYPAL_CLIENT_ID && vars.PAYPAL_CLIENT_SECRET) {
    const missing = missingPaypalProductionVars(vars);
    if (missing) throw new ConfigError(`Invalid configuration: ${missing}`);
  }
  return {
    env: vars.NODE_ENV,
    trial: vars.TRIAL,
    port: vars.PORT,
    host: vars.HOST,
    // Relative directories are under the repository root, wherever the API is started from.
    database: {
      uri: vars.MONGODB_URI ?? null,
      embeddedDataDir: resolve(workspaceRoot, vars.MONGODB_DATA_DIR),
    },
    corsOrigins: vars.CORS_ORIGINS.length > 0 ? vars.CORS_ORIGINS : DEFAULT_CORS_ORIGINS,
    firebase: firebaseConfig(vars),
    adminEmails: new Set(vars.ADMIN_EMAILS),
    mail: {
      smtpUrl: vars.SMTP_URL ?? null,
      from: vars.MAIL_FROM,
      dir: resolve(workspaceRoot, vars.MAIL_DIR),
      siteUrl: (
        vars.SITE_URL ??
        (vars.CORS_ORIGINS.length > 0 ? vars.CORS_ORIGINS : DEFAULT_CORS_ORIGINS)[0] ??
        'http://localhost:4200'
      ).replace(/\/+$/, ''),
    },
    publicApiUrl: vars.PUBLIC_API_URL?.replace(/\/+$/, '') ?? null,
    logLevel: vars.LOG_LEVEL,
    seedDemoData: vars.SEED_DEMO_DATA ?? vars.NODE_ENV === 'development',
    trustProxy: vars.TRUST_PROXY,
    apiDocs: vars.API_DOCS ?? vars.NODE_ENV !== 'production',
    responseCheck:
      vars.NODE_ENV !== 'production' && (vars.RESPONSE_CHECK ?? vars.NODE_ENV === 'test'),
    uploadQuotaBytes: Math.round(vars.UPLOAD_QUOTA_MB * 1024 * 1024),
    requestTimeoutMs: Math.round(vars.REQUEST_TIMEOUT_SECONDS * 1000),
    shutdown: {
      // Production sits behind a load balancer that needs a moment to notice; npm start does not.
      delayMs: Math.round(
        (vars.SHUTDOWN_DELAY_SECONDS ?? (vars.NODE_ENV === 'production' ? 5 : 0)) * 1000,
      ),
      graceMs: Math.round(vars.SHUTDOWN_GRACE_SECONDS * 1000),
    },
    generatorPerMinute: vars.GENERATOR_RATE_LIMIT,
    enhance: {
      perMinute: vars.ENHANCE_RATE_LIMIT,
      perDay: vars.ENHANCE_DAILY_LIMIT,
      sitePerDay: vars.ENHANCE_SITE_DAILY_LIMIT,
    },
    recoverySweepMs: vars.RECOVERY_SWEEP_SECONDS * 1000,
    pendingOrderMs: vars.PENDING_ORDER_DAYS * 24 * 60 * 60 * 1000,
    openOrdersLimit: vars.OPEN_ORDERS_LIMIT,
    changeFeedPollMs: vars.CHANGE_FEED_POLL_MS,
    throttle: {
      ttlMs: vars.THROTTLE_TTL_SECONDS * 1000,
      limit: vars.THROTTLE_LIMIT,
      sensitiveLimit: vars.THROTTLE_SENSITIVE_LIMIT,
      renderer: vars.RENDERER_TOKEN
        ? { token: vars.RENDERER_TOKEN, limit: vars.THROTTLE_RENDERER_LIMIT }
        : null,
    },
    paypal: {
      clientId: vars.PAYPAL_CLIENT_ID ?? '',
      clientSecret: vars.PAYPAL_CLIENT_SECRET ?? '',
      mode: vars.PAYPAL_MODE,
      currency: vars.PAYPAL_CURRENCY,
      apiBase: vars.PAYPAL_API_BASE?.replace(/\/+$/, '') ?? null,
      webhookId: vars.PAYPAL_WEBHOOK_ID ?? null,
      merchantId: vars.PAYPAL_MERCHANT_ID ?? null,
      timeoutMs: vars.PAYPAL_TIMEOUT_SECONDS * 1000,
    },
    gemini: {
      apiBase: vars.GEMINI_API_BASE?.replace(/\/+$/, '') ?? null,
      model: vars.GEMINI_MODEL,
      timeoutMs: vars.GEMINI_TIMEOUT_SECONDS * 1000,
      keysSecret: keysSecretOf(vars),
    },
    telemetry: {
      endpoint: vars.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '') ?? null,
      headers: Object.fromEntries(vars.OTEL_EXPORTER_OTLP_HEADERS),
      serviceName: vars.OTEL_SERVICE_NAME,
      sampleRatio: vars.OTEL_TRACES_SAMPLER_ARG,
      metricIntervalMs: vars.OTEL_METRIC_EXPORT_INTERVAL,
      spanBatches: {
        delayMs: vars.OTEL_BSP_SCHEDULE_DELAY,
        maxBatch: Math.min(vars.OTEL_BSP_MAX_EXPORT_BATCH_SIZE, vars.OTEL_BSP_MAX_QUEUE_SIZE),
        maxQueue: vars.OTEL_BSP_MAX_QUEUE_SIZE,
      },
    },
  };
}

function keysSecretOf(vars: z.infer<typeof envSchema>): GeminiConfig['keysSecret'] {
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

function firebaseConfig(vars: z.infer<typeof envSchema>): FirebaseConfig {
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
