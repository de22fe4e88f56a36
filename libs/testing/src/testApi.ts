import { createServer, STATUS_CODES, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  apiErrorSchema,
  contract,
  CORS_REQUEST_HEADERS,
  endpointsOf,
  matchPath,
  successStatusOf,
  type ApiContract,
  type ApiErrorBody,
  type Endpoint,
  type ResponseOf,
} from '@coldmail/contracts';
import { cleanup } from '@testing-library/react';

export interface ApiRequest {
  method: string;
  /** Path without the query string, e.g. '/orders'. */
  path: string;
  /** The path parameters of the contract entry that answered ({} for other routes). */
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  authorization: string | undefined;
}

/**
 * What an endpoint answers: its success body, checked against its response schema, or with a
 * failure status the API's error shape (`{ statusCode, message }`, given or filled in).
 */
export interface ApiReply<Body = unknown> {
  status?: number;
  body?: Body | ApiErrorBody;
  /** Only for routes outside the contract: sent as the text it is with this content type. */
  contentType?: string;
  /** A stream entry's answer (see Route.stream), sent as server-sent events in this order. */
  events?: StreamEvent<Body>[];
}

/** One server-sent event of a stream entry: `done` carries its response, checked as a body is. */
type StreamEvent<Body> =
  | { event: 'chunk'; data: { text: string } }
  | { event: 'done'; data: Body }
  | { event: 'error'; data: ApiErrorBody };

/** A failure the API could send: any status from 400 with its error shape (see withErrorBody). */
interface ErrorReply {
  status: number;
  body?: ApiErrorBody;
}

type Reply<Body> = ApiReply<Body> | ErrorReply;
type ReplyOrHandler<Body> =
  Reply<Body> | ((request: ApiRequest) => Reply<Body> | Promise<Reply<Body>>);

type ContractKeys = {
  [D in keyof ApiContract]: {
    [N in keyof ApiContract[D]]: `${D & string}.${N & string}`;
  }[keyof ApiContract[D]];
}[keyof ApiContract];
type EndpointAt<Key> = Key extends `${infer D}.${infer N}`
  ? D extends keyof ApiContract
    ? N extends keyof ApiContract[D]
      ? ApiContract[D][N]
      : never
    : never
  : never;

/**
 * Replies keyed by contract entry ('packages.list'), typed by its response; a route that is not
 * our API (the PayPal SDK stand-in) is keyed 'GET /path' and answers whatever it is given.
 */
export type ApiRoutes = { [Key in ContractKeys]?: ReplyOrHandler<ResponseOf<EndpointAt<Key>>> } & {
  [raw: `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`]: ReplyOrHandler<unknown>;
};

export interface TestApi {
  url: string;
  requests: ApiRequest[];
  /**
   * Unmounts what the test rendered (so nothing asks any more), then stops the server. Rejects
   * when a reply was outside its endpoint's contract: the API could never have sent it.
   */
  close(): Promise<void>;
}

const endpoints = endpointsOf(contract);
const endpointsByKey = new Map(endpoints.map((endpoint) => [endpoint.key, endpoint]));

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  if (!req.headers['content-type']?.includes('application/json')) return text;
  return JSON.parse(text) as unknown;
}

/** A failure reply without a body gets the API's error shape, as `{ status: 500 }` reads. */
function withErrorBody(endpoint: Endpoint | undefined, reply: ApiReply): ApiReply {
  const status = reply.status ?? (endpoint ? successStatusOf(endpoint) : 200);
  if (reply.body !== undefined || status < 400) return { ...reply, status };
  return {
    ...reply,
    status,
    body: { statusCode: status, message: STATUS_CODES[status] ?? 'Error' },
  };
}

/** Why a reply is not one the API could send, or null when it is. */
function contractViolation(endpoint: Endpoint, reply: ApiReply): string | null {
  const status = reply.status ?? successStatusOf(endpoint);
  if (reply.events) {
    if (!endpoint.stream) return `${endpoint.key}: events for an entry that does not stream`;
    for (const { event, data } of reply.events) {
      const schema =
        event === 'done' ? endpoint.response : event === 'error' ? apiErrorSchema : null;
      const result = schema?.safeParse(data);
      if (result && !result.success)
        return `${endpoint.key} (${event} event): ${result.error.message}`;
    }
    return null;
  }
  const schema = status < 400 ? endpoint.response : apiErrorSchema.or(endpoint.response);
  const result = schema.safeParse(reply.body);
  if (result.success) return null;
  return `${endpoint.key} (${status}): ${result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
    .join('; ')}`;
}

/**
 * A real HTTP server standing in for the API, so tests go through the apps' typed client and the
 * session's axios instance unchanged. It answers only the contract's endpoints at their paths,
 * with replies their response schemas accept, and CORS like the API (jsdom enforces it).
 */
export async function startTestApi(routes: ApiRoutes): Promise<TestApi> {
  const requests: ApiRequest[] = [];
  const violations: string[] = [];
  const handlers = Object.entries(routes as Record<string, ReplyOrHandler<unknown>>).map(
    ([key, reply]) => {
      const endpoint = endpointsByKey.get(key);
      if (!endpoint && !/^(GET|POST|PUT|PATCH|DELETE) \//.test(key)) {
        throw new Error(`startTestApi: "${key}" is neither a contract entry nor 'METHOD /path'`);
      }
      const [method, path] = endpoint ? [endpoint.method, endpoint.path] : key.split(' ');
      if (endpoint && typeof reply !== 'function') {
        const violation = contractViolation(endpoint, withErrorBody(endpoint, reply));
        if (violation) throw new Error(`startTestApi: reply outside the contract, ${violation}`);
      }
      return { endpoint, method, path: path ?? '/', reply };
    },
  );

  const server = createServer((req, res) => {
    // No keep-alive: closing the server then never resets a socket a request is about to reuse.
    res.setHeader('Connection', 'close');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', CORS_REQUEST_HEADERS.join(', '));
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      res.end();
      return;
    }
    void readBody(req).then(async (body) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      let match: { handler: (typeof handlers)[number]; params: Record<string, string> } | null =
        null;
      for (const handler of handlers) {
        const params = handler.method === req.method ? matchPath(handler.path, url.pathname) : null;
        if (params) {
          match = { handler, params };
          break;
        }
      }
      const request: ApiRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        params: match?.params ?? {},
        query: url.searchParams,
        body,
        authorization: req.headers.authorization,
      };
      requests.push(request);
      if (!match) {
        res.statusCode = 404;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ statusCode: 404, message: 'Not Found' }));
        return;
      }
      const { endpoint, reply: route } = match.handler;
      const reply = withErrorBody(
        endpoint,
        typeof route === 'function' ? await route(request) : route,
      );
      const violation = endpoint ? contractViolation(endpoint, reply) : null;
      if (violation) {
        violations.push(violation);
        res.statusCode = 500;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ statusCode: 500, message: `Outside the contract: ${violation}` }));
        return;
      }
      res.statusCode = reply.status ?? 200;
      if (reply.events) {
        res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
        for (const { event, data } of reply.events) {
          res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        }
        res.end();
        return;
      }
      if (reply.contentType) {
        res.setHeader('Content-Type', reply.contentType);
        res.end(String(reply.body));
        return;
      }
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(reply.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      cleanup();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (violations.length > 0) {
        throw new Error(
          `The stand-in API answered outside the contract:\n${violations.join('\n')}`,
        );
      }
    },
  };
}
