import { newTraceparent } from '@coldmail/contracts/trace-context';
import { ApiError, traceIdOf } from './api-error';
import { bearerToken, useSession } from './store';

/**
 * A call the typed client's JSON handling does not fit (a server-sent stream, a CSV download):
 * fetch at the session's API address with the caller's token and a traceparent, as the axios
 * client sends them. A request that got no answer rejects with an ApiError of status 0.
 */
export async function apiFetch(
  path: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    signal?: AbortSignal;
  } = {},
): Promise<Response> {
  const token = await bearerToken();
  const traceparent = newTraceparent();
  try {
    return await fetch(`${useSession.getState().apiBaseUrl}${path}`, {
      ...init,
      headers: {
        ...init.headers,
        traceparent,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Network error';
    throw new ApiError(message, 0, {}, traceIdOf(traceparent));
  }
}
