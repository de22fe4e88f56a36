import fastify, { type FastifyInstance } from 'fastify';
import { registerForRequests, registerForRoutes } from './scoped-plugins';

/**
 * A plugin like @fastify/multipart or @fastify/cors (which fastify-plugin exports as plain
 * functions): a decorator, a route, a request hook and an application hook.
 */
const marking = (
  instance: FastifyInstance,
  options: { mark: string },
  done: (error?: Error) => void,
) => {
  instance.decorateRequest('marked', false);
  instance.addHook('onRequest', (request, reply, next) => {
    (request as unknown as { marked: boolean }).marked = true;
    reply.header('x-marked', options.mark);
    next();
  });
  instance.addHook('onClose', (_instance, next) => {
    closed.push(options.mark);
    next();
  });
  instance.get('/from-plugin', (request) => ({
    marked: (request as unknown as { marked: boolean }).marked,
  }));
  done();
};
const closed: string[] = [];

async function appWith(register: (app: FastifyInstance) => Promise<void>) {
  const app = fastify();
  await register(app);
  app.get('/upload', () => 'upload');
  app.get('/other', () => 'other');
  await app.ready();
  return app;
}

describe('registerForRoutes', () => {
  it("runs the plugin's request hooks on the routes it picks, and nowhere else", async () => {
    const app = await appWith((instance) =>
      registerForRoutes(instance, marking, { mark: 'yes' }, (route) => route.url === '/upload'),
    );
    expect((await app.inject('/upload')).headers['x-marked']).toBe('yes');
    expect((await app.inject('/other')).headers['x-marked']).toBeUndefined();
    // Its own route and decorator are there; its hook is not, since the route was not picked.
    expect((await app.inject('/from-plugin')).json()).toEqual({ marked: false });
    // Application hooks are added as usual.
    await app.close();
    expect(closed).toContain('yes');
  });
});

describe('registerForRequests', () => {
  it("runs the plugin's onRequest hooks for the requests it picks only", async () => {
    const app = await appWith((instance) =>
      registerForRequests(
        instance,
        marking,
        { mark: 'cross-origin' },
        (request) => request.headers.origin !== undefined,
      ),
    );
    const from = await app.inject({ url: '/other', headers: { origin: 'https://shop.test' } });
    expect(from.headers['x-marked']).toBe('cross-origin');
    expect((await app.inject('/other')).headers['x-marked']).toBeUndefined();
    await app.close();
  });

  it('refuses, at start-up, a plugin whose hooks it cannot limit to requests', async () => {
    const sending = (instance: FastifyInstance, _options: object, done: () => void) => {
      instance.addHook('onSend', async (_request, _reply, payload) => payload);
      done();
    };
    const app = fastify();
    await expect(registerForRequests(app, sending, {}, () => true)).rejects.toThrow(
      /onSend hook .* cannot be limited to requests/,
    );
    await app.close();
  });
});
