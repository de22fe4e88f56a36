import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPageRenderer } from './renderer.mjs';

// The renderer against real local servers: an API that answers with ETags, and a remote's
// deployment serving a server entry; the shell's build is a small stand-in on disk whose server
// entry counts its renders.
const running = [];
async function serve(answer) {
  const server = createServer(answer);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push(server);
  return `http://127.0.0.1:${server.address().port}`;
}

let distDir;
let content;
/** null, or the status the API answers every read with (503: down, 429: limiting). */
let apiFailure;
/** How long the API takes to answer, in ms. */
let apiDelay;
/** The renderer token each read carried. */
let tokensSeen;
const renders = { shell: 0, remote: 0 };
/** A published release of the remote (tools/release): its pinned entry and what is served. */
let release;
const remoteEntryCode = (heading) => `export async function render({ read }) {
  globalThis.__remoteRenders = (globalThis.__remoteRenders ?? 0) + 1;
  const landing = await read('/api/landing-content');
  return { html: '<h1>${heading}' + landing.banner + '</h1>', status: 200, head: { description: 'd', structuredData: [] }, state: { queries: [], mutations: [] } };
}`;

beforeEach(async () => {
  content = { banner: 'Hello' };
  apiFailure = null;
  apiDelay = 0;
  tokensSeen = [];
  renders.shell = 0;
  renders.remote = 0;
  release = null;
  distDir = await mkdtemp(join(tmpdir(), 'renderer-test-'));
  await mkdir(join(distDir, 'server'), { recursive: true });
  await mkdir(join(distDir, '.vite'), { recursive: true });
  await writeFile(
    join(distDir, 'index.html'),
    '<html><head><title>Site</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(
    join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/bootstrap.tsx': { css: ['assets/shell.css'] } }),
  );
  await writeFile(
    join(distDir, 'server', 'entry.mjs'),
    `export const SITE_NAME = 'Site';
export const pageAt = (pathname) =>
  pathname === '/' || pathname.startsWith('/p/') ? { remote: 'marketing', status: 200 } : null;
export const publishedPageAt = () => false;
export const sitemapPaths = async () => ['/'];
export const serverStateOf = (parts) => ({ queries: parts.flatMap((part) => part?.queries ?? part ?? []), mutations: [] });
export const serverStateBlock = (state) => '<script type="application/json">' + JSON.stringify(state) + '</script>';
export async function render({ remotePage }) {
  globalThis.__shellRenders = (globalThis.__shellRenders ?? 0) + 1;
  return { html: '<header>chrome</header>' + remotePage.html, title: 'Home', state: { queries: [], mutations: [] } };
}
`,
  );
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => new Promise((done) => server.close(done))));
  await rm(distDir, { recursive: true, force: true });
});

async function renderer({ apiToken, log = () => {} } = {}) {
  const api = await serve(async (req, res) => {
    tokensSeen.push(req.headers['x-renderer-token']);
    if (apiDelay) await new Promise((done) => setTimeout(done, apiDelay));
    if (apiFailure) {
      res
        .writeHead(apiFailure, { 'content-type': 'application/json' })
        .end(JSON.stringify({ statusCode: apiFailure, message: 'Too many requests' }));
      return;
    }
    const body = JSON.stringify(content);
    const etag = `"${Buffer.from(body).toString('base64url')}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return;
    }
    res.writeHead(200, { etag, 'content-type': 'application/json' }).end(body);
  });
  const remote = await serve((req, res) => {
    if (req.url === '/server/entry.mjs') {
      res.writeHead(200).end(remoteEntryCode(''));
      return;
    }
    if (release && req.url === '/releases/0123456789abcdef/server/entry.mjs') {
      res.writeHead(200).end(release.served);
      return;
    }
    if (req.url === '/mf-manifest.json') {
      res.writeHead(200).end(
        JSON.stringify({
          exposes: [{ name: 'App', assets: { css: { sync: ['assets/App.css'] } } }],
          ...(release
            ? {
                release: {
                  id: '0123456789abcdef',
                  serverEntry: 'releases/0123456789abcdef/server/entry.mjs',
                  serverEntryIntegrity: `sha384-${createHash('sha384').update(release.pinned).digest('base64')}`,
                },
              }
            : {}),
        }),
      );
      return;
    }
    res.writeHead(404).end();
  });
  return createPageRenderer({
    distDir,
    manifests: () => ({ marketing: `${remote}/mf-manifest.json` }),
    apiUrl: api,
    publicApiUrl: api,
    apiToken,
    log,
  });
}

const counts = () => [globalThis.__shellRenders ?? 0, globalThis.__remoteRenders ?? 0];

describe('the page renderer', () => {
  it("draws a page with the remote's part, its stylesheets and its head", async () => {
    const pages = await renderer();
    const page = await pages.page('/', 'https://site.example');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<div id="root"><header>chrome</header><h1>Hello</h1></div>');
    expect(page.html).toContain('<link rel="stylesheet" href="/assets/shell.css" />');
    expect(page.html).toMatch(
      /<link rel="stylesheet" href="http:\/\/127\.0\.0\.1:\d+\/assets\/App\.css" \/>/,
    );
    expect(page.html).toContain('<link rel="canonical" href="https://site.example/" />');
    expect(await pages.page('/user/dashboard', 'https://site.example')).toBeNull();
  });

  it('sends the same HTML again while the API answers 304, and draws it again once the content changed', async () => {
    const pages = await renderer();
    const before = counts();
    await pages.page('/', 'https://site.example');
    await pages.page('/', 'https://site.example');
    expect(counts()).toEqual([before[0] + 1, before[1] + 1]);
    content = { banner: 'Edited' };
    const edited = await pages.page('/', 'https://site.example');
    expect(edited.html).toContain('<h1>Edited</h1>');
    expect(counts()).toEqual([before[0] + 2, before[1] + 2]);
  });

  it.each([503, 429])(
    'never draws an API answer of %i as content: the page as last drawn, else the browser',
    async (status) => {
      const pages = await renderer();
      apiFailure = status;
      expect(await pages.page('/', 'https://site.example')).toBeNull();
      apiFailure = null;
      const good = await pages.page('/', 'https://site.example');
      apiFailure = status;
      const during = await pages.page('/', 'https://site.example');
      expect(during?.status).toBe(200);
      expect(during?.html).toBe(good.html);
    },
  );

  it('draws one page for every query string a visitor adds, and one drawing for requests at once', async () => {
    const pages = await renderer();
    const before = counts();
    apiDelay = 50;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => pages.page(`/?r=${index}`, 'https://site.example')),
    );
    expect(new Set(answers.map((page) => page?.html)).size).toBe(1);
    expect(answers[0].html).toContain('<link rel="canonical" href="https://site.example/" />');
    expect(counts()).toEqual([before[0] + 1, before[1] + 1]);
  });

  it('draws at most eight different pages at once; past that a page is left to the browser', async () => {
    const pages = await renderer();
    apiDelay = 100;
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, index) => pages.page(`/p/${index}`, 'https://site.example')),
    );
    expect(answers.filter((page) => page !== null)).toHaveLength(8);
  });

  it('reads the API with its token, so its reads have a limit of their own', async () => {
    const pages = await renderer({ apiToken: 'renderer-token-for-the-tests-0123456789' });
    await pages.page('/', 'https://site.example');
    expect(tokensSeen.length).toBeGreaterThan(0);
    expect(new Set(tokensSeen)).toEqual(new Set(['renderer-token-for-the-tests-0123456789']));
  });

  it("runs a release's server entry only when it is the one the release's manifest pins", async () => {
    const pinned = remoteEntryCode('Pinned ');
    release = { pinned, served: pinned };
    const logged = [];
    const pages = await renderer({ log: (line) => logged.push(line) });
    expect((await pages.page('/', 'https://site.example'))?.html).toContain(
      '<h1>Pinned Hello</h1>',
    );

    // Whoever changes the remote's hosting cannot make the renderer run their code: the page is
    // left to the browser, and the log says why.
    release = { pinned: remoteEntryCode('Other '), served: remoteEntryCode('Tampered ') };
    const fresh = await renderer({ log: (line) => logged.push(line) });
    expect(await fresh.page('/p/1', 'https://site.example')).toBeNull();
    expect(logged.join('\n')).toMatch(/is not the server entry its release pinned/);
  });
});
