import { ApiError } from '@google/genai';
import { classifyGeminiFailure, DEFAULT_COOL_DOWN_MS } from './gemini-failures';

const NOW = Date.parse('2026-03-05T12:00:00.000Z');

/** What @google/genai throws for a non-OK answer: the status and Google's JSON body as text. */
const apiError = (status: number, error: object) =>
  new ApiError({ status, message: JSON.stringify({ error }) });

const quota = (details: object[] = []) =>
  apiError(429, {
    code: 429,
    status: 'RESOURCE_EXHAUSTED',
    message: 'You exceeded your current quota.\n* Quota exceeded for metric: x',
    details,
  });

describe('classifyGeminiFailure', () => {
  it('cools a rate-limited key down for Retry-After seconds, else for RetryInfo, else a minute', () => {
    const retryInfo = [
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '12.5s' },
    ];
    expect(classifyGeminiFailure(quota(retryInfo), '30', NOW)).toEqual({
      kind: 'rate-limited',
      message: 'You exceeded your current quota.',
      retryAfterMs: 30_000,
    });
    expect(classifyGeminiFailure(quota(retryInfo), null, NOW)).toMatchObject({
      retryAfterMs: 12_500,
    });
    expect(classifyGeminiFailure(quota(), null, NOW)).toMatchObject({
      retryAfterMs: DEFAULT_COOL_DOWN_MS,
    });
  });

  it('reads a Retry-After date, and caps an absurd delay at a day', () => {
    const inTwoMinutes = new Date(NOW + 120_000).toUTCString();
    expect(classifyGeminiFailure(quota(), inTwoMinutes, NOW)).toMatchObject({
      retryAfterMs: 120_000,
    });
    expect(classifyGeminiFailure(quota(), String(365 * 86_400), NOW)).toMatchObject({
      retryAfterMs: 86_400_000,
    });
  });

  it('takes a 400 with an API_KEY_ reason, a 401 and a 403 as a bad key', () => {
    const invalid = apiError(400, {
      code: 400,
      status: 'INVALID_ARGUMENT',
      message: 'API key not valid. Please pass a valid API key.',
      details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
    });
    expect(classifyGeminiFailure(invalid, null, NOW)).toEqual({
      kind: 'invalid-key',
      message: 'API key not valid. Please pass a valid API key.',
    });
    for (const status of [401, 403]) {
      expect(classifyGeminiFailure(apiError(status, { message: 'Denied' }), null, NOW)).toEqual({
        kind: 'invalid-key',
        message: 'Denied',
      });
    }
  });

  it('takes any other 400 or a 404 as a refused request, not a bad key', () => {
    const badField = apiError(400, {
      code: 400,
      status: 'INVALID_ARGUMENT',
      message: 'Invalid JSON payload received. Unknown name "topk"',
    });
    expect(classifyGeminiFailure(badField, null, NOW)).toMatchObject({
      kind: 'refused',
      status: 400,
    });
    expect(classifyGeminiFailure(apiError(404, { message: 'no model' }), null, NOW)).toMatchObject({
      kind: 'refused',
      status: 404,
    });
  });

  it('takes 5xx, timeouts and unreachable servers as Gemini being unavailable', () => {
    expect(classifyGeminiFailure(apiError(503, { message: 'Overloaded' }), null, NOW)).toEqual({
      kind: 'unavailable',
      message: 'Overloaded',
    });
    const timeout = Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
    expect(classifyGeminiFailure(timeout, null, NOW)).toEqual({
      kind: 'unavailable',
      message: 'Gemini did not answer in time',
    });
    expect(classifyGeminiFailure(new TypeError('fetch failed'), null, NOW)).toEqual({
      kind: 'unavailable',
      message: 'Could not reach Gemini: fetch failed',
    });
  });

  it('keeps messages to one short line for the panel', () => {
    const long = apiError(500, { message: `${'x'.repeat(400)}\nsecond line` });
    const { message } = classifyGeminiFailure(long, null, NOW);
    expect(message).toHaveLength(300);
    expect(message.endsWith('…')).toBe(true);
  });
});
