import { createQueryClient, QueryObserver } from '@coldmail/query';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from './api-error';
import { readStateOf } from './read-state';

/** A query whose answers the test gives one by one, observed as a screen observes it. */
function observe(answers: Array<() => Promise<string[]>>) {
  const queryClient = createQueryClient();
  let calls = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: ['orders', 'list', {}],
    queryFn: () => answers[calls++]!(),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return {
    observer,
    current: () => readStateOf(observer.getCurrentResult()),
    settled: () => vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false)),
    unsubscribe,
  };
}

const notFound = () => Promise.reject(new ApiError('Order not found', 404));

describe('readStateOf', () => {
  it('is loading until the answer, then holds its data', async () => {
    const read = observe([async () => ['order 1']]);
    expect(read.current()).toEqual({ status: 'loading' });
    await read.settled();
    expect(read.current()).toEqual({ status: 'loaded', data: ['order 1'] });
    read.unsubscribe();
  });

  it('reports a failure with its ApiError, and loads again on retry', async () => {
    const read = observe([notFound, async () => ['order 1']]);
    await read.settled();
    const failed = read.current();
    expect(failed).toMatchObject({ status: 'error', error: { status: 404 } });

    if (failed.status === 'error') failed.retry();
    expect(read.current()).toEqual({ status: 'loading' });
    await read.settled();
    expect(read.current()).toEqual({ status: 'loaded', data: ['order 1'] });
    read.unsubscribe();
  });

  it('keeps what was read when a later refresh fails', async () => {
    const read = observe([async () => ['order 1'], notFound]);
    await read.settled();
    await read.observer.refetch();
    expect(read.observer.getCurrentResult().isError).toBe(true);
    expect(read.current()).toEqual({ status: 'loaded', data: ['order 1'] });
    read.unsubscribe();
  });
});
