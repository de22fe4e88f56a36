import { ApiError } from '@coldmail/session';
import { describe, expect, it, vi } from 'vitest';

// The SDK's module is watched: it must load only once error tracking is started.
const trackerModule = vi.hoisted(() => ({ loaded: vi.fn() }));
vi.mock('./error-tracker', async (importOriginal) => {
  trackerModule.loaded();
  return importOriginal();
});

/** What the SDK posted: the envelope's lines (header, item header, event...), parsed. */
const posts: { url: string; lines: Record<string, unknown>[] }[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn(async (url: string, init: { body: string | Uint8Array }) => {
    const text = typeof init.body === 'string' ? init.body : new TextDecoder().decode(init.body);
    const lines = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    posts.push({ url, lines });
    return new Response('{}', { status: 200 });
  }),
);

interface SentEvent {
  release?: string;
  environment?: string;
  tags?: Record<string, string>;
  request?: { url?: string };
  exception?: { values?: { value?: string; stacktrace?: { frames?: { filename?: string }[] } }[] };
}
const sentEvents = () =>
  posts.flatMap(({ lines }) =>
    lines.flatMap((line, at) =>
      line.type === 'event' ? [lines[at + 1] as unknown as SentEvent] : [],
    ),
  );

const { reportError, shellReleaseOf, startErrorTracking } = await import('./error-reports');

const RELEASE = '0123456789abcdef';
const REMOTE_BASE = 'https://cdn.example/remotes/checkout/';
const remoteFileOf = (url: string) =>
  url.startsWith(REMOTE_BASE)
    ? {
        remote: 'checkout',
        release: /^releases\/([0-9a-f]{16})\//.exec(url.slice(REMOTE_BASE.length))?.[1] ?? null,
        path: url.slice(REMOTE_BASE.length),
      }
    : null;

/** An error thrown in the checkout remote's release, called from the shell's code. */
function errorInRemote(message: string): Error {
  const error = new Error(message);
  error.stack = [
    `Error: ${message}`,
    `    at payNow (${REMOTE_BASE}releases/${RELEASE}/assets/PayNow-a1b2c3d4.js:1:120)`,
    `    at dispatch (${window.location.origin}/assets/bootstrap-Zx81_k-Q.js:3:44)`,
  ].join('\n');
  return error;
}

describe('error reports', () => {
  it('are dropped, and the SDK never loaded, while error tracking is off', () => {
    reportError({ error: new Error('nobody listens'), mechanism: 'app-boundary' });
    // Not kept for later either (the next test counts what is sent). A listener of the test's
    // own tells vitest the page handles it.
    const pageListener = () => {};
    window.addEventListener('error', pageListener);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('unhandled') }));
    window.removeEventListener('error', pageListener);
    expect(trackerModule.loaded).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('made before the SDK loads are sent once it has, tagged with the remote and its release', async () => {
    window.history.replaceState({}, '', '/reset-password?oobCode=secret-code');
    const started = startErrorTracking({
      dsn: 'https://publickey@o1.ingest.example/42',
      environment: 'staging',
      shellRelease: 'shell@Zx81_k-Q',
      remoteFileOf,
    });
    // The SDK waits for the page to be idle; errors raised meanwhile wait for it.
    expect(trackerModule.loaded).not.toHaveBeenCalled();
    reportError({
      error: new Error('render failed'),
      source: { remote: 'account', release: 'fedcba9876543210' },
      mechanism: 'remote-boundary',
    });
    window.dispatchEvent(new ErrorEvent('error', { error: errorInRemote('unhandled click') }));
    await started;
    expect(trackerModule.loaded).toHaveBeenCalledOnce();

    await vi.waitFor(() => expect(sentEvents()).toHaveLength(2));
    expect(posts.every(({ url }) => url.startsWith('https://o1.ingest.example/api/42/envelope/')));
    const [boundary, unhandled] = sentEvents();
    expect(boundary).toMatchObject({
      release: 'account@fedcba9876543210',
      environment: 'staging',
      tags: { remote: 'account' },
    });
    // The innermost frame is the checkout remote's: its release, its files as they were given.
    expect(unhandled).toMatchObject({
      release: `checkout@${RELEASE}`,
      tags: { remote: 'checkout' },
    });
    expect(unhandled?.exception?.values?.[0]?.stacktrace?.frames?.map((f) => f.filename)).toEqual([
      'app:///assets/bootstrap-Zx81_k-Q.js',
      `app:///releases/${RELEASE}/assets/PayNow-a1b2c3d4.js`,
    ]);
    // The page's address without its query (a reset link's code, a payment's token).
    expect(unhandled?.request?.url).toBe(`${window.location.origin}/reset-password`);
    expect(JSON.stringify(posts)).not.toContain('secret-code');
  });

  it("of the shell carry the shell's release, and a failed API call's trace id", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    reportError({
      error: new ApiError('Internal server error', 500, {}, traceId),
      mechanism: 'app-boundary',
    });
    await vi.waitFor(() => expect(sentEvents()).toHaveLength(3));
    const event = sentEvents()[2];
    expect(event?.release).toBe('shell@Zx81_k-Q');
    expect(event?.tags).toMatchObject({ trace_id: traceId });
    expect(event?.tags?.remote).toBeUndefined();
  });

  it('unhandled once the SDK is in are caught by the SDK itself, attributed the same way', async () => {
    const error = errorInRemote('late click');
    // As a browser reports an uncaught error (jsdom's dispatchEvent does not call onerror).
    window.onerror?.(
      error.message,
      `${REMOTE_BASE}releases/${RELEASE}/assets/PayNow-a1b2c3d4.js`,
      1,
      120,
      error,
    );
    await vi.waitFor(() => expect(sentEvents()).toHaveLength(4));
    expect(sentEvents()[3]).toMatchObject({
      release: `checkout@${RELEASE}`,
      tags: { remote: 'checkout' },
    });
  });
});

describe('shellReleaseOf', () => {
  it("is the hash in the bootstrap chunk's name, and none in development", () => {
    expect(shellReleaseOf('https://shop.example/assets/bootstrap-jaPdfcQE.js')).toBe(
      'shell@jaPdfcQE',
    );
    expect(shellReleaseOf('http://localhost:4200/src/bootstrap.tsx')).toBeUndefined();
  });
});
