import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import type { LoggerService } from '@nestjs/common';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import pino, {
  type Bindings,
  type ChildLoggerOptions,
  type LevelWithSilent,
  type LogFn,
  type Logger,
} from 'pino';
import { activeTraceIds } from '../telemetry/telemetry';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Fastify's request id generator: the caller's X-Request-Id when it looks like one (a gateway's
 * or the UI's), prefixed `client:` so that no caller can pass theirs off as one of ours or
 * another request's; otherwise a new UUID. createApp echoes it in the response and every log line
 * of the request carries it (reqId), so one id ties a user's report to the logs.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming)
    ? `client:${incoming}`
    : randomUUID();
}

/** The process's JSON logger (pino); Fastify derives a per-request child from it. */
export function createRootLogger(
  level: LevelWithSilent,
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { err: serializeError },
      // A line written while a request's work runs names its trace (telemetry on).
      mixin: activeTraceIds,
    },
    destination,
  );
}

/**
 * Fields of database errors that repeat the data itself (a duplicate key's value is often an
 * e-mail address): logs are kept longer and read by more people than the data.
 */
const DATA_FIELDS = ['keyValue', 'errorResponse', 'errInfo', 'writeErrors', 'result'];

const DUP_KEY = /dup key: \{.*?\}(?= *$|\n)/gm;

/** pino's error serializer, without the fields above (the message and code stay). */
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized: Record<string, unknown> = pino.stdSerializers.err(error);
  for (const field of DATA_FIELDS) delete serialized[field];
  // MongoDB's duplicate-key message quotes the value too.
  for (const field of ['message', 'stack'] as const) {
    const text = serialized[field];
    if (typeof text === 'string') serialized[field] = text.replace(DUP_KEY, 'dup key: { … }');
  }
  return serialized;
}

/**
 * One line per request when it completes, at a level by status (Fastify's default writes two
 * lines per request, "incoming request" and "request completed").
 *
 * Why not nestjs-pino: its pino-http middleware (through middie) and per-request async context
 * cost 30–40% of the API's throughput in `npm run bench:api`; Fastify's own pino integration
 * gives the same request-scoped JSON lines (with reqId) for a fraction of that.
 *
 * The line is the one pino would write (same fields, same order, pino's level numbers), put
 * together here: its fields are fixed (the URL with addresses taken out, no headers) and it names
 * its trace itself, so pino's serialisation, redaction and mixin passes did nothing but cost
 * (`npm run bench:api` measured them at a fifth of a liveness probe's time). The lines of the
 * requests answered in one turn of the event loop go to the destination together: sonic-boom
 * measures its whole pending buffer on every write, so one write per line cost as much again.
 * A failed request's line, which carries its error, is pino's own.
 */
export class RequestLogController extends LogController {
  private readonly lines: Logger;
  private readonly destination: pino.DestinationStream;
  /** The start of every line: the fields pino's base adds (pid, hostname). */
  private readonly head: string;
  private pending: string[] = [];

  /**
   * `quietPaths`: routes whose answered requests are logged at debug, not info: the health
   * probes, which an orchestrator and a load balancer call every few seconds on every instance
   * and whose lines would bury the product's (they are not traced either). A probe that fails is
   * logged as any request is.
   */
  constructor(
    root: Logger,
    private readonly quietPaths: ReadonlySet<string> = new Set(),
  ) {
    super();
    // pino.symbols is pino's public way to a logger's internals: here, where it writes.
    this.destination = (root as unknown as Record<symbol, pino.DestinationStream>)[
      pino.symbols.streamSym
    ] as pino.DestinationStream;
    this.lines = pino({ level: root.level }, this.destination);
    this.head = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const level =
      error || status >= 500
        ? 'error'
        : status >= 400
          ? 'warn'
          : this.quietPaths.has(request.url)
            ? 'debug'
            : 'info';
    if (!this.lines.isLevelEnabled(level)) return;
    const url = redactEmails(request.url);
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    if (error) {
      this.flush();
      this.lines[level](
        {
          reqId: request.id,
          req: { method: request.method, url },
          res: { statusCode: status },
          responseTime,
          ...traceIdsOf(request),
          err: serializeError(error),
        },
        'request completed',
      );
      return;
    }
    // Written after the request's work, outside its context: its trace is named here. The
    // method is one of the parser's tokens; the id and the URL are quoted as JSON.
    const trace = request.trace ? `,"trace_id":"${request.trace.span.spanContext().traceId}"` : '';
    this.pending.push(
      `{"level":${this.lines.levels.values[level]},"time":${Date.now()},${this.head},` +
        `"reqId":${JSON.stringify(request.id)},"req":{"method":"${request.method}",` +
        `"url":${JSON.stringify(url)}},"res":{"statusCode":${status}},` +
        `"responseTime":${responseTime}${trace},"msg":"request completed"}\n`,
    );
    if (this.pending.length === 1) {
      pendingLogs.add(this);
      setImmediate(this.flush);
    }
  }

  /** Hands the lines written so far to the destination, in one write. */
  readonly flush = (): void => {
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    pendingLogs.delete(this);
    this.destination.write(text);
  };
}

/**
 * Request lines not yet handed to their destination. A process that exits (a crash included)
 * hands them over first: this listener is added when the module loads, before pino's own, which
 * then writes everything out.
 */
const pendingLogs = new Set<RequestLogController>();
process.on('exit', () => {
  for (const controller of pendingLogs) controller.flush();
});

/**
 * Fastify's per-request logger (`request.log`), made only when something logs through it: a
 * pino child costs as much as the request's own line, and most requests log nothing else.
 */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(parent, bindings, options);
}

/**
 * A class, not an object of closures: one small object per request instead of ten functions and
 * an accessor pair, which `npm run bench:api` measured at a quarter of the request line's cost.
 */
class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.logger.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  fatal(...args: Parameters<LogFn>): void {
    this.logger.fatal(...args);
  }
  error(...args: Parameters<LogFn>): void {
    this.logger.error(...args);
  }
  warn(...args: Parameters<LogFn>): void {
    this.logger.warn(...args);
  }
  info(...args: Parameters<LogFn>): void {
    this.logger.info(...args);
  }
  debug(...args: Parameters<LogFn>): void {
    this.logger.debug(...args);
  }
  trace(...args: Parameters<LogFn>): void {
    this.logger.trace(...args);
  }
  silent(...args: Parameters<LogFn>): void {
    this.logger.silent(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

function traceIdsOf(request: FastifyRequest): { trace_id?: string } {
  return request.trace ? { trace_id: request.trace.span.spanContext().traceId } : {};
}

/** Anything shaped like an e-mail address, raw or percent-encoded (`%40`). */
const EMAIL_IN_URL = /[^\s/?&=#]+(?:@|%40)[^\s/?&=#]+/gi;

/**
 * A request URL fit for the logs: the spec's calls carry addresses in query strings
 * (`?userEmail=`, `?email=`), and logs are kept longer and read by more people than the data.
 */
export function redactEmails(url: string): string {
  if (!url.includes('@') && !url.includes('%40')) return url;
  return url.replace(EMAIL_IN_URL, '[email]');
}

/** Nest's logger interface on top of pino, so framework and service logs are JSON lines too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...context: unknown[]): void {
    this.write('info', message, context);
  }
  error(message: unknown, ...context: unknown[]): void {
    this.write('error', message, context);
  }
  warn(message: unknown, ...context: unknown[]): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, ...context: unknown[]): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, ...context: unknown[]): void {
    this.write('trace', message, context);
  }
  fatal(message: unknown, ...context: unknown[]): void {
    this.write('fatal', message, context);
  }

  /** Nest passes `(message, context)`, or `(message, stack, context)` for errors. */
  private write(level: pino.Level, message: unknown, params: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const strings = params.filter((param): param is string => typeof param === 'string');
    const context = strings.length > 0 ? strings[strings.length - 1] : undefined;
    const stack = strings.length > 1 ? strings[0] : undefined;
    if (message instanceof Error) {
      this.logger[level]({ context, err: message }, message.message);
    } else if (message && typeof message === 'object') {
      this.logger[level]({ context, ...(message as object) });
    } else {
      this.logger[level]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }
}
