import { createHash } from 'node:crypto';
import { contract, endpointsOf } from '@coldmail/contracts';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { PROBE_PATHS } from './probes';
import { hooksOf } from './route-hooks';

/**
 * Every public read answers with an ETag and `Cache-Control: public, max-age=0, must-revalidate`
 * (as the landing blocks' own reads do, from their stored versions; those keep theirs): a
 * browser, a CDN or the shell's page renderer may keep an answer and ask again with
 * If-None-Match, and an unchanged answer is a 304 with no body. Every page load still asks (an
 * admin's edit shows on the next one); what it saves is the body and its parsing. Here the ETag
 * is the answer's hash (the packages, an item). Reads whose answer depends on the caller (an
 * admin sees more) are left out: their contract access is not `public`.
 */
export function cachePublicReads(fastify: FastifyInstance): void {
  // The tags of the answers given lately, by answer: the same few answers (the packages, the
  // items) go to every visitor, and a hash of each cost a tenth of the request's own work
  // (`npm run bench:api`); looking one up here costs a string comparison. Bounded: forgotten
  // all at once when full, then hashed again.
  const tags = new Map<string, string>();
  // Not the probes: a load balancer keeps nothing, and they are the cheapest routes there are.
  const publicReads = new Set(
    endpointsOf(contract)
      .filter((endpoint) => endpoint.method === 'GET' && endpoint.access === 'public')
      .map((endpoint) => endpoint.path)
      .filter((path) => !PROBE_PATHS.has(path)),
  );
  const validate: onSendHookHandler = (request, reply, payload, done) => {
    const settled = reply.getHeader('etag') !== undefined;
    if (
      settled ||
      reply.statusCode !== 200 ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload))
    ) {
      done(null, payload);
      return;
    }
    const etag = typeof payload === 'string' ? tagOf(tags, payload) : hashTag(payload);
    reply.header('etag', etag).header('cache-control', 'public, max-age=0, must-revalidate');
    const asked = request.headers['if-none-match'];
    if (asked && asked.split(',').some((tag) => tag.trim() === etag)) {
      reply.code(304);
      done(null, '');
      return;
    }
    done(null, payload);
  };
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET') || !publicReads.has(route.url)) return;
    route.onSend = [...hooksOf(route.onSend), validate];
  });
}

/** How many answers' tags are remembered, and the longest answer remembered (bytes of JSON). */
const REMEMBERED_TAGS = 64;
const REMEMBERED_LENGTH = 64 * 1024;

function hashTag(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
}

function tagOf(tags: Map<string, string>, payload: string): string {
  if (payload.length > REMEMBERED_LENGTH) return hashTag(payload);
  let tag = tags.get(payload);
  if (tag === undefined) {
    tag = hashTag(payload);
    if (tags.size >= REMEMBERED_TAGS) tags.clear();
    tags.set(payload, tag);
  }
  return tag;
}
