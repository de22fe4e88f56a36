// The peer's tracing, as OpenTelemetry's documentation has a NestJS app start it: the Node SDK
// with the auto-instrumentations (HTTP, Fastify, NestJS, mongoose, the MongoDB driver...),
// started before anything it instruments is loaded. Where it exports and how much it samples
// come from the standard variables the benchmark sets as it sets them for the API:
// OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL=http/json,
// OTEL_TRACES_SAMPLER=parentbased_traceidratio and OTEL_TRACES_SAMPLER_ARG, and
// OTEL_LOGS_EXPORTER=none (log lines stay in the log, as the API's do). Metrics go to the same
// collector every 60 s, as the API's do.
import { getNodeAutoInstrumentations } from '@opentelemetry/auto-instrumentations-node';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';

export const sdk = new NodeSDK({
  serviceName: 'coldmail-peer',
  metricReaders: [
    new PeriodicExportingMetricReader({
      exporter: new OTLPMetricExporter(),
      exportIntervalMillis: 60_000,
    }),
  ],
  instrumentations: [
    getNodeAutoInstrumentations({
      // The probes are not traced, as the API's are not (a load balancer's would bury the rest).
      '@opentelemetry/instrumentation-http': {
        ignoreIncomingRequestHook: (request) => request.url?.startsWith('/api/health') ?? false,
      },
    }),
  ],
});
sdk.start();
