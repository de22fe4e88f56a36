import { context } from '@opentelemetry/api';
import { contract, endpointsOf } from '@coldmail/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestTrace, Telemetry } from './telemetry';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's span and context (kept after it ends, for its log line); null when off. */
    trace: RequestTrace | null;
  }
}

/**
 * A span per request, named by its endpoint in the contract, in whose context the request's
 * work runs (guards, handler, the MongoDB, PayPal and Gemini calls under it); it ends when the
 * answer is sent, or when the client goes away, and the request is counted with its latency.
 */
export function traceRequests(fastify: FastifyInstance, telemetry: Telemetry): void {
  fastify.decorateRequest('trace', null);
  if (!telemetry.enabled) return;
  const endpointNames = new Map(
    endpointsOf(contract).map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint.key]),
  );
  const probes = new Set<string>(Object.values(contract.health).map((endpoint) => endpoint.path));
  fastify.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    // A load balancer probes every few seconds: its calls would bury the product's traces.
    if (route !== undefined && probes.has(route)) {
      done();
      return;
    }
    request.trace = telemetry.startRequest(request.headers, {
      method: request.method,
      route,
      endpoint: route === undefined ? undefined : endpointNames.get(`${request.method} ${route}`),
    });
    context.with(request.trace.context, done);
  });
  // Body parsing keeps the context (Fastify runs its parser in an AsyncResource), but a
  // multipart stream may not: the handler re-enters it.
  fastify.addHook('preHandler', (request, _reply, done) => {
    if (request.trace) context.with(request.trace.context, done);
    else done();
  });
  const end = (request: FastifyRequest, status: number) => {
    if (request.trace) telemetry.endRequest(request.trace, request.method, status);
  };
  fastify.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  fastify.addHook('onRequestAbort', (request, done) => {
    end(request, 0);
    done();
  });
}
