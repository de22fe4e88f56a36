import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup } from '@testing-library/react';

export interface ApiRequest {
  method: string;
  /** Path without the query string, e.g. '/orders'. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | undefined;
}

export interface ApiReply {
  status?: number;
  /** Sent as JSON, unless `contentType` is given: then it is sent as the text it is. */
  body?: unknown;
  contentType?: string;
}

/** 'GET /packages' → the reply, or a function of the request (which may hold the answer back). */
export type ApiRoutes = Record<
  string,
  ApiReply | ((request: ApiRequest) => ApiReply | Promise<ApiReply>)
>;

export interface TestApi {
  url: string;
  requests: ApiRequest[];
  /** Unmounts what the test rendered (so nothing asks any more), then stops the server. */
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * A real HTTP server standing in for the API, so tests go through the app's own request
 * functions and the session's client unchanged. Answers CORS like the API (jsdom enforces it).
 */
export async function startTestApi(routes: ApiRoutes): Promise<TestApi> {
  const requests: ApiRequest[] = [];
  const server = createServer((req, res) => {
    // No keep-alive: closing the server then never resets a socket a request is about to reuse.
    res.setHeader('Connection', 'close');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      res.end();
      return;
    }
    void readBody(req).then(async (body) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const request: ApiRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body,
        authorization: req.headers.authorization,
      };
      requests.push(request);
      const route = routes[`${request.method} ${request.path}`];
      const reply = typeof route === 'function' ? await route(request) : route;
      res.statusCode = reply?.status ?? (reply ? 200 : 404);
      if (reply?.contentType) {
        res.setHeader('Content-Type', reply.contentType);
        res.end(String(reply.body));
        return;
      }
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(reply?.body ?? (reply ? {} : { message: 'Not Found' })));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => {
      cleanup();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
