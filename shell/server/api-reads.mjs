// The renderer's reads of the API: public GETs (the landing content, the packages, an item).
// Every page asks again, so an admin's edit shows on the next page load, as it did when the
// browser read the API itself (a page carries its reads, and the browser keeps them fresh for
// 30 s: an older answer here would stay on screen that long). What makes it cheap: the answer
// is kept with its ETag and asked for with If-None-Match (an unchanged one costs a 304 and no
// parsing), and the pages rendered at the same moment share one read of each path.
/** A read that takes longer fails, and the page falls back to the browser's rendering. */
const READ_TIMEOUT_MS = 2000;
/** At most this many paths are kept (items are many; the oldest go first). */
const MAX_KEPT = 500;

/**
 * What a connection that closed under a request fails with: most often a kept-alive socket the
 * API closed just as it was reused, a race undici's fetch does not retry (nodejs/undici#3492).
 * Such a read is asked once more, on a fresh connection; it is a GET, safe to repeat.
 */
const CLOSED_UNDER_US = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/** fetch's "fetch failed" with what failed under it (its cause), for the log. */
function failureOf(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { text: String(error), code: undefined };
  const cause = /** @type {{ code?: string, message?: string } | undefined} */ (error.cause);
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const detail = [code, cause?.message].filter(Boolean).join(': ');
  return { text: detail ? `${error.message} (${detail})` : error.message, code };
}

/** A failed read, as the server entries expect one: the answer's status (0: no answer). */
class ReadError extends Error {
  /** @param {string} message @param {number} status */
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** The header that carries the renderer's credential (the API's RENDERER_TOKEN). */
export const RENDERER_TOKEN_HEADER = 'x-renderer-token';

/**
 * @param {object} options
 * @param {string} options.apiUrl where the renderer reaches the API (may differ from browsers')
 * @param {string} [options.token] the credential the API knows the renderer by: its reads are
 *   counted on a limit of their own, never on the visitors' (all of them would share the
 *   renderer's one address)
 * @param {typeof fetch} [options.fetch]
 * @returns {{ read(path: string): Promise<unknown> }}
 */
export function createApiReader({ apiUrl, token, fetch: fetchImpl = fetch }) {
  const base = apiUrl.replace(/\/+$/, '');
  /** @type {Map<string, { etag: string, body: unknown }>} */
  const kept = new Map();
  /** @type {Map<string, Promise<unknown>>} */
  const reading = new Map();

  /** @param {string} path */
  async function readFromApi(path) {
    const before = kept.get(path);
    let response;
    for (let attempt = 1; !response; attempt += 1) {
      try {
        response = await fetchImpl(`${base}${path}`, {
          headers: {
            accept: 'application/json',
            ...(token ? { [RENDERER_TOKEN_HEADER]: token } : {}),
            ...(before?.etag ? { 'if-none-match': before.etag } : {}),
          },
          signal: AbortSignal.timeout(READ_TIMEOUT_MS),
        });
      } catch (error) {
        const failure = failureOf(error);
        if (attempt === 1 && failure.code && CLOSED_UNDER_US.has(failure.code)) continue;
        throw new ReadError(failure.text, 0);
      }
    }
    if (response.status === 304 && before) return before.body;
    const text = await response.text();
    /** @type {unknown} */
    let body = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: kept as text, as the browser's client does.
    }
    if (!response.ok) {
      const message =
        body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
          ? body.message
          : `HTTP error! Status: ${response.status}`;
      throw new ReadError(message, response.status);
    }
    kept.delete(path);
    const etag = response.headers.get('etag');
    if (etag) kept.set(path, { etag, body });
    if (kept.size > MAX_KEPT) kept.delete(/** @type {string} */ (kept.keys().next().value));
    return body;
  }

  return {
    read(path) {
      let pending = reading.get(path);
      if (!pending) {
        pending = readFromApi(path).finally(() => reading.delete(path));
        reading.set(path, pending);
      }
      return pending;
    },
  };
}
