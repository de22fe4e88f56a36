// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { useApiRequest } from './use-api-request';

// Testing Library only auto-cleans when vitest globals are on; we keep globals off.
afterEach(cleanup);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('useApiRequest', () => {
  it('is loading until the request answers, then holds its data', async () => {
    const answer = deferred<string[]>();
    const { result } = renderHook(() => useApiRequest('packages', () => answer.promise));
    expect(result.current.status).toBe('loading');

    await act(async () => answer.resolve(['Pro']));
    expect(result.current).toMatchObject({ status: 'loaded', data: ['Pro'] });
  });

  it('reports a failure in the client’s one error shape', async () => {
    const { result } = renderHook(() =>
      useApiRequest('order', () => Promise.reject(new ApiError('Order not found', 404))),
    );
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current).toMatchObject({ error: { status: 404, message: 'Order not found' } });

    const thrown = renderHook(() => useApiRequest('other', () => Promise.reject(new Error('x'))));
    await waitFor(() => expect(thrown.result.current.status).toBe('error'));
    expect(thrown.result.current).toMatchObject({ error: expect.any(ApiError) });
  });

  it('waits while the key is null', () => {
    const load = vi.fn(() => Promise.resolve('data'));
    const { result } = renderHook(() => useApiRequest(null, load));
    expect(result.current.status).toBe('loading');
    expect(load).not.toHaveBeenCalled();
  });

  it('drops the answer of a request a new key has replaced', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const answers: Record<string, Promise<string>> = { a: first.promise, b: second.promise };
    const { result, rerender } = renderHook(({ id }) => useApiRequest(id, () => answers[id]!), {
      initialProps: { id: 'a' },
    });
    rerender({ id: 'b' });
    await act(async () => second.resolve('order b'));
    await act(async () => first.resolve('order a'));
    expect(result.current).toMatchObject({ status: 'loaded', data: 'order b' });
  });

  it('asks again on reload, showing loading meanwhile', async () => {
    let calls = 0;
    const { result } = renderHook(() => useApiRequest('orders', async () => ++calls));
    await waitFor(() => expect(result.current).toMatchObject({ status: 'loaded', data: 1 }));

    act(() => result.current.reload());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'loaded', data: 2 }));
  });
});
