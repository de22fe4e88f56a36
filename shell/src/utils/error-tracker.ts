// The tracker's SDK (Sentry's, for the browser) and what the page tells it: loaded by
// error-reports.ts only when a DSN is configured, after the first paint. One client for the whole
// page: the remotes run in it, and their errors are told apart by the files they come from.
import {
  BrowserClient,
  dedupeIntegration,
  defaultStackParser,
  getCurrentScope,
  globalHandlersIntegration,
  linkedErrorsIntegration,
  makeFetchTransport,
  type ErrorEvent,
  type EventHint,
  type StackFrame,
} from '@sentry/browser';
import type { ErrorReport, ErrorSource, ErrorTrackingSettings, RemoteFile } from './error-reports';

/** The trace id of the API call an error came from (ApiError.traceId), down its causes. */
function traceIdOf(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const { traceId } = cause as { traceId?: unknown };
    if (typeof traceId === 'string') return traceId;
    cause = cause.cause;
  }
  return undefined;
}

const framesOf = (event: ErrorEvent): StackFrame[] =>
  (event.exception?.values ?? []).flatMap((exception) => exception.stacktrace?.frames ?? []);

/**
 * Fills in what the SDK cannot know: which remote raised the error (given by its boundary, else
 * the innermost frame in one of its files) with that remote's release as the event's release,
 * the failed API call's trace id, and each frame named as the release's source maps were given
 * under (tools/release): `app:///releases/<id>/assets/…` for a remote's file, `app:///assets/…`
 * for the shell's, wherever the site is served. Of the page, only its address without the query.
 */
function attribute(
  event: ErrorEvent,
  hint: EventHint,
  remoteFileOf: (url: string) => RemoteFile | null,
): ErrorEvent {
  const frames = framesOf(event);
  const given = (hint.data as { source?: ErrorSource } | undefined)?.source;
  const innermost = frames
    .map((frame) => (frame.filename ? remoteFileOf(frame.filename) : null))
    .reverse()
    .find((file) => file !== null);
  const source = given ?? innermost;
  const tags: Record<string, string> = { ...event.tags } as Record<string, string>;
  if (source) {
    tags.remote = source.remote;
    // A remote's build served as it is (development) has no release; the shell's is not its.
    event.release = source.release ? `${source.remote}@${source.release}` : undefined;
  }
  const traceId = traceIdOf(hint.originalException);
  if (traceId) tags.trace_id = traceId;
  event.tags = tags;
  for (const frame of frames) {
    if (!frame.filename) continue;
    const file = remoteFileOf(frame.filename);
    if (file) frame.filename = `app:///${file.path}`;
    else if (frame.filename.startsWith(`${window.location.origin}/`)) {
      frame.filename = `app:///${new URL(frame.filename).pathname.slice(1)}`;
    }
  }
  event.request = {
    url: `${window.location.origin}${window.location.pathname}`,
    headers: { 'User-Agent': navigator.userAgent },
  };
  return event;
}

/** Starts the page's one client; returns how the page's own reports reach it. */
export function startTracker(settings: ErrorTrackingSettings): (report: ErrorReport) => void {
  const client = new BrowserClient({
    dsn: settings.dsn,
    environment: settings.environment ?? 'production',
    release: settings.shellRelease,
    sendDefaultPii: false,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    // No breadcrumbs (the addresses the page called carry ids and queries) and no page data
    // beyond attribute()'s: the error, where it came from, the browser.
    integrations: [globalHandlersIntegration(), linkedErrorsIntegration(), dedupeIntegration()],
    beforeSend: (event, hint) => attribute(event, hint, settings.remoteFileOf),
  });
  getCurrentScope().setClient(client);
  client.init();
  return ({ error, source, mechanism }) => {
    getCurrentScope().captureException(error, {
      data: { source },
      mechanism: { type: mechanism, handled: false },
    });
  };
}
