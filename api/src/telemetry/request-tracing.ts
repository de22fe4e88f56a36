import { context } from '@opentelemetry/api';
import { contract, endpointsOf } from '@coldmail/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestTrace, Telemetry } from './telemetry';
import { PROBE_PATHS } from '../common/probes';
import { hooksOf } from '../common/route-hooks';

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
  const endpoints = new Map(
    endpointsOf(contract).map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint]),
  );
  const start = (request: FastifyRequest, route: string | undefined, endpoint?: string) => {
    request.trace = telemetry.startRequest(request.headers, {
      method: request.method,
      route,
      endpoint,
    });
  };
  // Each route's hooks are worked out once, when Nest adds the route: its endpoint's name is
  // known then, and a load balancer's probes (every few seconds, they would bury the product's
  // traces) get none. Reading the route per request (request.routeOptions builds an object of
  // twelve fields each time) cost more than the rest of the hook (`npm run bench:api`).
  fastify.addHook('onRoute', (route) => {
    if (PROBE_PATHS.has(route.url)) return;
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    const endpoint = endpoints.get(`${method} ${route.url}`);
    const url = route.url;
    route.onRequest = [
      ...hooksOf(route.onRequest),
      (request, _reply, done) => {
        start(request, url, endpoint?.key);
        context.with(request.trace!.context, done);
      },
    ];
    // Body parsing keeps the context (Fastify runs its parser in an AsyncResource), but a
    // multipart stream may not: an upload's handler re-enters it.
    if (!endpoint?.multipart) return;
    route.preHandler = [
      ...hooksOf(route.preHandler),
      (request, _reply, done) => {
        if (request.trace) context.with(request.trace.context, done);
        else done();
      },
    ];
  });
  // A request no route matched is traced too (it is counted, with its 404).
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (!request.is404) {
      done();
      return;
    }
    start(request, undefined);
    context.with(request.trace!.context, done);
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
