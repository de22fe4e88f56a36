import { type Span, SpanKind, SpanStatusCode, trace, context } from '@opentelemetry/api';
import type { mongo } from 'mongoose';
import type { Telemetry } from './telemetry';

/**
 * A child span for each MongoDB command a request's work sends, from the driver's command
 * monitoring (the client must be created with `monitorCommands: true`). The driver emits a
 * command's start in the caller's async context, so the span finds its request; commands sent
 * outside of a request (the change feed's polling, the recovery sweep) record nothing. The
 * command itself is not recorded: its filters and documents hold users' data.
 */
export function traceMongoCommands(client: mongo.MongoClient, telemetry: Telemetry): void {
  const spans = new Map<number, Span>();
  client.on('commandStarted', (event) => {
    const parent = trace.getSpan(context.active());
    if (!parent?.isRecording()) return;
    const target: unknown = event.command[event.commandName];
    const collection = typeof target === 'string' ? target : undefined;
    const span = telemetry.tracer.startSpan(
      collection ? `${event.commandName} ${collection}` : event.commandName,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'mongodb',
          'db.namespace': event.databaseName,
          'db.operation.name': event.commandName,
          ...(collection ? { 'db.collection.name': collection } : {}),
        },
      },
    );
    spans.set(event.requestId, span);
  });
  const end = (requestId: number, failure?: string) => {
    const span = spans.get(requestId);
    if (!span) return;
    spans.delete(requestId);
    if (failure !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: failure });
    span.end();
  };
  client.on('commandSucceeded', (event) => end(event.requestId));
  client.on('commandFailed', (event) => end(event.requestId, event.failure.message));
}
