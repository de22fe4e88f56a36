#!/usr/bin/env node
// `npm run test:deploy`: builds every image of deploy/Dockerfile with podman (base images made
// locally, base-images.mjs beside this file), prints their sizes, and starts them as production
// runs them, against the embedded database and the Auth emulator on this machine:
// - the API answers readiness, runs as a user other than root, and drains on SIGTERM (exit 0);
// - the shell and the marketing remote serve their builds with the cache, CORS and security
//   headers of the deploy kit;
// - the renderer answers `/` with the landing page's content, which the shell serves.
// Needs Debian's podman, runc and mmdebstrap: installed when missing and we are root.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from '../stack.mjs';
import { freePort } from '@coldmail/serve/ports';
import { ensureBaseImages } from './base-images.mjs';
import { buildImage, hasPodman, podman } from './podman.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const started = Date.now();
const step = (message) =>
  console.log(`[test:deploy ${((Date.now() - started) / 1000).toFixed(0)} s] ${message}`);

function ensurePodman() {
  if (hasPodman() && existsSync('/usr/bin/mmdebstrap') && existsSync('/usr/sbin/runc')) return;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.error(
      "test:deploy needs Debian's podman, runc and mmdebstrap: apt-get install -y podman runc mmdebstrap uidmap",
    );
    process.exit(1);
  }
  step('installing podman, runc and mmdebstrap (apt-get)');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'podman', 'runc', 'mmdebstrap', 'uidmap'],
    { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  );
}

/** Resolves once `url` answers `expected`, or rejects after `ms` with what it answered last. */
async function answers(url, expected = 200, ms = 90_000) {
  const deadline = Date.now() + ms;
  let last = 'no answer';
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (response.status === expected) return response;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer ${expected}: ${last}`);
    await new Promise((done) => setTimeout(done, 500));
  }
}

const IMAGES = [
  { tag: 'coldmail-api', target: 'api' },
  { tag: 'coldmail-renderer', target: 'renderer' },
  { tag: 'coldmail-shell', target: 'web', args: { APP_DIR: 'shell' } },
  { tag: 'coldmail-marketing', target: 'web', args: { APP_DIR: 'mf-marketing' } },
  { tag: 'coldmail-checkout', target: 'web', args: { APP_DIR: 'mf-checkout' } },
  { tag: 'coldmail-account', target: 'web', args: { APP_DIR: 'mf-account' } },
  { tag: 'coldmail-admin', target: 'web', args: { APP_DIR: 'mf-admin' } },
  { tag: 'coldmail-generator', target: 'web', args: { APP_DIR: 'mf-generator' } },
  { tag: 'coldmail-front', target: 'front' },
  { tag: 'coldmail-paypal-double', target: 'paypal-double' },
];

/**
 * A GET with what fetch cannot set: over https, trusting only `ca` (the front's own local
 * authority, as a browser told to trust it would); or with a Host of its own.
 *
 * @param {string} url
 * @param {{ ca?: string, host?: string }} [options]
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: string }>}
 */
const rawGet = (url, { ca, host } = {}) =>
  new Promise((done, fail) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const options = {
      timeout: 15_000,
      ...(ca ? { ca, servername: 'localhost' } : {}),
      ...(host ? { headers: { host } } : {}),
    };
    const req = send(url, options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer`)));
    req.on('error', fail);
    req.end();
  });

ensurePodman();
step('base images');
await ensureBaseImages();
for (const image of IMAGES) {
  step(`building ${image.tag}`);
  await buildImage({ file: join(root, 'deploy/Dockerfile'), context: root, ...image });
}
const sizes = await podman([
  'images',
  '--format',
  '{{.Repository}}:{{.Tag}}\t{{.Size}}',
  '--filter',
  'reference=localhost/coldmail-*',
]);
console.log(`\nImage sizes:\n${sizes}\n`);

const containers = [];
const settings = mkdtempSync(join(tmpdir(), 'coldmail-images-'));
const stack = await startStack({
  services: ['database', 'auth'],
  freePorts: true,
  projectId: 'demo-coldmail-images',
});
try {
  const [apiPort, shellPort, marketingPort, rendererPort] = await Promise.all(
    Array.from({ length: 4 }, () => freePort()),
  );
  const api = `http://127.0.0.1:${apiPort}`;
  const shell = `http://127.0.0.1:${shellPort}`;
  const marketing = `http://127.0.0.1:${marketingPort}`;
  const rendererToken = randomBytes(32).toString('hex');
  /**
   * Starts an image. The API and the renderer share this machine's network (they reach the
   * embedded database and the emulator on loopback); a web image runs on podman's bridge, as a
   * container does, its port 8080 published on loopback.
   */
  const run = async (name, image, env, mounts = [], publish = undefined) => {
    containers.push(name);
    await podman(['rm', '-f', name]).catch(() => undefined);
    await podman([
      'run',
      '-d',
      '--name',
      name,
      ...(publish ? ['-p', `127.0.0.1:${publish}:8080`] : ['--network=host']),
      // podman's default limits are above what a process here may set (runc then fails).
      '--ulimit',
      'nofile=20000:20000',
      '--ulimit',
      'nproc=4096:4096',
      ...mounts.flatMap((mount) => ['-v', mount]),
      ...Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]),
      image,
    ]);
  };
  const logsOf = (name) => podman(['logs', name]).catch((error) => String(error));

  step('the API, as production runs it (loopback only: the emulator is allowed there)');
  await run('coldmail-test-api', 'coldmail-api', {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(apiPort),
    MONGODB_URI: `${stack.databaseServerUri}coldmail-images`,
    FIREBASE_AUTH_EMULATOR_HOST: new URL(stack.urls.auth).host,
    FIREBASE_PROJECT_ID: 'demo-coldmail-images',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    GEMINI_KEYS_SECRET: randomBytes(32).toString('base64'),
    CORS_ORIGINS: `${shell},${marketing}`,
    SITE_URL: shell,
    PUBLIC_API_URL: api,
    RENDERER_TOKEN: rendererToken,
    SHUTDOWN_DELAY_SECONDS: '1',
  });
  await answers(`${api}/api/health/ready`).catch(async (error) => {
    throw new Error(`${error.message}\n${await logsOf('coldmail-test-api')}`);
  });
  const uid = await podman(['exec', 'coldmail-test-api', 'id', '-u']);
  assert.notEqual(uid, '0', 'the API runs as a user other than root');
  // The image's own HEALTHCHECK (podman runs it on request: no systemd timers here).
  await podman(['healthcheck', 'run', 'coldmail-test-api']);

  step('the shell, the marketing remote and the page renderer');
  const remotes = {
    marketing: `${marketing}/mf-manifest.json`,
    checkout: 'http://127.0.0.1:9/mf-manifest.json',
    account: 'http://127.0.0.1:9/mf-manifest.json',
    admin: 'http://127.0.0.1:9/mf-manifest.json',
    generator: 'http://127.0.0.1:9/mf-manifest.json',
  };
  writeFileSync(join(settings, 'config.json'), JSON.stringify({ apiBaseUrl: api }));
  writeFileSync(join(settings, 'remotes.json'), JSON.stringify(remotes));
  // Readable by the images' non-root users, as an operator's mounted settings are.
  chmodSync(settings, 0o755);
  const mount = `${settings}:/etc/coldmail:ro`;
  await run(
    'coldmail-test-marketing',
    'coldmail-marketing',
    { HSTS: 'false' },
    [mount],
    marketingPort,
  );
  await run(
    'coldmail-test-renderer',
    'coldmail-renderer',
    {
      LISTEN: String(rendererPort),
      API_INTERNAL_URL: api,
      SITE_URL: shell,
      RENDERER_TOKEN: rendererToken,
    },
    [mount],
  );
  // The shell's nginx reaches the renderer on this machine through the bridge's gateway.
  const gateway = await podman([
    'network',
    'inspect',
    'podman',
    '--format',
    '{{range .Subnets}}{{.Gateway}}{{end}}',
  ]);
  await run(
    'coldmail-test-shell',
    'coldmail-shell',
    { HSTS: 'false', RENDERER_URL: `http://${gateway}:${rendererPort}` },
    [mount],
    shellPort,
  );
  await answers(`${marketing}/mf-manifest.json`);
  await answers(`http://127.0.0.1:${rendererPort}/healthz`);
  await answers(`${shell}/index.html`);

  // A remote's image serves its build as a release: the manifest (revalidated) names the
  // release's folder, whose files never change, and pins its server entry.
  const manifestResponse = await fetch(`${marketing}/mf-manifest.json`);
  assert.match(manifestResponse.headers.get('cache-control') ?? '', /no-cache/);
  const released = await manifestResponse.json();
  assert.match(released.release.id, /^[0-9a-f]{16}$/);
  assert.match(released.release.serverEntryIntegrity, /^sha384-/);
  const remoteEntry = await fetch(
    `${marketing}/${released.metaData.remoteEntry.path}${released.metaData.remoteEntry.name}`,
    { headers: { origin: shell } },
  );
  assert.equal(remoteEntry.status, 200);
  assert.equal(remoteEntry.headers.get('access-control-allow-origin'), '*');
  assert.match(remoteEntry.headers.get('cache-control') ?? '', /immutable/);
  await podman(['healthcheck', 'run', 'coldmail-test-marketing']);

  const landing = await answers(`http://127.0.0.1:${rendererPort}/`);
  assert.match(
    await landing.text(),
    /Write cold emails that/,
    'the renderer draws the landing page',
  );
  const page = await fetch(`${shell}/`);
  const html = await page.text();
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('x-page-render'), 'server');
  assert.match(html, /Write cold emails that/);
  const csp = page.headers.get('content-security-policy') ?? '';
  assert.match(csp, /frame-ancestors 'none'/);
  assert.ok(csp.includes(marketing), 'the policy names the remote');
  assert.equal(page.headers.get('x-frame-options'), 'DENY');
  assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  assert.ok(asset, 'the page loads the shell’s code');
  const script = await fetch(`${shell}${asset}`);
  assert.equal(script.status, 200);
  assert.match(script.headers.get('cache-control') ?? '', /immutable/);
  assert.equal(page.headers.get('strict-transport-security'), null, 'HSTS=false: none');

  step('a web image runs nginx alone, and follows a changed remotes.json without a restart');
  await assert.rejects(
    podman(['exec', 'coldmail-test-shell', 'sh', '-c', 'command -v node']),
    'no Node in a web image',
  );
  await podman(['healthcheck', 'run', 'coldmail-test-shell']);
  const moved = { ...remotes, checkout: 'http://127.0.0.1:7/v2/mf-manifest.json' };
  writeFileSync(join(settings, 'remotes.json'), JSON.stringify(moved));
  const after = await fetch(`${shell}/index.html`);
  assert.ok(
    (after.headers.get('content-security-policy') ?? '').includes('http://127.0.0.1:7'),
    'the policy names the moved remote',
  );
  assert.deepEqual(await (await fetch(`${shell}/remotes.json`)).json(), moved);

  step('the front: TLS for one origin, each path to its service');
  const [httpPort, httpsPort, internalPort] = await Promise.all(
    Array.from({ length: 3 }, () => freePort()),
  );
  await run('coldmail-test-front', 'coldmail-front', {
    SITE_HOST: `localhost:${httpsPort}`,
    HTTP_PORT: String(httpPort),
    HTTPS_PORT: String(httpsPort),
    INTERNAL_PORT: String(internalPort),
    API_HOST: '127.0.0.1',
    API_PORT: String(apiPort),
    SHELL_UPSTREAM: `127.0.0.1:${shellPort}`,
    MARKETING_UPSTREAM: `127.0.0.1:${marketingPort}`,
  });
  await answers(`http://127.0.0.1:${internalPort}/api/health/live`);
  assert.notEqual(
    await podman(['exec', 'coldmail-test-front', 'id', '-u']),
    '0',
    'the front runs as a user other than root',
  );
  const ca = await podman([
    'exec',
    'coldmail-test-front',
    'cat',
    '/data/caddy/pki/authorities/local/root.crt',
  ]);
  const site = `https://localhost:${httpsPort}`;
  const ready = await rawGet(`${site}/api/health/ready`, { ca });
  assert.equal(ready.status, 200, 'the API, through the front, over TLS');
  // The specification's endpoints at the root are the API's too, not pages.
  const packages = await rawGet(`${site}/packages`, { ca });
  assert.match(String(packages.headers['content-type']), /application\/json/, '/packages: the API');
  const front = await rawGet(`${site}/`, { ca });
  assert.equal(front.status, 200);
  assert.match(front.body, /Write cold emails that/, 'the landing page, drawn by the renderer');
  assert.equal(front.headers['x-page-render'], 'server');
  assert.equal(front.headers.server, undefined, 'the front does not name itself');
  const manifest = await rawGet(`${site}/remotes/marketing/mf-manifest.json`, { ca });
  assert.equal(manifest.status, 200, 'a remote under /remotes/<name>/');
  assert.equal(JSON.parse(manifest.body).name, 'marketing');
  const plain = await fetch(`http://127.0.0.1:${httpPort}/pricing`, { redirect: 'manual' });
  assert.equal(plain.status, 308, 'http is sent to https');
  assert.match(plain.headers.get('location') ?? '', /^https:\/\/[^/]+\/pricing$/);

  step('a renderer wired as the compose kit does: the site read through the front, inside');
  // One origin: the API and the remotes are the site's; the renderer's token is a secret file.
  const siteSettings = mkdtempSync(join(tmpdir(), 'coldmail-site-'));
  const secrets = mkdtempSync(join(tmpdir(), 'coldmail-secrets-'));
  writeFileSync(join(siteSettings, 'config.json'), JSON.stringify({ apiBaseUrl: site }));
  writeFileSync(
    join(siteSettings, 'remotes.json'),
    JSON.stringify({ ...remotes, marketing: `${site}/remotes/marketing/mf-manifest.json` }),
  );
  writeFileSync(join(secrets, 'renderer_token'), `${rendererToken}\n`);
  for (const dir of [siteSettings, secrets]) chmodSync(dir, 0o755);
  chmodSync(join(secrets, 'renderer_token'), 0o644);
  const insidePort = await freePort();
  try {
    await run(
      'coldmail-test-renderer-inside',
      'coldmail-renderer',
      {
        NODE_ENV: 'production',
        LISTEN: String(insidePort),
        SITE_URL: site,
        SITE_INTERNAL_URL: `http://127.0.0.1:${internalPort}`,
        RENDERER_TOKEN_FILE: '/run/secrets/renderer_token',
      },
      [
        `${siteSettings}:/etc/coldmail:ro`,
        `${join(secrets, 'renderer_token')}:/run/secrets/renderer_token:ro`,
      ],
    );
    // As the shell's nginx asks it: with the site's own Host (in production it answers no other).
    await answers(`http://127.0.0.1:${insidePort}/healthz`);
    const inside = await rawGet(`http://127.0.0.1:${insidePort}/`, { host: new URL(site).host });
    assert.equal(inside.status, 200);
    const insideHtml = inside.body;
    assert.match(insideHtml, /Write cold emails that/, 'drawn from what it read inside');
    assert.ok(
      !insideHtml.includes(`127.0.0.1:${internalPort}`),
      'the page names the public addresses only',
    );
    assert.ok(insideHtml.includes(`${site}/remotes/marketing/`), "the remote's styles, public");
  } finally {
    rmSync(siteSettings, { recursive: true, force: true });
    rmSync(secrets, { recursive: true, force: true });
  }

  step('the trial PayPal double answers as PayPal does');
  const doublePort = await freePort();
  const double = `http://127.0.0.1:${doublePort}`;
  await podman(['rm', '-f', 'coldmail-test-paypal']).catch(() => undefined);
  containers.push('coldmail-test-paypal');
  await podman([
    'run',
    '-d',
    '--name',
    'coldmail-test-paypal',
    '--ulimit',
    'nofile=20000:20000',
    '--ulimit',
    'nproc=4096:4096',
    '-p',
    `127.0.0.1:${doublePort}:4210`,
    'coldmail-paypal-double',
    '--port',
    '4210',
  ]);
  const sdk = await answers(`${double}/sdk/js?client-id=trial`);
  assert.match(sdk.headers.get('content-type') ?? '', /javascript/);
  const token = await fetch(`${double}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('trial-id:trial-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  assert.equal(token.status, 200, 'an OAuth token, as the API asks for it');
  assert.ok((await token.json()).access_token);

  step('SIGTERM: the API drains and exits 0');
  await podman(['stop', '-t', '30', 'coldmail-test-api']);
  const exitCode = await podman([
    'inspect',
    '--format',
    '{{.State.ExitCode}}',
    'coldmail-test-api',
  ]);
  const apiLogs = await logsOf('coldmail-test-api');
  assert.equal(exitCode, '0', apiLogs.slice(-2000));
  assert.match(apiLogs, /SIGTERM/);
  step('every image built and ran as production runs it');
} catch (error) {
  // What each container said, before it goes.
  console.error(
    await podman(['ps', '-a', '--format', '{{.Names}} {{.Status}} {{.Ports}}']).catch(String),
  );
  for (const name of containers) {
    const logs = await podman(['logs', name]).catch((failure) => String(failure));
    console.error(`--- ${name} ---\n${logs.slice(-3000)}`);
  }
  throw error;
} finally {
  for (const name of containers) await podman(['rm', '-f', name]).catch(() => undefined);
  await stack.close();
  rmSync(settings, { recursive: true, force: true });
}
