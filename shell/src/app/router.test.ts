import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routesDocumentOf } from '@coldmail/registry/pages';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppRoutes, documentTitleAt, routeIdsAt, type AppRoutes } from './router';

// The remotes' deployments as the shell meets them: account publishes a page this shell was
// built without, checkout's deployment predates routes.json, admin answers with a broken file.
const published: Record<string, { status: number; body: string }> = {
  '/account/routes.json': {
    status: 200,
    body: JSON.stringify({
      remote: 'account',
      pages: [
        ...routesDocumentOf('account').pages,
        {
          id: 'userReleaseNotes',
          path: '/user/release-notes',
          title: 'Release Notes',
          area: 'user',
        },
        { id: 'changelog', path: '/changelog/:version', area: 'public' },
      ],
    }),
  },
  '/checkout/routes.json': { status: 404, body: 'Not found' },
  '/admin/routes.json': { status: 200, body: '<!doctype html>' },
};

let server: Server;
let origin: string;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? '');
    const file = published[req.url ?? ''] ?? { status: 404, body: 'Not found' };
    res.writeHead(file.status).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  requested.length = 0;
  window.history.replaceState(null, '', '/');
});

function appRouter() {
  return createAppRoutes({
    remoteManifests: async () =>
      Object.fromEntries(
        ['account', 'checkout', 'admin'].map((remote) => [
          remote,
          `${origin}/${remote}/mf-manifest.json`,
        ]),
      ),
  });
}

/** The routes that render a path once it is routable: the area route, then the page. */
async function routesAt(router: AppRoutes, path: string) {
  await router.discover(path);
  return routeIdsAt(router.routes, path);
}

/** Reading broken remotes warns once per remote: expected here, kept out of the output. */
function expectWarningsFor(remotes: string[]) {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  return () => {
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual(
      remotes.map((remote) => expect.stringContaining(`"${remote}"`)),
    );
    warn.mockRestore();
  };
}

describe('the shell’s route table', () => {
  it('mounts every page it was built with in its area, without asking the remotes', async () => {
    const router = appRouter();
    expect(await routesAt(router, '/')).toEqual(['site', 'home']);
    expect(await routesAt(router, '/buy/66a1')).toEqual(['site', 'signed-in', 'buy']);
    expect(await routesAt(router, '/user/pending-payment')).toEqual([
      'site',
      'user-area',
      'userPendingPayment',
    ]);
    expect(await routesAt(router, '/admin/users')).toEqual(['site', 'admin-area', 'adminUsers']);
    expect(await routesAt(router, '/login')).toEqual(['site', 'login']);
    expect(requested).toEqual([]);
  });

  it('mounts a page a remote published after the shell was built, in the page’s area', async () => {
    const router = appRouter();
    const warnings = expectWarningsFor(['checkout', 'admin']);
    expect(await routesAt(router, '/user/release-notes')).toEqual([
      'site',
      'user-area',
      'account:userReleaseNotes',
    ]);
    warnings();
    expect(await routesAt(router, '/changelog/2.1')).toEqual(['site', 'account:changelog']);
    expect(requested.sort()).toEqual([
      '/account/routes.json',
      '/admin/routes.json',
      '/checkout/routes.json',
    ]);
  });

  it('shows the 404 page at a path no remote publishes, asking the remotes once per page load', async () => {
    const router = appRouter();
    const warnings = expectWarningsFor(['checkout', 'admin']);
    expect(await routesAt(router, '/no/such/page')).toEqual(['site', 'notFound']);
    warnings();
    expect(await routesAt(router, '/user/no-such-page')).toEqual([
      'site',
      'user-area',
      'user-not-found',
    ]);
    expect(requested).toHaveLength(3);
  });
});

describe('the document title', () => {
  it('names the page at every path, the 404 pages too, then the site', async () => {
    const router = appRouter();
    const titleAt = async (path: string) => {
      await router.discover(path);
      return documentTitleAt(router.routes, path);
    };
    expect(await titleAt('/login')).toBe('Login · ColdMail AI');
    expect(await titleAt('/')).toBe(
      'AI Email Template Generator – Personalized Templates in Seconds',
    );
    expect(await titleAt('/user/dashboard')).toBe('Dashboard · ColdMail AI');
    expect(await titleAt('/admin/users')).toBe('Users Management · ColdMail AI');
    expect(await titleAt('/pay-now/66a1')).toBe('Pay Now · ColdMail AI');
    const warnings = expectWarningsFor(['checkout', 'admin']);
    expect(await titleAt('/user/release-notes')).toBe('Release Notes · ColdMail AI');
    warnings();
    // A remote built before pages had titles publishes none: the site's name stands for it.
    expect(await titleAt('/changelog/2.1')).toBe('ColdMail AI');
    expect(await titleAt('/no/such/page')).toBe('Page Not Found · ColdMail AI');
    expect(await titleAt('/user/no-such-page')).toBe('Page Not Found · ColdMail AI');
    // A redirect has no page of its own.
    expect(await titleAt('/user')).toBeNull();
  });
});
