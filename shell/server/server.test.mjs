import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiReader } from './api-reads.mjs';
import { headTags, pageDocument } from './document.mjs';
import { createRemoteFiles } from './remote-files.mjs';

/** A real HTTP server on 127.0.0.1 answering with `answer`; every request is recorded. */
async function serve(answer) {
  const requests = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url, ifNoneMatch: req.headers['if-none-match'] });
    answer(req, res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push(server);
  return { url: `http://127.0.0.1:${server.address().port}`, requests };
}
const running = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => new Promise((done) => server.close(done))));
});

const head = {
  title: 'Pack & "Go"',
  description: 'Credits <fast>',
  url: 'https://coldmail.example/premium/x/1',
  image: 'https://api.coldmail.example/uploads/a.png',
  structuredData: [{ '@type': 'Product', name: '</script><script>alert(1)</script>' }],
  siteName: 'ColdMail AI',
};

describe('the page document', () => {
  it('carries the tags search engines and link previews read, escaped', () => {
    const tags = headTags(head);
    expect(tags).toContain('<title>Pack &amp; &quot;Go&quot;</title>');
    expect(tags).toContain('<link rel="canonical" href="https://coldmail.example/premium/x/1" />');
    expect(tags).toContain(
      '<meta property="og:image" content="https://api.coldmail.example/uploads/a.png" />',
    );
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(tags).toContain('content="Credits &lt;fast&gt;"');
    // JSON-LD is a data block: no text in it can close it.
    expect(tags.match(/<\/script>/g)).toHaveLength(1);
  });

  it("replaces the template's title and description, and keeps text such as $& as it is", () => {
    const template =
      '<html><head><title>Old</title>\n<meta\n  name="description"\n  content="old" />\n</head><body><div id="root"></div><script src="/a.js"></script></body></html>';
    const page = pageDocument(template, {
      head,
      html: '<p>Price: $& $1</p>',
      styles: ['/assets/shell.css', 'https://marketing.example/assets/App.css'],
      stateBlock: '<script type="application/json" id="s">{}</script>',
    });
    // Styled as it first shows: the stylesheets are in the head, before the content.
    expect(page).toContain(
      '<link rel="stylesheet" href="https://marketing.example/assets/App.css" />',
    );
    expect(page.indexOf('App.css')).toBeLessThan(page.indexOf('</head>'));
    expect(page).not.toContain('<title>Old</title>');
    expect(page).not.toContain('content="old"');
    expect(page).toContain('<div id="root"><p>Price: $& $1</p></div>');
    expect(page.indexOf('id="s"')).toBeLessThan(page.indexOf('/a.js'));
    // Read by index.html's start-up script, before anything else: the page is already whole.
    expect(page.startsWith('<html data-server-rendered>')).toBe(true);
  });
});

describe("the renderer's reads of the API", () => {
  it('asks again for every page, with the ETag it holds, and reuses an unchanged answer', async () => {
    let version = 1;
    const api = await serve((req, res) => {
      const etag = `"v${version}"`;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(200, { etag, 'content-type': 'application/json' });
      res.end(JSON.stringify({ banner: `version ${version}` }));
    });
    const { read } = createApiReader({ apiUrl: api.url });
    expect(await read('/api/landing-content')).toEqual({ banner: 'version 1' });
    expect(await read('/api/landing-content')).toEqual({ banner: 'version 1' });
    version = 2;
    expect(await read('/api/landing-content')).toEqual({ banner: 'version 2' });
    expect(api.requests.map((request) => request.ifNoneMatch)).toEqual([undefined, '"v1"', '"v1"']);
  });

  it('asks once more when the connection closes under a read, and says why when it does again', async () => {
    let closing = 1;
    const api = await serve((req, res) => {
      if (closing-- > 0) {
        // As a kept-alive socket the server closes just as it is reused: no answer at all.
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ packageName: 'Pro' }]));
    });
    const { read } = createApiReader({ apiUrl: api.url });
    expect(await read('/packages')).toEqual([{ packageName: 'Pro' }]);
    expect(api.requests).toHaveLength(2);

    closing = 2;
    await expect(read('/packages')).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/^fetch failed \(UND_ERR_SOCKET: other side closed\)$/),
    });
    expect(api.requests).toHaveLength(4);
  });

  it("fails with the answer's status and message, or 0 when the API cannot be reached", async () => {
    const api = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 404, message: 'Item not found' }));
    });
    await expect(createApiReader({ apiUrl: api.url }).read('/item/x')).rejects.toMatchObject({
      status: 404,
      message: 'Item not found',
    });
    await expect(
      createApiReader({ apiUrl: 'http://127.0.0.1:1' }).read('/packages'),
    ).rejects.toMatchObject({ status: 0 });
  });
});

describe("the remotes' server entries", () => {
  it("loads a remote's entry from its deployment, and a redeployed one within a second", async () => {
    let markup = 'first';
    const remote = await serve((req, res) => {
      if (req.url === '/server/entry.mjs') {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        res.end(`export const render = () => ${JSON.stringify(markup)};`);
        return;
      }
      // A build served as it is: its manifest names no release, its entry is beside it.
      if (req.url === '/mf-manifest.json') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"marketing"}');
        return;
      }
      res.writeHead(404).end();
    });
    const files = createRemoteFiles({
      manifests: () => ({ marketing: `${remote.url}/mf-manifest.json` }),
    });
    // The clock alone is moved (sockets and timers stay real): a second is a second on any machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect((await files.entry('marketing')).render()).toBe('first');
      markup = 'redeployed';
      vi.setSystemTime(Date.now() + 999);
      expect((await files.entry('marketing')).render()).toBe('first');
      vi.setSystemTime(Date.now() + 2);
      expect((await files.entry('marketing')).render()).toBe('redeployed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs no entry a release does not pin, when told to run only pinned ones', async () => {
    let entryRead = false;
    const remote = await serve((req, res) => {
      if (req.url === '/mf-manifest.json') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"marketing"}');
        return;
      }
      entryRead ||= req.url === '/server/entry.mjs';
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end('export const render = () => "unpinned";');
    });
    const files = createRemoteFiles({
      manifests: () => ({ marketing: `${remote.url}/mf-manifest.json` }),
      pinnedOnly: true,
    });
    await expect(files.entry('marketing')).rejects.toThrow('pins no server entry');
    expect(entryRead).toBe(false);
  });

  it('fails when the deployment does not serve an entry, so the page is left to the browser', async () => {
    const remote = await serve((_req, res) => res.writeHead(404).end());
    const files = createRemoteFiles({
      manifests: () => ({ marketing: `${remote.url}/mf-manifest.json` }),
    });
    await expect(files.entry('marketing')).rejects.toThrow('HTTP 404');
  });
});

describe('the renderer service', () => {
  it('refuses to start in production without SITE_URL, naming it', () => {
    const started = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('./main.mjs', import.meta.url))],
      {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', SETTINGS_DIR: '/nonexistent' },
        encoding: 'utf8',
        timeout: 10_000,
      },
    );
    expect(started.status).toBe(1);
    expect(started.stderr).toMatch(/^SITE_URL must be set in production/);
  });
});
