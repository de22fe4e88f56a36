import { hydrate, type DehydratedState, type QueryClient } from '@coldmail/query';
import { ApiError } from '@coldmail/session';

/** The id of the page's data block (`<script type="application/json">`, never run). */
export const SERVER_STATE_ID = 'coldmail-server-state';

/**
 * What a server-rendered page carries for the browser to take over with: the reads its HTML was
 * drawn from (TanStack Query's dehydrated cache: each answer, or failure as `{ message, status }`),
 * so the first render in the browser draws the same HTML (hydration) instead of loading states.
 */
export type ServerState = DehydratedState;

/**
 * One read as server entries built before the state was TanStack Query's own gave it (a remote
 * still deployed from then): its answer, or its failure. The renderer turns them into a
 * ServerState (serverStateOf).
 */
export type RenderedQuery =
  | { queryKey: readonly unknown[]; data: unknown; updatedAt: number }
  | { queryKey: readonly unknown[]; error: { message: string; status: number }; updatedAt: number };

/** The server-rendered page's state, or null when the page was rendered in the browser. */
export function readServerState(doc: Document): ServerState | null {
  const block = doc.getElementById(SERVER_STATE_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as ServerState;
  } catch {
    return null;
  }
}

/**
 * Puts the server's reads into `client`, as they were (TanStack Query's hydrate), each dated
 * when the server read it, so the cache's freshness rules apply as if the browser had read it
 * then; a failure becomes the query's error again, as the page shows it.
 */
export function seedQueries(client: QueryClient, state: ServerState): void {
  hydrate(client, state);
  for (const query of state.queries) {
    if (query.state.status !== 'error') continue;
    const failure = query.state.error as { message?: unknown; status?: unknown } | null;
    showFailure(
      client,
      query.queryKey,
      {
        message: typeof failure?.message === 'string' ? failure.message : 'Request failed',
        status: typeof failure?.status === 'number' ? failure.status : 0,
      },
      query.state.errorUpdatedAt,
    );
  }
}

/**
 * Puts a failed read into `client` as the page shows it (the server as it renders, the browser
 * as it takes over): the query's error, with the answer's message and status, not read again as
 * the page mounts (which would show it loading instead): a missing item stays missing.
 */
export function showFailure(
  client: QueryClient,
  queryKey: readonly unknown[],
  failure: { message: string; status: number },
  failedAt: number,
): void {
  client.setQueryDefaults(queryKey, { retryOnMount: false });
  const query = client.getQueryCache().build(client, { queryKey });
  query.setState({
    ...query.state,
    status: 'error',
    fetchStatus: 'idle',
    error: new ApiError(failure.message, failure.status),
    errorUpdatedAt: failedAt,
    errorUpdateCount: 1,
    fetchFailureCount: 1,
  });
}

/**
 * The state as a data block for the page: JSON with `<` escaped, so no answer (an admin's text)
 * can close the block and start markup of its own. A failure is written as its message and
 * status (an Error's own fields are not JSON's).
 */
export function serverStateBlock(state: ServerState): string {
  const json = JSON.stringify(state, (_key, value: unknown) =>
    value instanceof Error
      ? { message: value.message, status: (value as { status?: unknown }).status ?? 0 }
      : value,
  ).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SERVER_STATE_ID}">${json}</script>`;
}
