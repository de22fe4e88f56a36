// The HTTP face of the double: the Gemini API's generateContent and streamGenerateContent (key
// conventions applied), and the /__double control routes, which answer same-origin callers only
// because they hand out the prompts and keys that were sent.
import { answerPrompt, writeEmail } from './answers.mjs';
import { availableModels } from './models.mjs';
import { readRequest } from './prompt.mjs';
import {
  internalError,
  invalidApiKey,
  invalidArgument,
  missingApiKey,
  modelNotFound,
  notFound,
  quotaExceeded,
} from './errors.mjs';
import { readGenerateRequest } from './request.mjs';
import {
  estimateTokens,
  limitTokens,
  responseBody,
  responseId,
  splitForStream,
} from './response.mjs';

// Google's own limit on a request body.
const BODY_LIMIT = 20 * 1024 * 1024;
const MODEL_ROUTE = /^\/(v1|v1beta)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * @typedef {{
 *   key: string, model: string, method: 'generateContent' | 'streamGenerateContent',
 *   apiVersion: string, body: unknown, receivedAt: string,
 * }} RecordedRequest
 * @typedef {{
 *   slowMs: number, retryAfterSeconds: number, chunkDelayMs: number,
 *   wait: (ms: number, signal: AbortSignal) => Promise<unknown>,
 *   host: string, stopping: AbortSignal,
 *   record: (request: RecordedRequest) => void,
 *   calls: () => Record<string, number>, requests: () => RecordedRequest[], reset: () => void,
 * }} Context
 */

/** @param {Context} context */
export function createRequestHandler(context) {
  return async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://double.invalid');
    try {
      if (url.pathname.startsWith('/__double/')) return await control(req, res, url);
      const route = MODEL_ROUTE.exec(url.pathname);
      if (!route) return send(res, notFound(`The requested URL ${url.pathname} was not found.`));
      if (req.headers.origin) res.setHeader('access-control-allow-origin', req.headers.origin);
      if (req.method === 'OPTIONS') return preflight(req, res);
      if (req.method !== 'POST') return send(res, notFound());
      const [, apiVersion, model, method] = route;
      await generate(req, res, { url, apiVersion, model, method });
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        return send(
          res,
          invalidArgument(`Request payload size exceeds the limit: ${BODY_LIMIT} bytes.`),
        );
      }
      // A caller that hung up, or the double stopping, ends a slow or streaming answer early.
      if (error?.name === 'AbortError') return res.destroy();
      console.error('[gemini-double]', error);
      if (res.headersSent) return res.destroy();
      send(res, internalError());
    }
  };

  async function generate(req, res, { url, apiVersion, model, method }) {
    const text = (await readBody(req)).toString('utf8');
    const key = header(req, 'x-goog-api-key') ?? url.searchParams.get('key') ?? '';
    const read = readGenerateRequest(text);
    context.record({
      key,
      model,
      method,
      apiVersion,
      body: read.body,
      receivedAt: new Date().toISOString(),
    });

    if (key === '') return send(res, missingApiKey());
    if (key.startsWith('bad-')) return send(res, invalidApiKey());
    if (key.startsWith('quota-')) return send(res, quotaExceeded(model, context.retryAfterSeconds));
    if (key.startsWith('fail-')) return send(res, internalError());
    const hungUp = new AbortController();
    res.once('close', () => hungUp.abort());
    const signal = AbortSignal.any([hungUp.signal, context.stopping]);
    if (key.startsWith('slow-')) await context.wait(context.slowMs, signal);

    if (!availableModels.has(model)) return send(res, modelNotFound(model, apiVersion, method));
    if ('error' in read) return send(res, read.error);

    const { promptText, generationConfig } = read.request;
    const answer = key.startsWith('empty-')
      ? { text: '', finishReason: 'STOP' }
      : limitTokens(
          // A model that ignores what it was asked and writes an email whatever the prompt.
          key.startsWith('email-')
            ? writeEmail(readRequest(promptText).fields)
            : answerPrompt(promptText),
          generationConfig.maxOutputTokens,
        );
    const promptTokens = estimateTokens(promptText);
    const id = responseId();
    if (method === 'generateContent') {
      const body = responseBody({
        ...answer,
        promptTokens,
        outputTokens: estimateTokens(answer.text),
        model,
        id,
      });
      return send(res, { status: 200, body });
    }
    await stream(res, url, { answer, promptTokens, model, id, signal });
  }

  /**
   * Sends the answer a piece at a time, each piece a whole GenerateContentResponse; only the
   * last carries the finishReason. With alt=sse (what the SDK asks for) as server-sent events,
   * otherwise as one JSON array, as Google does.
   */
  async function stream(res, url, { answer, promptTokens, model, id, signal }) {
    const sse = url.searchParams.get('alt') === 'sse';
    res.writeHead(200, {
      'content-type': sse ? 'text/event-stream' : 'application/json; charset=UTF-8',
      'cache-control': 'no-cache',
      vary: 'Origin, X-Origin, Referer',
    });
    if (!sse) res.write('[');
    const pieces = splitForStream(answer.text);
    let sent = '';
    for (const [index, text] of pieces.entries()) {
      if (index > 0) await context.wait(context.chunkDelayMs, signal);
      sent += text;
      const last = index === pieces.length - 1;
      const chunk = responseBody({
        text,
        finishReason: last ? answer.finishReason : undefined,
        promptTokens,
        outputTokens: estimateTokens(sent),
        model,
        id,
      });
      res.write(
        sse
          ? `data: ${JSON.stringify(chunk)}\n\n`
          : `${index > 0 ? ',\n' : ''}${JSON.stringify(chunk)}`,
      );
    }
    res.end(sse ? '' : ']');
  }

  async function control(req, res, url) {
    if (!sameOrigin(req)) {
      return send(res, {
        status: 403,
        body: {
          error: {
            code: 403,
            message: 'The double’s control routes answer same-origin requests only.',
            status: 'PERMISSION_DENIED',
          },
        },
      });
    }
    await readBody(req);
    const routes = {
      'GET /__double/calls': () => ({ status: 200, body: { calls: context.calls() } }),
      'GET /__double/requests': () => ({ status: 200, body: { requests: context.requests() } }),
      'POST /__double/reset': () => {
        context.reset();
        return { status: 200, body: { calls: {}, requests: [] } };
      },
    };
    const route = routes[`${req.method} ${url.pathname}`];
    send(res, route ? route() : notFound(`No control route ${req.method} ${url.pathname}.`));
  }

  /**
   * A browser names a foreign page in Origin (and Sec-Fetch-Site); tools such as curl or Node's
   * fetch send neither. The Host must be the double's own name, so a page on a rebound domain
   * that points at 127.0.0.1 does not pass as same-origin.
   */
  function sameOrigin(req) {
    const host = header(req, 'host') ?? '';
    const hostname = host.replace(/:\d+$/, '');
    if (!LOOPBACK_HOSTS.has(hostname) && hostname !== context.host) return false;
    const site = header(req, 'sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return false;
    const origin = header(req, 'origin');
    return origin === undefined || origin === `http://${host}`;
  }
}

function preflight(req, res) {
  res.writeHead(204, {
    'access-control-allow-methods': 'POST',
    'access-control-allow-headers':
      req.headers['access-control-request-headers'] ?? 'content-type, x-goog-api-key',
    'access-control-max-age': '3600',
  });
  res.end();
}

const header = (req, name) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** @param {import('node:http').ServerResponse} res */
function send(res, { status, body, headers = {} }) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    vary: 'Origin, X-Origin, Referer',
    ...headers,
  });
  res.end(JSON.stringify(body));
}

class BodyTooLarge extends Error {}

async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
