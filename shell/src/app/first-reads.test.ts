import { routes } from '@coldmail/contracts';
import { pageList } from '@coldmail/registry/pages';
import { publicReadQuery } from '@coldmail/session';
import { describe, expect, it } from 'vitest';

/** Every endpoint of the contract, flattened out of its domains. */
const endpoints = Object.values(routes).flatMap((domain) => Object.values(domain)) as Array<{
  method: string;
  path: string;
  access: string;
}>;

describe("pages' first reads (preloaded by index.html's start-up script)", () => {
  it('are public GET endpoints of the contract without path parameters', async () => {
    const reads = pageList.flatMap((page) =>
      (page.firstReads ?? []).map((path) => [page.id, path] as const),
    );
    expect(reads.length).toBeGreaterThan(0);
    for (const [page, path] of reads) {
      const endpoint = endpoints.find((entry) => entry.method === 'GET' && entry.path === path);
      expect(endpoint, `${page}: ${path}`).toMatchObject({ access: 'public' });
      expect(path, `${page}: ${path}`).not.toContain(':');
      // What bootstrap.tsx prefetches into the query cache for the page.
      expect(await publicReadQuery(path), `${page}: ${path}`).toBeDefined();
    }
  });

  it('include the landing content the home page renders its banner from', () => {
    expect(pageList.find((page) => page.id === 'home')?.firstReads).toContain(
      routes.content.landing.path,
    );
  });
});
