/** The one error shape every caller sees, whatever failed underneath. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    /** Field messages from a 400 validation answer, keyed by field path. */
    readonly fieldErrors: Record<string, string> = {},
    /**
     * The trace id of the call's traceparent, when it sent one (see trace-context.ts): the API's
     * logs and error reports of the call carry it, and so does the page's report of this error.
     */
    readonly traceId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  message?: unknown;
  error?: unknown;
  fieldErrors?: unknown;
}

/** The spec's words for an error status the answer gives no reason for. */
const statusText = (status: number) => `HTTP error! Status: ${status}`;

/** An error answer's ApiError: the API's message (or the spec's older `error`) and fields. */
export function errorOfAnswer(status: number, body: unknown, traceId?: string): ApiError {
  const answer = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  const message =
    typeof answer.message === 'string' && answer.message
      ? answer.message
      : typeof answer.error === 'string' && answer.error
        ? answer.error
        : statusText(status);
  const fieldErrors =
    answer.fieldErrors && typeof answer.fieldErrors === 'object'
      ? (answer.fieldErrors as Record<string, string>)
      : {};
  return new ApiError(message, status, fieldErrors, traceId);
}

/** The server answered with an error status but said nothing of why (no message in its body). */
export function answeredWithoutMessage(error: ApiError): boolean {
  return error.status > 0 && error.message === statusText(error.status);
}

/**
 * A failed list read as the spec's tables word it: 'HTTP error! Status: {code}' when the server
 * answered, the network's reason if not.
 */
export function readFailureText(error: ApiError): string {
  return error.status ? statusText(error.status) : error.message;
}

/** What axios rejects with (recognised by its flag, so this module does not load axios). */
interface AxiosLikeError {
  isAxiosError: true;
  message: string;
  config?: { headers?: Record<string, unknown> };
  response?: { status: number; data?: unknown };
}

/** The trace id of a W3C traceparent header. */
export function traceIdOf(traceparent: unknown): string | undefined {
  return typeof traceparent === 'string'
    ? /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/.exec(traceparent)?.[1]
    : undefined;
}

function isAxiosError(error: unknown): error is AxiosLikeError {
  return (error as { isAxiosError?: unknown } | null)?.isAxiosError === true;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    const status = error.response?.status ?? 0;
    const traceId = traceIdOf(error.config?.headers?.traceparent);
    return status
      ? errorOfAnswer(status, error.response?.data, traceId)
      : new ApiError(error.message, 0, {}, traceId);
  }
  return new ApiError(error instanceof Error ? error.message : String(error), 0);
}

/**
 * A failure a stream reported after it started (its `error` event; see stream.ts), as opposed to
 * a refusal before it (an ordinary error answer): the work was under way when it failed.
 */
export class StreamError extends ApiError {}
