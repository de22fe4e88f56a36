// The renderer's HTTP service, behind nginx (main.mjs, and the browser tests' nginx): a page it
// renders is answered with its HTML; any other is answered with X-Accel-Redirect to the shell's
// index.html, which nginx then serves (the browser renders that page).
import { createServer } from 'node:http';
import { pageAnswer } from './http.mjs';

/**
 * @param {Awaited<ReturnType<typeof import('./renderer.mjs').createPageRenderer>>} renderer
 * @param {{ siteUrl?: string }} [options]
 */
export function rendererService(renderer, { siteUrl } = {}) {
  let stopping = false;
  /** @param {import('node:http').ServerResponse} res */
  const leaveToBrowser = (res) => {
    res.writeHead(200, { 'X-Accel-Redirect': '/index.html', 'X-Page-Render': 'client' });
    res.end();
  };
  const server = createServer((req, res) => {
    if (req.url === '/healthz') {
      res.writeHead(stopping ? 503 : 200, { 'Content-Type': 'text/plain' });
      res.end(stopping ? 'stopping' : 'ok');
      return;
    }
    pageAnswer(renderer, req, { siteUrl }).then(
      (answer) => {
        if (!answer) {
          leaveToBrowser(res);
          return;
        }
        res.writeHead(answer.status, {
          'Content-Type': answer.contentType,
          'Cache-Control': 'no-cache',
          'X-Page-Render': 'server',
        });
        res.end(req.method === 'HEAD' ? undefined : answer.body);
      },
      (error) => {
        console.error(error);
        leaveToBrowser(res);
      },
    );
  });
  return {
    server,
    /** Readiness turns 503, so nginx and the orchestrator stop sending work. */
    stop() {
      stopping = true;
    },
  };
}
