import { buildPath, routes, type Route } from '@coldmail/contracts/routes';
import { createQueryClient, type Query, type QueryClient } from '@coldmail/query';
import { dehydrate } from '@coldmail/query/server';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { showFailure, type RenderedQuery, type ServerState } from './index';

export { SERVER_STATE_ID, serverStateBlock, type RenderedQuery, type ServerState } from './index';

/**
 * How a server entry reads the API: the renderer's reader (GET of a public path such as
 * `/packages`, answered from its short cache with the API's ETag). A failed read rejects with
 * the answer's status (0 when the API could not be reached) and message.
 */
export type PublicRead = (path: string) => Promise<unknown>;

/** A failed read as the renderer reports it. */
export interface ReadFailure {
  status: number;
  message: string;
}

/**
 * The API path of a query of the typed client (`[domain, name, input]`) when it is a public
 * read, as the browser would call it; null for anything else (a signed-in read, a write), which
 * the server leaves to the browser.
 */
export function publicPathOf(queryKey: readonly unknown[]): string | null {
  const [domain, name, input = {}] = queryKey as [string, string, Record<string, unknown>?];
  const route = (routes as Record<string, Record<string, Route> | undefined>)[domain]?.[name];
  if (!route || route.method !== 'GET' || route.access !== 'public') return null;
  const { params, query } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (typeof value === 'object') return null;
    search.set(key, String(value));
  }
  const path = buildPath(route.path, params);
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/** At most this many renders: each finds the reads the previous one's answers led to. */
const MAX_PASSES = 4;

/**
 * Renders `page` as HTML with the public reads it makes already answered: a first render shows
 * which queries the page asks for (TanStack Query registers them without fetching on a server),
 * `read` answers them, and the page is rendered again, until it asks for nothing new. A failed
 * read is kept as the query's error, as the browser would show it. Queries that are not public
 * reads (the signed-in user's) stay loading, for the browser.
 */
export async function renderWithReads(
  page: (client: QueryClient) => ReactElement,
  read: PublicRead,
): Promise<{ html: string; state: ServerState; failures: ReadFailure[] }> {
  const client = createQueryClient();
  const asked = new Set<string>();
  const failures: ReadFailure[] = [];
  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    html = renderToString(page(client));
    const wanted = client
      .getQueryCache()
      .getAll()
      .filter(
        (query) =>
          query.state.status === 'pending' &&
          !asked.has(query.queryHash) &&
          (query.options as { enabled?: unknown }).enabled !== false,
      );
    if (wanted.length === 0) break;
    await Promise.all(
      wanted.map(async (query) => {
        asked.add(query.queryHash);
        const path = publicPathOf(query.queryKey);
        if (path === null) return;
        try {
          client.setQueryData(query.queryKey, await read(path));
        } catch (error) {
          const failure = failureOf(error);
          failures.push(failure);
          showFailure(client, query.queryKey, failure, Date.now());
        }
      }),
    );
  }
  return { html, state: dehydrate(client, { shouldDehydrateQuery: settled }), failures };
}

function failureOf(error: unknown): ReadFailure {
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  return {
    status: typeof status === 'number' ? status : 0,
    message: typeof message === 'string' ? message : String(error),
  };
}

/** The reads the HTML was drawn from, answered or failed, go to the browser (see seedQueries). */
const settled = (query: Query): boolean =>
  query.state.status === 'success' || query.state.status === 'error';

/**
 * The page's state from its parts (the remote's render, the shell's): one ServerState. A part
 * given as RenderedQuery[] comes from a server entry built before the state was TanStack Query's
 * own (a remote not redeployed since), and is put into the same form.
 */
export function serverStateOf(
  parts: readonly (ServerState | RenderedQuery[] | undefined)[],
): ServerState {
  const states = parts.map((part) => (Array.isArray(part) ? fromRendered(part) : part));
  return {
    queries: states.flatMap((state) => state?.queries ?? []),
    mutations: [],
  };
}

function fromRendered(queries: RenderedQuery[]): ServerState {
  const client = createQueryClient();
  for (const query of queries) {
    if ('data' in query) {
      client.setQueryData(query.queryKey, query.data, { updatedAt: query.updatedAt });
    } else {
      showFailure(client, query.queryKey, query.error, query.updatedAt);
    }
  }
  return dehydrate(client, { shouldDehydrateQuery: settled });
}
