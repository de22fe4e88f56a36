import type { QueryClient } from '@coldmail/query';
import { ApiError } from '@coldmail/session';

/** The id of the page's data block (`<script type="application/json">`, never run). */
export const SERVER_STATE_ID = 'coldmail-server-state';

/** One public read as the server rendered the page with it: its answer, or its failure. */
export type RenderedQuery =
  | { queryKey: readonly unknown[]; data: unknown; updatedAt: number }
  | { queryKey: readonly unknown[]; error: { message: string; status: number }; updatedAt: number };

/**
 * What a server-rendered page carries for the browser to take over with: the reads its HTML
 * was drawn from, so the first render in the browser draws the same HTML (hydration) instead of
 * loading states.
 */
export interface ServerState {
  queries: RenderedQuery[];
}

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
 * Puts the server's reads into `client`, as they were: an answer as the query's data, a failure
 * as its error (the page then shows the same message), each dated when the server read it, so
 * the cache's freshness rules apply as if the browser had read it then.
 */
export function seedQueries(client: QueryClient, state: ServerState): void {
  for (const query of state.queries) {
    if ('data' in query) {
      client.setQueryData(query.queryKey, query.data, { updatedAt: query.updatedAt });
    } else {
      showFailure(client, query.queryKey, query.error, query.updatedAt);
    }
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
 * can close the block and start markup of its own.
 */
export function serverStateBlock(state: ServerState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SERVER_STATE_ID}">${json}</script>`;
}
