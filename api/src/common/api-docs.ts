import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { onRequestHookHandler } from 'fastify';
import { securityHeadersOf } from './security-headers';

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Coldmail API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body>
</html>`;

// An external script rather than an inline one, so the page works under helmet's CSP.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/docs-json', dom_id: '#swagger-ui' });`;

/**
 * The OpenAPI document at /api/docs-json and Swagger UI at /api/docs. The UI's files come from
 * the swagger-ui-dist package on disk (no CDN; @fastify/static is not needed for three files).
 */
export function registerApiDocs(app: NestFastifyApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Coldmail API')
      .setDescription('Send `Authorization: Bearer <Firebase ID token>` except on public routes.')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  const assetsDir = dirname(require.resolve('swagger-ui-dist/package.json'));
  const assets: Record<string, { type: string; body: string | Buffer }> = {
    'swagger-ui.css': { type: 'text/css', body: readFileSync(join(assetsDir, 'swagger-ui.css')) },
    'swagger-ui-bundle.js': {
      type: 'text/javascript',
      body: readFileSync(join(assetsDir, 'swagger-ui-bundle.js')),
    },
    'init.js': { type: 'text/javascript', body: INIT },
  };

  // The pages are the API's only documents: they get helmet's full set of headers (its CSP
  // allows the page's own scripts and styles), over the answers' smaller one (app.ts).
  const pageHeaders = securityHeadersOf({
    // Development serves the docs over plain http://localhost; TLS is the proxy's job (HSTS).
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const page: onRequestHookHandler = (_request, reply, done) => {
    reply.headers(pageHeaders);
    done();
  };
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get('/api/docs-json', async () => document);
  fastify.get('/api/docs', { onRequest: page }, async (_request, reply) =>
    reply.type('text/html').send(PAGE),
  );
  fastify.get<{ Params: { asset: string } }>(
    '/api/docs/:asset',
    { onRequest: page },
    async (request, reply) => {
      const asset = assets[request.params.asset];
      if (!asset) return reply.status(404).send({ statusCode: 404, message: 'Not found' });
      return reply
        .type(asset.type)
        .header('cache-control', 'public, max-age=3600')
        .send(asset.body);
    },
  );
}
