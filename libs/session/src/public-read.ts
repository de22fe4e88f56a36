import { newTraceparent } from '@coldmail/contracts/trace-context';
import { errorOfAnswer, ApiError } from './api-error';
import { bearerToken, useSession } from './store';

const TIMEOUT_MS = 30_000;

type Query = Record<string, string | number | boolean | undefined>;

/** Whether fetch can send `query` exactly as axios would: flat values only. */
export function isFlatQuery(query: unknown): query is Query | undefined {
  return (
    query === undefined ||
    (typeof query === 'object' &&
      query !== null &&
      Object.values(query).every((value) => value === undefined || typeof value !== 'object'))
  );
}

function urlOf(path: string, query: Query | undefined): string {
  const base = useSession.getState().apiBaseUrl.replace(/\/+$/, '');
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const queryString = search.toString();
  return `${base}${path}${queryString ? `?${queryString}` : ''}`;
}

/**
 * A public read (GET) over fetch, with the axios client's base URL, bearer token, time-out and
 * errors. The landing page and the other visitor pages read only public endpoints, so they do
 * not load axios (about 14 KB of gzipped JavaScript) at all; it loads with the first other call.
 */
export async function publicRead(path: string, query: Query | undefined): Promise<unknown> {
  const token = await bearerToken();
  let response: Response;
  try {
    response = await fetch(urlOf(path, query), {
      headers: {
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}`, traceparent: newTraceparent() } : {}),
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(
      error instanceof DOMException && error.name === 'TimeoutError'
        ? `timeout of ${TIMEOUT_MS}ms exceeded`
        : error instanceof Error
          ? error.message
          : String(error),
      0,
    );
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: kept as text, like axios does.
  }
  if (!response.ok) throw errorOfAnswer(response.status, body);
  return body;
}
