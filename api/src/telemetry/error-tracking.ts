import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { isSpanContextValid } from '@opentelemetry/api';
import type { ErrorEvent, Scope } from '@sentry/node-core/light';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { ErrorTrackingConfig } from '../config/app-config';

/** How long a crash waits for its report to go before the process exits. */
const CRASH_FLUSH_MS = 2000;
const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-([\da-f]{16})-[\da-f]{2}$/;

/**
 * The API's errors reported to an error tracker (Sentry's Node SDK in its light mode, which
 * leaves OpenTelemetry alone: our TracerProvider stays the only one). Off when SENTRY_DSN is
 * unset: the SDK is not even loaded. Each app has its own client and scope, nothing is
 * registered with the process (the tests run several apps in one), and main.ts reports a crash.
 *
 * Reported: what the global exception filter answers with a 5xx (never a 4xx), and a crash,
 * tagged with the release, the request's trace id, request id, method and route pattern. Never
 * sent: the request itself (body, headers, cookies, URL, query, the caller's address or user).
 */
export class ErrorTracker {
  private constructor(private readonly scope: Scope | null) {}

  static off(): ErrorTracker {
    return new ErrorTracker(null);
  }

  static async start(config: ErrorTrackingConfig, logger: Logger): Promise<ErrorTracker> {
    if (!config.dsn) return ErrorTracker.off();
    const sentry = await import('@sentry/node-core/light');
    const release = config.release ?? (await buildReleaseOf(resolve(__dirname, '..')));
    const client = new sentry.LightNodeClient({
      dsn: config.dsn,
      environment: config.environment,
      release,
      sendDefaultPii: false,
      transport: sentry.makeNodeTransport,
      stackParser: sentry.defaultStackParser,
      // No request data, console or HTTP breadcrumbs: a report carries the error and our tags.
      integrations: [
        sentry.linkedErrorsIntegration(),
        sentry.contextLinesIntegration(),
        sentry.nodeContextIntegration(),
      ],
      beforeSend: withoutRequestData,
    });
    const scope = new sentry.Scope();
    scope.setClient(client);
    client.init();
    logger.info({ context: 'ErrorTracking', release }, 'Errors are reported to the error tracker');
    return new ErrorTracker(scope);
  }

  get enabled(): boolean {
    return this.scope !== null;
  }

  /** An error the exception filter answered with a 5xx. */
  requestFailed(error: unknown, request: FastifyRequest): void {
    if (!this.scope) return;
    const scope = this.scope.clone();
    const spanContext = request.trace?.span.spanContext();
    // The request's span when it is traced, else the caller's traceparent (a browser's).
    const trace =
      spanContext && isSpanContextValid(spanContext)
        ? { traceId: spanContext.traceId, propagationSpanId: spanContext.spanId }
        : traceOfHeader(request.headers.traceparent);
    scope.setTags({
      request_id: request.id,
      method: request.method,
      route: request.routeOptions?.url ?? '(no route)',
    });
    if (trace) {
      scope.setTag('trace_id', trace.traceId);
      // The report's trace context is then ours (OpenTelemetry's ids), not one of Sentry's.
      scope.setPropagationContext({ ...trace, sampleRand: Math.random() });
    }
    scope.captureException(error, { mechanism: { type: 'coldmail.http', handled: false } });
  }

  /** The process is about to exit on an uncaught error: reported, and sent before it goes. */
  async crashed(error: unknown, kind: string): Promise<void> {
    if (!this.scope) return;
    const scope = this.scope.clone();
    scope.setTag('crash', kind);
    scope.captureException(error, { mechanism: { type: 'coldmail.crash', handled: false } });
    await this.scope.getClient()?.flush(CRASH_FLUSH_MS);
  }

  /** Sends what is queued and stops. */
  async close(timeoutMs = CRASH_FLUSH_MS): Promise<void> {
    await this.scope?.getClient()?.close(timeoutMs);
  }
}

/** The trace id and parent span id of a caller's W3C traceparent. */
function traceOfHeader(header: unknown): { traceId: string; parentSpanId: string } | null {
  const match = typeof header === 'string' ? TRACEPARENT.exec(header) : null;
  const [, traceId, parentSpanId] = match ?? [];
  return traceId && parentSpanId && !/^0+$/.test(traceId) ? { traceId, parentSpanId } : null;
}

/** Whatever an integration may have added of the request or the caller is dropped. */
function withoutRequestData(event: ErrorEvent): ErrorEvent {
  const { request: _request, user: _user, ...rest } = event;
  return rest;
}

/**
 * The API's release when SENTRY_RELEASE is unset: a hash of the code it runs (its dist/ folder),
 * as a remote's release id is a hash of its build (tools/release), so every instance of one
 * build reports the same release.
 */
async function buildReleaseOf(codeDir: string): Promise<string> {
  const entries = await readdir(codeDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(codeDir, join(entry.parentPath, entry.name)))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(join(codeDir, file)));
  }
  return `api@${hash.digest('hex').slice(0, 16)}`;
}
