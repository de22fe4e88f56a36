import { afterEach, describe, expect, it, vi } from 'vitest';

// The route table loads with the typed client's first call (api.ts). A load that fails (the
// network dropped) fails that call with an ApiError, and the next call loads it again.
let failures = 1;
vi.mock('@coldmail/contracts/routes', async (original) => {
  if (failures > 0) {
    failures -= 1;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return original();
});

afterEach(() => vi.unstubAllGlobals());

describe('the route table', () => {
  it('failing to load fails the call with an ApiError, and the next call loads it again', async () => {
    const { api } = await import('./api');
    const { ApiError } = await import('./api-error');
    const { useSession } = await import('./store');
    useSession.setState({ apiBaseUrl: 'http://api.test' });
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify([]), { status: 200 });
    });

    const first = await api.packages.list().catch((caught: unknown) => caught);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({ status: 0 });
    expect(fetched).toEqual([]);

    await expect(api.packages.list()).resolves.toEqual([]);
    expect(fetched).toEqual(['http://api.test/packages']);
  });
});
