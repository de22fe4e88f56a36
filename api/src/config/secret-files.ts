import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error';

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
export function withSecretFiles(env: Record<string, string | undefined>) {
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
