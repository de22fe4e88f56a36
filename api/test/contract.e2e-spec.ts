import { PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { contract, endpointsOf, type Access, type Endpoint } from '@coldmail/contracts';
import { ADMIN_ONLY, IDENTIFIES_CALLER, IS_PUBLIC } from '../src/auth/auth-context';
import { ENDPOINT } from '../src/common/endpoint';
import { call, startTestApi, type TestApi } from './support/test-api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  await api?.close();
});

const endpoints = endpointsOf(contract);
const routeOf = (method: string, path: string) => `${method} ${path}`;

/** Every method + path Fastify serves, read from its own route table (printRoutes' tree). */
function servedRoutes(): string[] {
  const tree = api.app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const served: string[] = [];
  for (const line of tree.split('\n')) {
    const branch = /[├└]── /.exec(line);
    if (!branch) continue;
    const depth = branch.index / 4;
    const node = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(branch.index + 4));
    const path = (prefixes[depth - 1] ?? '') + (node?.[1] ?? '');
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of node?.[2]?.split(', ') ?? []) served.push(routeOf(method, path));
  }
  return served;
}

interface Handler {
  name: string;
  endpoint: Endpoint | undefined;
  /** What the API's AuthGuard reads from the handler. */
  rule: { public: boolean; identifiesCaller: boolean; adminOnly: boolean };
}

/** Each controller method that Nest maps to a route, with the contract entry it declared. */
function handlers(): Handler[] {
  const found: Handler[] = [];
  for (const module of api.app.get(ModulesContainer).values()) {
    for (const controller of module.controllers.values()) {
      const prototype = controller.metatype?.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (
          name === 'constructor' ||
          typeof handler !== 'function' ||
          !Reflect.hasMetadata(PATH_METADATA, handler)
        ) {
          continue;
        }
        const flag = (key: string) => Reflect.getMetadata(key, handler) === true;
        found.push({
          name: `${controller.name}.${name}`,
          endpoint: Reflect.getMetadata(ENDPOINT, handler) as Endpoint | undefined,
          rule: {
            public: flag(IS_PUBLIC),
            identifiesCaller: flag(IDENTIFIES_CALLER),
            adminOnly: flag(ADMIN_ONLY),
          },
        });
      }
    }
  }
  return found;
}

describe('the API and its contract', () => {
  it('declares every handler from a contract entry, one handler per entry', () => {
    const declared = handlers();
    expect(declared.filter((handler) => !handler.endpoint).map((handler) => handler.name)).toEqual(
      [],
    );
    const handlersPerEntry = new Map<string, string[]>();
    for (const { name, endpoint } of declared) {
      if (endpoint)
        handlersPerEntry.set(endpoint.key, [...(handlersPerEntry.get(endpoint.key) ?? []), name]);
    }
    for (const endpoint of endpoints) {
      expect([endpoint.key, handlersPerEntry.get(endpoint.key)?.length ?? 0]).toEqual([
        endpoint.key,
        1,
      ]);
    }
    expect([...handlersPerEntry.keys()].sort()).toEqual(endpoints.map((e) => e.key).sort());
  });

  // The OpenAPI document below cannot tell an admin endpoint from a signed-in one (both need a
  // bearer token); the guard's rules can. Over HTTP: admin-access.e2e-spec.ts.
  it('gives each handler the sign-in rule of its entry’s access, admin-only for admin', () => {
    const rules: Record<Access, Handler['rule']> = {
      public: { public: true, identifiesCaller: false, adminOnly: false },
      'public-identified': { public: true, identifiesCaller: true, adminOnly: false },
      'signed-in': { public: false, identifiesCaller: false, adminOnly: false },
      // The service checks that the resource is the caller's own.
      owner: { public: false, identifiesCaller: false, adminOnly: false },
      admin: { public: false, identifiesCaller: false, adminOnly: true },
    };
    const declared = handlers().filter((handler) => handler.endpoint);
    expect(declared.map(({ endpoint, rule }) => ({ key: endpoint?.key, rule }))).toEqual(
      declared.map(({ endpoint }) => ({
        key: endpoint?.key,
        rule: endpoint ? rules[endpoint.access] : undefined,
      })),
    );
  });

  it('serves each entry at its method and path, and no other route besides the docs', () => {
    const served = servedRoutes();
    const gets = new Set(served.filter((route) => route.startsWith('GET ')));
    const endpointsServed = served.filter(
      (route) =>
        // Fastify answers HEAD for every GET, and CORS preflights for every path.
        !(route.startsWith('HEAD ') && gets.has(route.replace(/^HEAD/, 'GET'))) &&
        route !== 'OPTIONS *' &&
        !/^GET \/api\/docs(\/|-json|$)/.test(route),
    );
    expect(endpointsServed.sort()).toEqual(
      endpoints.map((endpoint) => routeOf(endpoint.method, endpoint.path)).sort(),
    );
    expect(served).toEqual(
      expect.arrayContaining(['GET /api/docs', 'GET /api/docs-json', 'GET /api/docs/:asset']),
    );
  });

  it('describes each entry in the OpenAPI document, with bearer auth unless public', async () => {
    type Operation = { operationId?: string; security?: Record<string, string[]>[] };
    const document = await call<{ paths: Record<string, Record<string, Operation>> }>(
      api,
      'GET',
      '/api/docs-json',
    );
    expect(document.status).toBe(200);
    const bearer = { bearer: [] };
    for (const endpoint of endpoints) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.body.paths[path]?.[endpoint.method.toLowerCase()];
      const security = {
        public: undefined,
        // A token is optional: it only identifies the caller (admins see more).
        'public-identified': [{}, bearer],
        'signed-in': [bearer],
        owner: [bearer],
        admin: [bearer],
      }[endpoint.access];
      expect({
        key: endpoint.key,
        operationId: operation?.operationId,
        security: operation?.security,
      }).toEqual({
        key: endpoint.key,
        operationId: endpoint.key,
        security,
      });
    }
    const operations = Object.values(document.body.paths).flatMap((methods) =>
      Object.values(methods),
    );
    expect(operations).toHaveLength(endpoints.length);
  });
});
