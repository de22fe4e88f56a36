import type { ApiContract, InputOf, ResponseOf } from '@coldmail/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { buildPath, staleDomainsOf, type Route } from '@coldmail/contracts/http';
import { ApiError, toApiError } from './api-error';
import { isFlatQuery, publicRead } from './public-read';
import { isMeKey, setConnectedClient } from './query-cache';

// A call of the typed client fails only with an ApiError (see `callOf`): that is the `error`
// of every useQuery and useMutation.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

type Domain = keyof ApiContract;
/** An input that has no required part may be left out. */
type Args<E> = object extends InputOf<E> ? [input?: InputOf<E>] : [input: InputOf<E>];
/** A query key: [domain, name, input]. Invalidating [domain] refreshes every read of a domain. */
export type ApiQueryKey = readonly [string, string, unknown];

export interface EndpointCall<E> {
  (...args: Args<E>): Promise<ResponseOf<E>>;
  /** This call's TanStack Query key. */
  key(...args: Args<E>): ApiQueryKey;
  /** `useQuery(api.packages.list.query())`: the key and the function that loads it. */
  query(...args: Args<E>): {
    queryKey: ApiQueryKey;
    queryFn: () => Promise<ResponseOf<E>>;
  };
}

/** A stream entry's call: `onText` gets the text so far as it arrives; resolves to the answer. */
interface StreamCall<E> {
  (
    input: InputOf<E>,
    onText: (soFar: string) => void,
    signal?: AbortSignal,
  ): Promise<ResponseOf<E>>;
}

type Callable<Entries> = {
  readonly [
    Name in keyof Entries as Entries[Name] extends { raw: true } ? never : Name
  ]: Entries[Name] extends { stream: true }
    ? StreamCall<Entries[Name]>
    : EndpointCall<Entries[Name]>;
};

/** The typed client: `api.<domain>.<endpoint>(input)`, one function per contract entry. */
export type ApiClient = { readonly [D in Domain]: Callable<ApiContract[D]> };

interface Input {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** Refreshes the reads of the domains a successful write made stale (see connectQueryCache). */
let staleHandler: (domains: readonly Domain[]) => Promise<unknown> = async () => {};

/**
 * Gives the session the one query cache of the running site (the shell's; a test, its own).
 * After each successful write of the typed client, the reads of the domains its contract entry
 * makes stale (`invalidates`) are invalidated; the write resolves once the reads on screen have
 * been fetched again (a failed read stays an error of its own query), so whatever follows a
 * write (a toast, a navigation, focus) meets the new state on every screen, with no call naming
 * the domains. The signed-in user's record is a query of this cache too (see useMe).
 */
export function connectQueryCache(queryClient: QueryClient): void {
  setConnectedClient(queryClient);
  staleHandler = (domains) =>
    Promise.all(
      domains.map((domain) =>
        queryClient.invalidateQueries({
          queryKey: [domain],
          // The record's first load may be the writer (it creates a missing record): its answer
          // is the new record, and waiting for it here would wait for itself.
          predicate: (query) =>
            !(
              isMeKey(query.queryKey) &&
              query.state.fetchStatus === 'fetching' &&
              query.state.data === undefined
            ),
        }),
      ),
    );
}

type RouteTable = Readonly<Record<string, Readonly<Record<string, Route>>>>;

let routeTable: Promise<RouteTable> | undefined;

/**
 * Every endpoint's route, loaded with the first call (about 1.6 KB of gzipped JavaScript): a
 * visitor's server-rendered page starts from the reads the server made, so it never loads it.
 */
const loadRoutes = (): Promise<RouteTable> =>
  (routeTable ??= import('@coldmail/contracts/routes').then(
    (module) => module.routes,
    (error: unknown) => {
      // Not kept: the next call loads it again (the network may be back).
      routeTable = undefined;
      throw toApiError(error);
    },
  ));

/**
 * Starts loading the route table now, for a page whose first calls are still to come (one the
 * server did not render): they then do not wait for it.
 */
export function preloadRoutes(): void {
  void loadRoutes();
}

async function routeOf(domain: string, name: string): Promise<Route> {
  const route = (await loadRoutes())[domain]?.[name];
  // A raw endpoint (bytes, a webhook) is not the typed client's to call; the types leave it out.
  if (!route || route.raw)
    throw new ApiError(`${domain}.${name} is not an endpoint of the client`, 0);
  return route;
}

/**
 * For a write made elsewhere (another tab paid the order this page shows): refreshes what its
 * contract entry makes stale, as the typed client does after its own calls.
 */
export async function refreshAfter<D extends Domain>(
  domain: D,
  name: keyof ApiContract[D] & string,
) {
  const route = (await loadRoutes())[domain as string]?.[name];
  if (route) await staleHandler(staleDomainsOf(domain, route) as readonly Domain[]);
}

/** The axios client, loaded with the first call that needs it (see publicRead). */
const axiosClient = () => import('./api-client').then((module) => module.apiClient);

/** A stream entry's call (see StreamCall), which refreshes what it makes stale like any write. */
async function streamCall(
  domain: string,
  route: Route,
  [input, onText, signal]: [Input, (soFar: string) => void, AbortSignal?],
) {
  // The stream reader loads with the first stream (the generator's), not with every page.
  const { readStream } = await import('./stream');
  const answer = await readStream(buildPath(route.path, input.params), input.body, onText, signal);
  const stale = staleDomainsOf(domain, route) as readonly Domain[];
  if (stale.length > 0) await staleHandler(stale);
  return answer;
}

async function requestOf(domain: string, route: Route, input: Input) {
  let data: unknown;
  try {
    const url = buildPath(route.path, input.params);
    if (route.method === 'GET' && route.access === 'public' && isFlatQuery(input.query)) {
      return await publicRead(url, input.query);
    }
    ({ data } = await (
      await axiosClient()
    ).request({ method: route.method, url, params: input.query, data: input.body }));
  } catch (error) {
    throw toApiError(error);
  }
  const stale = staleDomainsOf(domain, route) as readonly Domain[];
  if (stale.length > 0) await staleHandler(stale);
  return data;
}

/** `api.<domain>.<name>`: its call (a stream entry's takes the stream's arguments), key and query. */
function callOf(domain: string, name: string) {
  const call = async (...args: unknown[]) => {
    const route = await routeOf(domain, name);
    if (route.stream) {
      return streamCall(domain, route, args as Parameters<typeof streamCall>[2]);
    }
    return requestOf(domain, route, (args[0] as Input | undefined) ?? {});
  };
  const key = (input: Input = {}): ApiQueryKey => [domain, name, input];
  return Object.assign(call, {
    key,
    query: (input: Input = {}) => ({ queryKey: key(input), queryFn: () => call(input) }),
  });
}

/** Each domain's calls, made as they are first named (the route table is not loaded yet). */
function createApi(): ApiClient {
  const domains = new Map<string, Record<string, unknown>>();
  const domainOf = (domain: string) => {
    const calls = new Map<string, ReturnType<typeof callOf>>();
    return new Proxy<Record<string, unknown>>(
      {},
      {
        get: (_, name) => {
          if (typeof name !== 'string') return undefined;
          if (!calls.has(name)) calls.set(name, callOf(domain, name));
          return calls.get(name);
        },
      },
    );
  };
  return new Proxy({} as ApiClient, {
    get: (_, domain) => {
      if (typeof domain !== 'string') return undefined;
      if (!domains.has(domain)) domains.set(domain, domainOf(domain));
      return domains.get(domain);
    },
  });
}

/**
 * Every endpoint of the contract: public reads over fetch, every other call over the one axios
 * instance (both with the bearer token when signed in, and one error shape).
 */
export const api = createApi();

/**
 * The query (key and loader, as `api.<domain>.<name>.query()` gives it) of the public read at
 * `path`, such as a page's first read in the page registry; undefined when the contract has no
 * public GET without parameters there.
 */
export async function publicReadQuery(
  path: string,
): Promise<{ queryKey: ApiQueryKey; queryFn: () => Promise<unknown> } | undefined> {
  for (const [domain, entries] of Object.entries(await loadRoutes())) {
    for (const [name, route] of Object.entries(entries)) {
      const read = route.method === 'GET' && route.access === 'public' && !route.raw;
      if (read && route.path === path && !path.includes(':')) {
        return callOf(domain, name).query();
      }
    }
  }
  return undefined;
}

/** The key prefix of every read of a domain, for `invalidateQueries` after a mutation. */
export const domainKey = (domain: Domain): readonly [Domain] => [domain];
