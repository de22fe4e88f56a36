import { createHash } from 'node:crypto';
import { contract, endpointsOf } from '@coldmail/contracts';
import type { FastifyInstance, onSendHookHandler } from 'fastify';

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
  // Not the probes: a load balancer keeps nothing, and they are the cheapest routes there are.
  const probes = new Set<string>(Object.values(contract.health).map((endpoint) => endpoint.path));
  const publicReads = new Set(
    endpointsOf(contract)
      .filter((endpoint) => endpoint.method === 'GET' && endpoint.access === 'public')
      .map((endpoint) => endpoint.path)
      .filter((path) => !probes.has(path)),
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
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
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
    const own = route.onSend;
    route.onSend = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), validate];
  });
}
