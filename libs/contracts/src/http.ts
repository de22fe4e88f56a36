// Free of zod on purpose: the browser's typed client imports the route table through the
// `@coldmail/contracts/routes` entry and pays for no schema. The schemas are attached to the
// same entries in ./api.ts, which the API and the tests import.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The request headers a browser may send the API from another origin (CORS): the bearer token,
 * JSON bodies, a request id, and the W3C trace context the typed client sends.
 */
export const CORS_REQUEST_HEADERS = [
  'Authorization',
  'Content-Type',
  'X-Request-Id',
  'traceparent',
  'tracestate',
] as const;

/**
 * Who may call an endpoint. The API enforces it from the verified token; `owner` is a signed-in
 * caller whom the service then checks against the resource (their own order, ticket, record),
 * and `public-identified` is public but identifies a caller who sends a token (admins get more).
 */
export type Access = 'public' | 'public-identified' | 'signed-in' | 'owner' | 'admin';

/** One endpoint's place on the wire: method, path (with `:param`s) and who may call it. */
export interface Route {
  readonly method: HttpMethod;
  /** Router syntax, e.g. '/order/:id'. */
  readonly path: string;
  readonly access: Access;
  /** The success status when it is not 200 (Nest answers 201 to a POST unless told). */
  readonly status?: number;
  /**
   * A sensitive action (an admin's on users' roles and deletion, payment and key settings; a
   * user's export or deletion of their own account): the token is checked with Firebase each
   * time, so a revoked session or a disabled or deleted account is refused at once.
   */
  readonly sensitive?: boolean;
  /** The body is multipart form data (a file upload), not JSON. */
  readonly multipart?: boolean;
  /**
   * The domains whose reads a successful call makes stale; a write's own domain when left out.
   * A payment, for one, changes the buyer's orders, record (the balance) and credit history:
   * the apps refresh what they show of them without naming them at each call.
   */
  readonly invalidates?: readonly string[];
  /**
   * Not called through the typed client: bytes rather than JSON (an image), or a caller other
   * than our apps (PayPal's webhook) whose body is read raw.
   */
  readonly raw?: boolean;
  /**
   * The answer is server-sent events: `chunk` events ({ text }) as it is written, then `done`
   * (the response) or `error` ({ statusCode, message }). A refusal before the first event is an
   * ordinary JSON error answer. The typed client reads it as it arrives.
   */
  readonly stream?: boolean;
  /**
   * The spec's client reads a failure's text from `error`: the error answers carry it beside
   * `message` (the same text).
   */
  readonly errorField?: boolean;
}

/** Endpoints grouped by domain: `routes.packages.list`. */
export type RouteTable = Readonly<Record<string, Readonly<Record<string, Route>>>>;

export const defineRoutes = <const Table extends RouteTable>(table: Table): Table => table;

/** One domain's entries, kept literal (methods, paths, access) for the types built on them. */
export const domainRoutes = <const Table extends Readonly<Record<string, Route>>>(
  table: Table,
): Table => table;

/** The domains a successful call of `route` (in `domain`) makes stale: none for a read. */
export function staleDomainsOf(domain: string, route: Route): readonly string[] {
  if (route.method === 'GET') return [];
  return route.invalidates ?? [domain];
}

/** The success status of a route, as the API answers it. */
export function successStatusOf(route: Route): number {
  return route.status ?? (route.method === 'POST' ? 201 : 200);
}

/** '/order/:id' + { id: 'x y' } → '/order/x%20y'. A missing parameter is a programming error. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Matches a concrete path against a route path; the decoded parameters, or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  const match = new RegExp(`^${source}$`).exec(path);
  if (!match) return null;
  return Object.fromEntries(
    names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
  );
}
