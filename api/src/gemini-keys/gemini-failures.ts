import { BadGatewayException, ServiceUnavailableException } from '@nestjs/common';
import { NO_KEYS_TO_GENERATE } from '@coldmail/contracts';
import { ApiError } from '@google/genai';

/** What a failed call says about the key it was made with, and so what the pool does next. */
export type GeminiFailure =
  /** 429: cool the key down for `retryAfterMs`, try the next one. */
  | { kind: 'rate-limited'; message: string; retryAfterMs: number }
  /** The key is invalid, expired, revoked or not allowed: mark it failing, try the next one. */
  | { kind: 'invalid-key'; message: string }
  /** 5xx, a timeout or no connection: not the key's fault; worth one more try on another key. */
  | { kind: 'unavailable'; message: string }
  /** Google refused the request itself (a bad setting, an unknown model): no key would do better. */
  | { kind: 'refused'; message: string; status: number };

/** When Google sends no delay with a 429. */
export const DEFAULT_COOL_DOWN_MS = 60_000;
/** A longer delay (a daily quota) is capped: the admin can see and re-activate the key meanwhile. */
const MAX_COOL_DOWN_MS = 24 * 60 * 60 * 1000;
const MAX_MESSAGE_LENGTH = 300;

interface GoogleErrorBody {
  error?: {
    message?: unknown;
    status?: unknown;
    details?: Array<{ '@type'?: unknown; reason?: unknown; retryDelay?: unknown }>;
  };
}

/**
 * Classifies what `@google/genai` threw. Its ApiError carries the HTTP status and Google's JSON
 * error body as its message; the Retry-After header is not on it, so the caller passes the one
 * it saw on the response.
 */
export function classifyGeminiFailure(
  error: unknown,
  retryAfterHeader: string | null,
  now = Date.now(),
): GeminiFailure {
  if (!(error instanceof ApiError)) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { kind: 'unavailable', message: 'Gemini did not answer in time' };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { kind: 'unavailable', message: shorten(`Could not reach Gemini: ${reason}`) };
  }
  const body = parseBody(error.message);
  const message = shorten(
    typeof body?.error?.message === 'string' ? body.error.message : error.message,
  );
  const status = error.status;
  if (status === 429) {
    return {
      kind: 'rate-limited',
      message,
      retryAfterMs: retryAfterMsOf(retryAfterHeader, body, now),
    };
  }
  if (status === 401 || status === 403) return { kind: 'invalid-key', message };
  if (status === 400 && isKeyProblem(body)) return { kind: 'invalid-key', message };
  if (status >= 500 || status === 408) return { kind: 'unavailable', message };
  return { kind: 'refused', message, status };
}

function parseBody(text: string): GoogleErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as GoogleErrorBody) : null;
  } catch {
    return null;
  }
}

/** Google marks a bad key with an ErrorInfo reason (API_KEY_INVALID, API_KEY_EXPIRED…). */
function isKeyProblem(body: GoogleErrorBody | null): boolean {
  return (body?.error?.details ?? []).some(
    (detail) => typeof detail.reason === 'string' && detail.reason.startsWith('API_KEY_'),
  );
}

/** The Retry-After header (seconds or an HTTP date), else RetryInfo's retryDelay ('30s'). */
function retryAfterMsOf(header: string | null, body: GoogleErrorBody | null, now: number): number {
  const fromHeader = header ? headerDelayMs(header.trim(), now) : null;
  const retryDelay = (body?.error?.details ?? []).find((detail) =>
    String(detail['@type']).endsWith('google.rpc.RetryInfo'),
  )?.retryDelay;
  const fromBody =
    typeof retryDelay === 'string' && /^\d+(\.\d+)?s$/.test(retryDelay)
      ? Math.ceil(Number.parseFloat(retryDelay) * 1000)
      : null;
  const delay = fromHeader ?? fromBody ?? DEFAULT_COOL_DOWN_MS;
  return Math.min(Math.max(delay, 0), MAX_COOL_DOWN_MS);
}

function headerDelayMs(header: string, now: number): number | null {
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : date - now;
}

function shorten(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > MAX_MESSAGE_LENGTH ? `${line.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : line;
}

/** No key is active and healthy (none added, all switched off, failing or cooling down). */
export class NoGeminiKeyError extends ServiceUnavailableException {
  constructor() {
    super(NO_KEYS_TO_GENERATE);
  }
}

/** Gemini failed twice for reasons that are not a key's (5xx, timeouts, no connection). */
export class GeminiUnavailableError extends ServiceUnavailableException {
  constructor() {
    super('The AI service is temporarily unavailable. Please try again later.');
  }
}

/** Google refused the request itself (not the key): a programming error on our side. */
export class GeminiRequestRefusedError extends BadGatewayException {
  constructor() {
    super('The AI service could not handle this request.');
  }
}
