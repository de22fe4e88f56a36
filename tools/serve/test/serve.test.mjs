import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../compress.mjs';
import { servers } from '../test-support/servers.mjs';

for (const [name, serve] of servers) {
  describe(name, () => {
    let dir;
    let server;
    const bigScript = `export const text = ${JSON.stringify('federation '.repeat(400))};\n`;

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'serve-test-'));
      await mkdir(join(dir, 'assets'));
      await writeFile(join(dir, 'index.html'), '<!doctype html><title>shell</title>');
      await writeFile(join(dir, 'remoteEntry.js'), bigScript);
      await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'checkout' }));
      await writeFile(join(dir, 'assets', 'App-DWrhLNOY.js'), bigScript);
      await writeFile(join(dir, 'assets', 'App-DWrhLNOY.js.map'), '{"version":3,"sources":[]}');
      // A published release (tools/release): its folder's files never change.
      await mkdir(join(dir, 'releases', '0123456789abcdef', 'server'), { recursive: true });
      await writeFile(join(dir, 'releases', '0123456789abcdef', 'remoteEntry.js'), bigScript);
      await writeFile(join(dir, 'releases', '0123456789abcdef', 'server', 'entry.mjs'), bigScript);
      await writeFile(join(dir, 'releases.json'), '{"current":"0123456789abcdef","releases":[]}');
      await precompress(dir);
      server = await serve({
        dir,
        port: 0,
        spa: true,
        site: { config: {}, remotes: { checkout: 'x' } },
      });
    });

    after(async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    });

    const get = (path, headers = {}) =>
      fetch(`${server.url}${path}`, { headers, decompress: false });

    test('remoteEntry.js and the manifest are revalidated on every load', async () => {
      for (const path of ['/remoteEntry.js', '/mf-manifest.json', '/']) {
        const response = await get(path);
        assert.equal(response.status, 200, path);
        assert.equal(response.headers.get('cache-control'), 'no-cache', path);
      }
    });

    test('hashed assets are cached for a year as immutable', async () => {
      const response = await get('/assets/App-DWrhLNOY.js');
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    });

    test("a published release's files are immutable; the history that names the live one is not", async () => {
      for (const path of [
        '/releases/0123456789abcdef/remoteEntry.js',
        '/releases/0123456789abcdef/server/entry.mjs',
      ]) {
        const response = await get(path);
        assert.equal(response.status, 200, path);
        assert.equal(
          response.headers.get('cache-control'),
          'public, max-age=31536000, immutable',
          path,
        );
      }
      const history = await get('/releases.json');
      assert.equal(history.status, 200);
      assert.equal(history.headers.get('cache-control'), 'no-cache');
    });

    test('brotli or gzip is served to browsers that accept it, with the same bytes inside', async () => {
      const { request } = await import('node:http');
      const raw = (encoding) =>
        new Promise((resolve, reject) => {
          request(
            `${server.url}/remoteEntry.js`,
            { headers: { 'Accept-Encoding': encoding } },
            (res) => {
              const chunks = [];
              res.on('data', (chunk) => chunks.push(chunk));
              res.on('end', () =>
                resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
              );
            },
          )
            .on('error', reject)
            .end();
        });
      const br = await raw('br, gzip');
      assert.equal(br.encoding, 'br');
      assert.equal(brotliDecompressSync(br.body).toString(), bigScript);
      const gz = await raw('gzip');
      assert.equal(gz.encoding, 'gzip');
      assert.equal(gunzipSync(gz.body).toString(), bigScript);
    });

    test('the shell answers client routes with index.html and serves runtime JSON documents', async () => {
      const page = await get('/user/dashboard');
      assert.match(await page.text(), /<title>shell<\/title>/);
      const remotes = await get('/remotes.json');
      assert.deepEqual(await remotes.json(), { checkout: 'x' });
      assert.equal(remotes.headers.get('cache-control'), 'no-cache');
    });

    test('source maps stay on the server: kept beside the build for error tracking, never served', async () => {
      for (const path of ['/assets/App-DWrhLNOY.js.map', '/assets/missing.js.map']) {
        const response = await get(path, { 'Accept-Encoding': 'br, gzip' });
        assert.equal(response.status, 404, path);
        assert.doesNotMatch(await response.text(), /sources|<title>/, path);
      }
    });

    test('remotes can be fetched cross-origin by the shell', async () => {
      const response = await get('/remoteEntry.js', { Origin: 'http://localhost:4200' });
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
    });
  });
}
