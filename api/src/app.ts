import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { HelmetOptions } from 'helmet';
import { CORS_REQUEST_HEADERS, MAX_UPLOAD_BYTES } from '@coldmail/contracts';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { registerApiDocs } from './common/api-docs';
import { cachePublicReads } from './common/public-read-caching';
import {
  createRootLogger,
  lazyRequestLogger,
  PinoNestLogger,
  RequestLogController,
  requestIdOf,
} from './common/logging';
import { PROBE_PATHS } from './common/probes';
import { ResponseCheckInterceptor } from './common/response-check.interceptor';
import { securityHeadersOf } from './common/security-headers';
import type { AppConfig } from './config/app-config';
import { ErrorTracker } from './telemetry/error-tracking';
import { traceRequests } from './telemetry/request-tracing';
import { Telemetry } from './telemetry/telemetry';

/** While shutting down, connections that finished their request are closed this often. */
const IDLE_SWEEP_MS = 50;

/** helmet's options for the headers of the API's answers (not its docs' pages). */
const ANSWER_SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginResourcePolicy: { policy: 'same-site' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  xContentTypeOptions: true,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** JSON bodies are small forms; anything bigger is refused with a 413 before it is parsed. */
const JSON_BODY_LIMIT_BYTES = 100 * 1024;

/**
 * The whole HTTP API, ready to listen: used by main.ts and by the e2e tests, so the tests run
 * exactly what production runs. Its error tracker is main.ts's (started before the database, to
 * report a failed start), or one of its own; the app closes it when it closes.
 */
export async function createApp(
  config: AppConfig,
  mongoUri: string,
  logger = createRootLogger(config.logLevel),
  errorTracker?: ErrorTracker,
): Promise<NestFastifyApplication> {
  const errors = errorTracker ?? (await ErrorTracker.start(config.errorTracking, logger));
  const adapter = new FastifyAdapter({
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    loggerInstance: logger,
    logController: new RequestLogController(logger, PROBE_PATHS),
    childLoggerFactory: lazyRequestLogger,
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Closing stops new connections and closes idle ones; requests under way finish, within the
    // shutdown grace (see the preClose hook below).
    forceCloseConnections: 'idle',
    // A client that stops sending mid-request (a dropped upload) would otherwise hold its
    // connection and its handler for ever: Fastify turns Node's limit off unless it is given.
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Node swaps the two limits when the headers' one is the longer (60 s by default).
      headersTimeout: Math.min(config.requestTimeoutMs, 60_000),
      // How often Node looks for expired requests (30 s by default), so the limit holds to
      // within a quarter of itself.
      connectionsCheckingInterval: Math.min(Math.ceil(config.requestTimeoutMs / 4), 30_000),
    },
    // The API has no Nest middleware (cross-cutting work is Fastify hooks, guards and filters),
    // so Fastify's Express-style middleware layer and its per-request hook are left out. A
    // module that adds middleware fails at start-up (Fastify has no use()), not silently.
    skipMiddie: true,
  });
  const telemetry = Telemetry.start(config.telemetry, logger);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, mongoUri, telemetry),
    adapter,
    // abortOnError false: a failed start-up rejects (and main.ts exits) instead of exiting here.
    // rawBody: PayPal webhooks are verified on the exact bytes PayPal sent (request.rawBody).
    { logger: new PinoNestLogger(logger), abortOnError: false, rawBody: true },
  );
  app.useGlobalFilters(new AllExceptionsFilter(errors));
  if (config.responseCheck) app.useGlobalInterceptors(new ResponseCheckInterceptor());

  // Every answer but the docs' pages is JSON or an image, which a browser never renders as a
  // page: helmet's headers for documents (framing, referrer, opener, DNS prefetch...) do nothing
  // there, and each header is work on every answer (`npm run bench:api`). These are the ones
  // that apply (OWASP's REST security cheat sheet): no sniffing a JSON answer into a page, no
  // script, plugin or framing should one be opened anyway, HTTPS only, and same-site reads
  // (uploaded images opt in to cross-origin use on their own route). The docs' pages get
  // helmet's full set (registerApiDocs). Worked out once from helmet (see securityHeadersOf).
  // Vary: Origin comes from @fastify/cors (below), on every answer: the allowed origins are a
  // list, so an answer depends on the caller's Origin.
  const answerHeaders = securityHeadersOf(ANSWER_SECURITY_HEADERS);
  const fastify = app.getHttpAdapter().getInstance();
  traceRequests(fastify, telemetry);
  // After the requests under way and the modules: the last reports go before the app is closed.
  fastify.addHook('onClose', async () => errors.close());
  cachePublicReads(fastify);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(answerHeaders).header('x-request-id', request.id);
    done();
  });
  // Requests under way get the grace to finish; then their connections are closed, so a stream
  // (server-sent events, hijacked from Fastify) cannot hold the shutdown for ever. Node closes
  // only the connections idle when closing starts: one that finishes its request later would
  // stay open for its keep-alive time, so idle connections are closed as they appear.
  fastify.addHook('preClose', (done) => {
    const { server } = fastify;
    const idle = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    const force = setTimeout(() => server.closeAllConnections(), config.shutdown.graceMs).unref();
    server.once('close', () => {
      clearInterval(idle);
      clearTimeout(force);
    });
    done();
  });
  await fastify.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });
  // @fastify/cors on Fastify itself, not through app.enableCors(): Nest's way copies the CORS
  // headers onto the raw response on every request, for Nest middleware, which the API has none
  // of (skipMiddie above), and that copy cost more than the CORS work (`npm run bench:api`).
  await fastify.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [...CORS_REQUEST_HEADERS],
    // Content-Disposition: the name a list's CSV export downloads as (?format=csv).
    exposedHeaders: ['X-Request-Id', 'Content-Disposition'],
    maxAge: 600,
  });
  if (config.apiDocs) registerApiDocs(app);
  return app;
}
