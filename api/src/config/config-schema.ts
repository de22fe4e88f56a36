import { resolve } from 'node:path';
import { z } from 'zod';
import {
  emailSchema,
  geminiModelNameSchema,
  paypalCurrencies,
  paypalModes,
} from '@coldmail/contracts';
import { KEYS_SECRET_FORMAT, parseKeysSecret } from './keys-secret';
import { parseTrustProxy, TRUST_PROXY_FORMAT } from './trust-proxy';

/** The repository root: development data lives under `.data/` there (git-ignored). */
export const workspaceRoot = resolve(__dirname, '../../..');

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
export const envSchema = z.object({
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
  REMOTE_CANARY_MIN_FAILURES: z.coerce.number().int().min(1).default(5),
  REMOTE_CANARY_MAX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0.2),
  CHANGE_FEED_POLL_MS: z.coerce.number().int().min(50).max(10_000).default(500),
  TRIAL_CREDITS: z.coerce.number().int().min(0).max(1000).default(3),
  TRIAL_SITE_DAILY_LIMIT: nonNegativeInt(500),
  TRIAL_NETWORK_DAILY_LIMIT: nonNegativeInt(3),
  PROMO_CODE_GUESSES_PER_HOUR: nonNegativeInt(10),
  PROMO_CODE_NETWORK_GUESSES_PER_HOUR: nonNegativeInt(30),
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
  // Error tracking (Sentry's variable names); off when SENTRY_DSN is unset.
  SENTRY_DSN: z
    .url({ protocol: /^https?$/ })
    .refine(
      (dsn) => {
        const url = new URL(dsn);
        return url.username !== '' && /\/\d+$/.test(url.pathname);
      },
      { message: 'Must be a Sentry DSN: https://<public key>@<host>/<project id>' },
    )
    .optional(),
  // Sentry's rules for both: no line breaks, tabs or slashes.
  SENTRY_ENVIRONMENT: z
    .string()
    .trim()
    .regex(/^[^\s/\\]{1,64}$/, 'At most 64 characters, no spaces or slashes')
    .optional(),
  SENTRY_RELEASE: z
    .string()
    .trim()
    .regex(/^(?!\.{1,2}$)[^\s/\\]{1,200}$/, 'At most 200 characters, no spaces or slashes')
    .optional(),
});
