import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';

/** A Fastify plugin as its package exports it (callback or async style). */
type Plugin<Options> = (
  instance: FastifyInstance,
  options: Options,
  done: (error?: Error) => void,
) => unknown;

/** The hooks of a request's life, which a route's own options may carry too. */
const REQUEST_HOOKS = new Set([
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
]);

type RequestHook = [name: string, hook: (...args: never[]) => unknown];

/** A route's own hooks of one kind, as a list (Fastify takes one function or several). */
export function hooksOf<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Runs a plugin on the root instance, as fastify-plugin's would be, but keeps the request hooks
 * it adds instead of adding them (its application hooks, decorators, parsers and routes are
 * added as usual): the caller decides where they run.
 */
async function registerKeepingHooks<Options>(
  fastify: FastifyInstance,
  plugin: Plugin<Options>,
  options: Options,
): Promise<RequestHook[]> {
  const kept: RequestHook[] = [];
  const instance = new Proxy(fastify, {
    get(target, property) {
      if (property !== 'addHook') return Reflect.get(target, property, target) as unknown;
      return (name: string, hook: RequestHook[1]) => {
        if (REQUEST_HOOKS.has(name)) kept.push([name, hook]);
        else (target.addHook as (name: string, hook: unknown) => unknown)(name, hook);
        return instance;
      };
    },
  });
  await new Promise<void>((resolve, reject) => {
    const returned = plugin(instance, options, (error) => (error ? reject(error) : resolve()));
    if (returned instanceof Promise) returned.then(() => resolve(), reject);
  });
  return kept;
}

/**
 * Registers a plugin whose request hooks run on the routes `applies` picks only, not on every
 * request. @fastify/multipart adds two hooks to every route of the app (they clean the temporary
 * files of saveRequestFiles up), which cost every JSON request a promise each and a listener
 * (`npm run bench:api`): here they run on the upload routes, the only ones that read files.
 */
export async function registerForRoutes<Options>(
  fastify: FastifyInstance,
  plugin: Plugin<Options>,
  options: Options,
  applies: (route: RouteOptions) => boolean,
): Promise<void> {
  const hooks = await registerKeepingHooks(fastify, plugin, options);
  fastify.addHook('onRoute', (route) => {
    if (!applies(route)) return;
    const own = route as unknown as Record<string, unknown>;
    for (const [name, hook] of hooks) own[name] = [...hooksOf(own[name]), hook];
  });
}

/**
 * Registers a plugin whose onRequest hooks run for the requests `applies` picks only; the others
 * go on at once. For @fastify/cors: a request without an Origin header is not a CORS request (a
 * browser sends one with every cross-origin call), and its CORS headers would do nothing
 * (`createApp` sends `Vary: Origin` on every answer itself). The plugin's hooks must be
 * onRequest hooks taking a `done` callback: anything else fails here, at start-up.
 */
export async function registerForRequests<Options>(
  fastify: FastifyInstance,
  plugin: Plugin<Options>,
  options: Options,
  applies: (request: FastifyRequest) => boolean,
): Promise<void> {
  const hooks = await registerKeepingHooks(fastify, plugin, options);
  for (const [name, hook] of hooks) {
    if (name !== 'onRequest' || hook.length !== 3) {
      throw new Error(`A ${name} hook of ${hook.length} arguments cannot be limited to requests`);
    }
    const onRequest = hook as unknown as (
      this: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
    ) => void;
    fastify.addHook('onRequest', function (request, reply, done) {
      if (applies(request)) onRequest.call(this, request, reply, done);
      else done();
    });
  }
}
