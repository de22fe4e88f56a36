import type { QueryObserverResult } from '@coldmail/query';
import type { ApiError } from './api-error';

/** A read of the API as a screen shows it. */
export type ReadState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError; retry: () => void }
  | { status: 'loaded'; data: T };

/**
 * A query's state for a screen: loading until the first answer, and again while a Retry runs;
 * failed only while there is nothing to show, so a background refresh that fails (after a
 * mutation, say) keeps what the screen already shows.
 */
export function readStateOf<T>(query: QueryObserverResult<T>): ReadState<T> {
  if (query.data !== undefined) return { status: 'loaded', data: query.data };
  if (query.isError && !query.isFetching) {
    return { status: 'error', error: query.error, retry: () => void query.refetch() };
  }
  return { status: 'loading' };
}
