import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { contract, endpointsOf, type ApiErrorBody } from '@coldmail/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Error as MongooseError, mongo } from 'mongoose';
import type { ErrorTracker } from '../telemetry/error-tracking';
import { PROBE_PATHS } from './probes';
import { UsageLimitReached } from './usage-limit-reached';

/** What a client is told while the database cannot be reached (it is worth trying again). */
export const DATABASE_UNAVAILABLE =
  'The service is temporarily unavailable. Please try again shortly.';

/**
 * The one place errors become responses, so every error has the shape
 * `{ statusCode, message, fieldErrors? }` and none carries a stack trace. Anything that is not a
 * deliberate HTTP error is logged and answered with a plain 500.
 */
/** The routes whose error answers also carry the text as `error` (see Route.errorField). */
const errorFieldRoutes = new Set(
  endpointsOf(contract)
    .filter((endpoint) => endpoint.errorField)
    .map((endpoint) => `${endpoint.method} ${endpoint.path}`),
);

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly errorTracker?: ErrorTracker) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const errorBody = errorBodyOf(exception);
    const route = `${request.method} ${request.routeOptions?.url ?? ''}`;
    const body = errorFieldRoutes.has(route)
      ? { ...errorBody, error: errorBody.message }
      : errorBody;
    if (body.statusCode >= 500) {
      // The request's logger: the line carries the request id the client got back.
      request.log.error({ err: exception }, 'Unhandled error');
      // A probe's 503 says the database is down or the instance is draining, every few seconds:
      // the log has it; the tracker keeps to the product's failures.
      if (!PROBE_PATHS.has(request.routeOptions?.url ?? '')) {
        this.errorTracker?.requestFailed(exception, request);
      }
    }
    if (reply.sent) return;
    if (exception instanceof UsageLimitReached) {
      void reply.header('retry-after', String(exception.retryAfterSeconds));
    }
    void reply.status(body.statusCode).send(body);
  }
}

export function errorBodyOf(exception: unknown): ApiErrorBody {
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'string') return { statusCode, message: response };
    const { message, fieldErrors } = response as { message?: unknown; fieldErrors?: unknown };
    return {
      statusCode,
      message: Array.isArray(message)
        ? message.join('; ')
        : typeof message === 'string'
          ? message
          : exception.message,
      ...(fieldErrors && typeof fieldErrors === 'object'
        ? { fieldErrors: fieldErrors as Record<string, string> }
        : {}),
    };
  }
  // Fastify and its plugins reject bad requests (body too large, malformed JSON, wrong content
  // type, bad multipart) with FST_* errors that carry a 4xx status and a message meant for clients.
  if (isFastifyClientError(exception)) {
    return { statusCode: exception.statusCode, message: exception.message };
  }
  if (isDatabaseUnavailable(exception)) return { statusCode: 503, message: DATABASE_UNAVAILABLE };
  return { statusCode: 500, message: 'Internal server error' };
}

/**
 * The database cannot be reached: no server to select, a dropped connection, or an operation
 * mongoose held while disconnected until it gave up. A 503 (the readiness probe says the same),
 * not a 500: nothing is wrong with the request.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  return (
    error instanceof mongo.MongoServerSelectionError ||
    error instanceof mongo.MongoNetworkError ||
    error instanceof MongooseError.MongooseServerSelectionError ||
    (error instanceof MongooseError && /buffering timed out/.test(error.message))
  );
}

function isFastifyClientError(
  error: unknown,
): error is Error & { statusCode: number; code: string } {
  if (!(error instanceof Error)) return false;
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  return (
    typeof code === 'string' &&
    code.startsWith('FST_') &&
    typeof statusCode === 'number' &&
    statusCode >= 400 &&
    statusCode < 500
  );
}
