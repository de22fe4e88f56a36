import { describe, expect, it } from 'vitest';
import { staleDomainsOf, type Route } from './http';
import { editedBlockPaths } from './content/landing-blocks';
import { routes } from './routes';

const entries = Object.entries(routes).flatMap(([domain, table]) =>
  Object.entries(table as Record<string, Route>).map(([name, route]) => ({ domain, name, route })),
);

describe('the route table', () => {
  it('names only domains it has in what a write makes stale', () => {
    const domains = new Set(Object.keys(routes));
    const unknown = entries.flatMap(({ domain, name, route }) =>
      (route.invalidates ?? [])
        .filter((stale) => !domains.has(stale))
        .map((stale) => `${domain}.${name}: ${stale}`),
    );
    expect(unknown).toEqual([]);
  });

  it('makes a write stale its own domain unless it says otherwise, and a read nothing', () => {
    expect(staleDomainsOf('packages', routes.packages.add)).toEqual(['packages']);
    expect(staleDomainsOf('packages', routes.packages.list)).toEqual([]);
    expect(staleDomainsOf('payments', routes.payments.completePackage)).toEqual([
      'packageOrders',
      'users',
      'credits',
    ]);
    expect(staleDomainsOf('generator', routes.generator.enhancePrompt)).toEqual([]);
  });

  it('gives every landing block and legal page its read, save, toggle and reset, at the spec’s paths', () => {
    for (const [name, { path }] of Object.entries(editedBlockPaths)) {
      const content = routes.content as Record<string, Route>;
      expect([content[name], content[`${name}Update`], content[`${name}Toggle`]]).toEqual([
        { method: 'GET', path, access: 'public' },
        { method: 'PUT', path, access: 'admin' },
        { method: 'PATCH', path: `${path}/toggle`, access: 'admin' },
      ]);
    }
    expect(routes.content.bannerReset.path).toBe('/api/banner-section/reset');
    // The spec's client resets the about section without /api; the /api path answers too.
    expect(routes.content.aboutReset.path).toBe('/about-section/reset');
    expect(routes.content.aboutResetApi.path).toBe('/api/about-section/reset');
    expect(routes.content.refundReset.path).toBe('/api/legal/refund-policy/reset');
    const paths = entries.map(({ route }) => `${route.method} ${route.path}`);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
