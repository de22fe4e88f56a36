// The page's error reports (shell and remotes alike). The page's start-up code carries only
// error-sink.ts: this module loads when the deployment's config.json names a DSN, and the
// tracker's SDK (error-tracker.ts) once the page is idle, so neither costs the first paint nor,
// when off, any download. Errors raised before the SDK loads wait for it.
import { keepErrors, sendErrorsTo } from './error-sink';

/** Which app raised an error: a remote (by its name and loaded release), else the shell. */
export interface ErrorSource {
  remote: string;
  /** The remote's release id (tools/release), null for a build served as it is. */
  release: string | null;
}

/** A script of a remote: which remote, the release it was published in, its path under the remote. */
export interface RemoteFile extends ErrorSource {
  path: string;
}

/** One error on its way to the tracker. */
export interface ErrorReport {
  error: unknown;
  /** Given by a remote's error boundary; otherwise worked out from the error's stack. */
  source?: ErrorSource;
  /** How it was caught, e.g. 'remote-boundary', 'onerror'. */
  mechanism: string;
}

export interface ErrorTrackingSettings {
  dsn: string;
  environment?: string;
  /** The shell's own release (see shellReleaseOf). */
  shellRelease?: string;
  /** The remote a script's URL is a file of, or null (the shell's, or another site's). */
  remoteFileOf: (url: string) => RemoteFile | null;
}

// The boundaries report through error-sink.ts, which keeps what comes before the SDK.
export { reportError } from './error-sink';

let started = false;

/** When the page is loaded and the browser has a moment: not on the way of the first paint. */
function whenIdle(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) =>
          window.addEventListener('load', () => resolve(), { once: true }),
        );
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window)
          requestIdleCallback(() => resolve(), { timeout: 5000 });
        else setTimeout(resolve, 1);
      }),
  );
}

/**
 * Starts error tracking for the page, once: unhandled errors and rejections are kept from now
 * on, and the tracker's SDK is loaded when the page is idle, which then sends what was kept and
 * reports the rest itself.
 */
export async function startErrorTracking(settings: ErrorTrackingSettings): Promise<void> {
  if (started) return;
  started = true;
  keepErrors();
  await whenIdle();
  try {
    const { startTracker } = await import('./error-tracker');
    // The SDK catches unhandled errors itself from here on.
    sendErrorsTo(startTracker(settings));
  } catch (error) {
    sendErrorsTo(() => undefined);
    console.warn('Error tracking could not start', error);
  }
}

/**
 * The shell's release: the content hash in the file name of its bootstrap chunk (`import.meta.url`
 * of src/bootstrap.tsx), which changes with any of the shell's code; tools/release gives the
 * tracker the shell's source maps under the same name. None in development (no hashed names).
 */
export function shellReleaseOf(bootstrapUrl: string): string | undefined {
  const hash = /-([\w-]{8})\.js$/.exec(new URL(bootstrapUrl).pathname)?.[1];
  return hash ? `shell@${hash}` : undefined;
}
