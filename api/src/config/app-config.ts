import { resolve } from 'node:path';
import type { z } from 'zod';
import type { paypalCurrencies, paypalModes } from '@coldmail/contracts';
import registry from '@coldmail/registry/apps.json';
import { ConfigError } from './config-error';
import { enforceConfigRules } from './config-rules';
import { envSchema, workspaceRoot } from './config-schema';
import { firebaseConfig, keysSecretOf } from './config-sections';
import { withSecretFiles } from './secret-files';
import type { TrustProxy } from './trust-proxy';

/** The web apps of the app registry at their default ports, as `npm start` serves them. */
const DEFAULT_CORS_ORIGINS = registry.apps
  .filter((app) => app.kind !== 'api')
  .flatMap((app) => [`http://localhost:${app.port}`, `http://127.0.0.1:${app.port}`]);

export interface FirebaseConfig {
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
  /**
   * Unknown promo codes a buyer, and all the buyers of one network, may try in an hour (0: no
   * limit); then every code waits.
   */
  promoCodeGuessesPerHour: { account: number; network: number };
  /** How often the recovery sweep runs (on one instance at a time); 0 turns it off. */
  recoverySweepMs: number;
  /** How long an order waits for payment untouched before the sweep removes it. */
  pendingOrderMs: number;
  /** Unpaid orders one buyer may have of each kind; 0 turns the limit off. */
  openOrdersLimit: number;
  /**
   * When a canary release of a remote is stopped for every visitor: once the failures its
   * visitors' browsers reported reach `minFailures` and are more than `maxFailureRate` (0 to 1)
   * of its loads and failures together.
   */
  remoteReleases: { minFailures: number; maxFailureRate: number };
  /** How often an instance on a standalone MongoDB reads the others' changes (ChangeFeed). */
  changeFeedPollMs: number;
  /**
   * Prompt enhancements (free Gemini calls) one user may make per minute and per UTC day, and
   * the whole site per UTC day (so many free accounts cannot spend the Gemini keys); 0: off.
   */
  enhance: { perMinute: number; perDay: number; sitePerDay: number };
  /**
   * The free credits a member gets once per verified address (0: none), and how many such
   * grants the whole site and one network (an IPv4 address, an IPv6 /64) may give per UTC day
   * (0: no cap), so a script signing up accounts cannot farm them.
   */
  trialCredits: { credits: number; sitePerDay: number; networkPerDay: number };
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
  errorTracking: ErrorTrackingConfig;
}

/** Errors reported to Sentry (or a tracker that speaks its protocol); off when `dsn` is null. */
export interface ErrorTrackingConfig {
  dsn: string | null;
  /** SENTRY_ENVIRONMENT, else NODE_ENV. */
  environment: string;
  /** SENTRY_RELEASE, or null: a hash of the API's build (see error-tracking.ts). */
  release: string | null;
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
  enforceConfigRules(vars);
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
    promoCodeGuessesPerHour: {
      account: vars.PROMO_CODE_GUESSES_PER_HOUR,
      network: vars.PROMO_CODE_NETWORK_GUESSES_PER_HOUR,
    },
    enhance: {
      perMinute: vars.ENHANCE_RATE_LIMIT,
      perDay: vars.ENHANCE_DAILY_LIMIT,
      sitePerDay: vars.ENHANCE_SITE_DAILY_LIMIT,
    },
    trialCredits: {
      credits: vars.TRIAL_CREDITS,
      sitePerDay: vars.TRIAL_SITE_DAILY_LIMIT,
      networkPerDay: vars.TRIAL_NETWORK_DAILY_LIMIT,
    },
    recoverySweepMs: vars.RECOVERY_SWEEP_SECONDS * 1000,
    pendingOrderMs: vars.PENDING_ORDER_DAYS * 24 * 60 * 60 * 1000,
    openOrdersLimit: vars.OPEN_ORDERS_LIMIT,
    remoteReleases: {
      minFailures: vars.REMOTE_CANARY_MIN_FAILURES,
      maxFailureRate: vars.REMOTE_CANARY_MAX_FAILURE_RATE,
    },
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
    errorTracking: {
      dsn: vars.SENTRY_DSN ?? null,
      environment: vars.SENTRY_ENVIRONMENT ?? vars.NODE_ENV,
      release: vars.SENTRY_RELEASE ?? null,
    },
  };
}
