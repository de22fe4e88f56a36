import pino from 'pino';
import { loadConfig } from '../config/app-config';
import { ErrorTracker } from './error-tracking';

const DSN = 'https://0123abcd@o1.ingest.sentry.io/4500000000000001';
const configOf = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'production', ...env });

function errorMessageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('Expected an error');
}

describe('error tracking settings', () => {
  // Production's other required settings are not the point here: read the section alone.
  const read = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'development', ...env }).errorTracking;

  it('is off without SENTRY_DSN, and files reports under NODE_ENV unless told otherwise', () => {
    expect(read({})).toEqual({ dsn: null, environment: 'development', release: null });
    expect(
      read({ SENTRY_DSN: DSN, SENTRY_ENVIRONMENT: 'staging', SENTRY_RELEASE: 'api@1.4.0' }),
    ).toEqual({ dsn: DSN, environment: 'staging', release: 'api@1.4.0' });
  });

  it('refuses a DSN without its public key or project id, and names with slashes or spaces', () => {
    for (const dsn of ['https://o1.ingest.sentry.io/45', 'https://key@o1.ingest.sentry.io/']) {
      expect(errorMessageOf(() => read({ SENTRY_DSN: dsn }))).toMatch(
        /SENTRY_DSN: Must be a Sentry DSN/,
      );
    }
    expect(errorMessageOf(() => read({ SENTRY_RELEASE: 'api/1.4' }))).toMatch(/SENTRY_RELEASE/);
    expect(errorMessageOf(() => read({ SENTRY_ENVIRONMENT: 'pre prod' }))).toMatch(
      /SENTRY_ENVIRONMENT/,
    );
  });

  it('is a setting production may leave out', () => {
    expect(() =>
      configOf({
        MONGODB_URI: 'mongodb://db.internal:27017/coldmail',
        SMTP_URL: 'smtp://mail.internal:587',
        CORS_ORIGINS: 'https://coldmail.example',
        SITE_URL: 'https://coldmail.example',
        PUBLIC_API_URL: 'https://coldmail.example',
        GEMINI_KEYS_SECRET: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
      }),
    ).not.toThrow();
  });
});

describe('ErrorTracker', () => {
  afterEach(() => jest.dontMock('@sentry/node-core/light'));

  it('off, never loads the SDK', async () => {
    const loaded = jest.fn();
    jest.doMock('@sentry/node-core/light', () => {
      loaded();
      return {};
    });
    const tracker = await ErrorTracker.start(
      { dsn: null, environment: 'test', release: null },
      pino({ level: 'silent' }),
    );
    expect(tracker.enabled).toBe(false);
    await tracker.crashed(new Error('boom'), 'Uncaught exception');
    await tracker.close();
    expect(loaded).not.toHaveBeenCalled();
  });
});
