import { randomUUID } from 'node:crypto';
import {
  type Attributes,
  context,
  type Context,
  createNoopMeter,
  diag,
  DiagLogLevel,
  INVALID_SPAN_CONTEXT,
  ProxyTracerProvider,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { CreditReason } from '@coldmail/contracts';
import type { Logger } from 'pino';
import type { TelemetryConfig } from '../config/app-config';

import { instrumentsOf, type Instruments } from './telemetry-instruments';

const SCOPE = 'coldmail-api';
const propagator = new W3CTraceContextPropagator();
const headerGetter: TextMapGetter<Record<string, unknown>> = {
  keys: (headers) => Object.keys(headers),
  get: (headers, key) => {
    const value = headers[key];
    return typeof value === 'string' || Array.isArray(value)
      ? (value as string | string[])
      : undefined;
  },
};

/** One request's span and the context its work runs in. */
export interface RequestTrace {
  readonly span: Span;
  readonly context: Context;
  /** The endpoint's name in the contract ('packages.list'), or the method for no route. */
  readonly name: string;
  readonly route: string | undefined;
  /** performance.now() when the request arrived. */
  readonly startedAt: number;
  /** Set when the answer has gone (or the client has). */
  ended: boolean;
}

/**
 * The API's traces and metrics (OpenTelemetry), exported over OTLP/HTTP when the collector's
 * endpoint is configured. Off, every method is a no-op costing next to nothing, and nothing is
 * registered with the process. Each app has its own (the tests run several in one process); only
 * the context manager is process-wide, as OpenTelemetry's context API requires.
 *
 * A span per request named by its contract endpoint (see request-tracing.ts), child spans for
 * MongoDB commands (mongo-tracing.ts), PayPal and Gemini calls (`clientSpan`), and the trace id
 * in every log line written while a request's work runs.
 */
export class Telemetry {
  private constructor(
    readonly enabled: boolean,
    readonly tracer: Tracer,
    private readonly instruments: Instruments,
    private readonly providers: { shutdown(): Promise<void> }[],
  ) {}

  static start(config: TelemetryConfig, logger: Logger): Telemetry {
    if (!config.endpoint) return Telemetry.off();
    // Process-wide, set once: the first telemetry that needs it installs it.
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    // A collector that is down or refuses the exports is said in the API's own log.
    const warn = (message: string, ...args: unknown[]) =>
      logger.warn({ context: 'OpenTelemetry', details: args.map(String) }, message);
    diag.setLogger(
      { error: warn, warn, info: () => {}, debug: () => {}, verbose: () => {} },
      DiagLogLevel.WARN,
    );
    const resource = resourceFromAttributes({
      [ATTR_SERVICE_NAME]: config.serviceName,
      // Several instances report the same service: each says which it is.
      'service.instance.id': randomUUID(),
    });
    const tracerProvider = new TracerProvider({
      resource,
      // Every trace is recorded at the configured ratio, decided from its id (so the instances
      // agree), whatever the caller's traceparent says: its sampled flag comes from the internet
      // (a browser, anyone), and obeying it would let one client fill the span queue.
      sampler: new ParentBasedSampler({
        root: new TraceIdRatioBasedSampler(config.sampleRatio),
        remoteParentSampled: new TraceIdRatioBasedSampler(config.sampleRatio),
        remoteParentNotSampled: new TraceIdRatioBasedSampler(config.sampleRatio),
      }),
      spanProcessors: [
        new BatchSpanProcessor({
          exporter: new OTLPTraceExporter({
            url: `${config.endpoint}/v1/traces`,
            headers: config.headers,
          }),
          // Past the queue's room spans are dropped, never queued without bound.
          maxQueueSize: config.spanBatches.maxQueue,
          maxExportBatchSize: config.spanBatches.maxBatch,
          scheduledDelayMillis: config.spanBatches.delayMs,
        }),
      ],
    });
    const meterProvider = new MeterProvider({
      resource,
      readers: [
        new PeriodicExportingMetricReader({
          exporter: new OTLPMetricExporter({
            url: `${config.endpoint}/v1/metrics`,
            headers: config.headers,
          }),
          exportIntervalMillis: config.metricIntervalMs,
          exportTimeoutMillis: Math.min(config.metricIntervalMs, 30_000),
        }),
      ],
    });
    return new Telemetry(
      true,
      tracerProvider.getTracer(SCOPE),
      instrumentsOf(meterProvider.getMeter(SCOPE)),
      [tracerProvider, meterProvider],
    );
  }

  static off(): Telemetry {
    // A proxy with no delegate hands out OpenTelemetry's no-op tracer.
    return new Telemetry(
      false,
      new ProxyTracerProvider().getTracer(SCOPE),
      instrumentsOf(createNoopMeter()),
      [],
    );
  }

  /**
   * A request's span, continuing the caller's trace when it sent a W3C `traceparent`. `route` is
   * the route's pattern ('/edit-package/:id'), never the URL (query strings carry addresses).
   */
  startRequest(
    headers: Record<string, unknown>,
    request: { method: string; route: string | undefined; endpoint: string | undefined },
  ): RequestTrace {
    const name = request.endpoint ?? request.method;
    const parent = propagator.extract(ROOT_CONTEXT, headers, headerGetter);
    const attributes: Attributes = { 'http.request.method': request.method };
    if (request.route !== undefined) attributes['http.route'] = request.route;
    if (request.endpoint !== undefined) attributes['coldmail.endpoint'] = request.endpoint;
    const span = this.tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
    return {
      span,
      context: trace.setSpan(parent, span),
      name,
      route: request.route,
      startedAt: performance.now(),
      ended: false,
    };
  }

  /** Ends a request's span and counts it. `status` 0: the client went away first. */
  endRequest(request: RequestTrace, method: string, status: number): void {
    if (request.ended) return;
    request.ended = true;
    const attributes: Attributes = {
      'http.request.method': method,
      'coldmail.endpoint': request.name,
      'http.response.status_code': status,
    };
    if (request.route !== undefined) attributes['http.route'] = request.route;
    if (status >= 500 || status === 0) {
      attributes['error.type'] = status === 0 ? 'aborted' : String(status);
      request.span.setStatus({ code: SpanStatusCode.ERROR });
    }
    request.span.setAttribute('http.response.status_code', status);
    request.span.end();
    this.instruments.requestDuration.record(
      (performance.now() - request.startedAt) / 1000,
      attributes,
    );
  }

  /**
   * Runs an outside call (PayPal, Gemini) in a client span under the current one; a rejection
   * marks the span failed (its message only: PayPal's and Google's never carry our secrets).
   */
  async clientSpan<T>(
    name: string,
    attributes: Attributes,
    work: (span: Span) => Promise<T>,
  ): Promise<T> {
    if (!this.enabled) return work(trace.wrapSpanContext(INVALID_SPAN_CONTEXT));
    return this.tracer.startActiveSpan(
      name,
      { kind: SpanKind.CLIENT, attributes },
      async (span) => {
        try {
          return await work(span);
        } catch (error) {
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: error instanceof Error ? error.message : String(error),
          });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  }

  /** An order was paid (once per order) or refunded (once per refund). */
  payment(
    event: 'paid' | 'refunded',
    order: { kind: 'package' | 'item'; currency: string; cents: number },
  ): void {
    const attributes = {
      'coldmail.payment.event': event,
      'coldmail.order.kind': order.kind,
      currency: order.currency,
    };
    this.instruments.payments.add(1, attributes);
    this.instruments.paymentAmount.add(order.cents, attributes);
  }

  /** A ledger entry was applied (once per entry). */
  creditsChanged(reason: CreditReason, delta: number): void {
    if (reason === 'purchase') this.instruments.creditsSold.add(delta);
    // A generation's debit is negative and its refund positive: spent goes up, then back down.
    else if (reason === 'generation' || reason === 'generation-refund') {
      this.instruments.creditsSpent.add(-delta);
    }
  }

  generation(seconds: number, outcome: 'generated' | 'failed', streamed: boolean): void {
    this.instruments.generationDuration.record(seconds, {
      'coldmail.generation.outcome': outcome,
      'coldmail.generation.streamed': streamed,
    });
  }

  /** A Gemini call failed with this key (its id, never the key itself). */
  geminiFailure(keyId: string, kind: string): void {
    this.instruments.geminiFailures.add(1, { 'coldmail.gemini.key_id': keyId, 'error.type': kind });
  }

  /** Exports what is left and stops. */
  async shutdown(): Promise<void> {
    await Promise.all(this.providers.map((provider) => provider.shutdown()));
  }
}

/** The ids a log line carries while a request's work runs (empty outside of one). */
export function activeTraceIds(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
