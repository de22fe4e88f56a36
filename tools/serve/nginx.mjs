// The deploy kit's nginx (deploy/nginx), rendered for one built app and, for the browser tests
// and `WEB_SERVER=nginx npm start`, started on this machine: the same server configuration the
// image runs, so the tests see the headers, caching and CORS production serves.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commonHeaders, pageHeaders, preflightHeaders } from './headers.mjs';
import { freePort } from './ports.mjs';

const SERVE_DIR = dirname(fileURLToPath(import.meta.url));
const DEPLOY_NGINX = resolve(SERVE_DIR, '../../deploy/nginx');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** Debian's brotli_static module (libnginx-mod-http-brotli-static). */
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** Debian's njs module (libnginx-mod-http-js): deploy/nginx/site.js. */
const JS_MODULE = '/usr/lib/nginx/modules/ngx_http_js_module.so';

/** @param {Array<[string, string]>} headers */
const addHeaders = (headers) =>
  headers
    .map(([name, value]) => `add_header ${name} "${value.replace(/["\\]/g, '\\$&')}" always;\n`)
    .join('');

/** HSTS as deploy/nginx/site.js decides it at run time (an empty value is not sent). */
const HSTS_HEADER = 'add_header Strict-Transport-Security $site_hsts always;\n';

/**
 * Writes one app's server configuration into `confDir`: deploy/nginx/app.conf.template with its
 * values, and its header files beside it. What a deployment changes at run time (the site's
 * settings, HSTS, the page renderer) is not in it: nginx reads that itself (deploy/nginx/site.js).
 * The image renders its configuration when it is built; the tests, for each server they start.
 *
 * @param {object} options
 * @param {string} options.dir the build to serve
 * @param {string} options.listen nginx's `listen` value, e.g. '127.0.0.1:4200' or '8080'
 * @param {string} options.confDir where to write
 * @param {string} [options.installDir] where `confDir` is when nginx runs (default: the same)
 * @param {string} [options.settingsDir] where config.json and remotes.json are when nginx runs
 *   (default: `confDir`/settings)
 * @param {boolean} [options.spa] unknown paths answer index.html (the shell's client routes)
 * @param {boolean} [options.pages] the shell's pages go to its page renderer (RENDERER_URL)
 * @returns {Promise<string>} the server configuration's path
 */
export async function renderAppConfig({
  dir,
  listen,
  confDir,
  installDir = confDir,
  settingsDir = join(installDir, 'settings'),
  spa = false,
  pages = false,
}) {
  const headersDir = join(confDir, 'headers');
  await mkdir(headersDir, { recursive: true });
  const common = addHeaders(commonHeaders({ hsts: false })) + HSTS_HEADER;
  await writeFile(join(headersDir, 'headers.conf'), common);
  await writeFile(
    join(headersDir, 'page-headers.conf'),
    common + addHeaders(pageHeaders('$site_csp')),
  );
  await writeFile(
    join(headersDir, 'preflight-headers.conf'),
    common + addHeaders(preflightHeaders()),
  );
  /** @type {Record<string, string>} */
  const values = {
    LISTEN: listen,
    WEB_ROOT: resolve(dir),
    HEADERS_DIR: join(installDir, 'headers'),
    SETTINGS_DIR: settingsDir,
    FALLBACK: pages ? '@page' : spa ? '/index.html' : '=404',
    PAGE_LOCATIONS: '',
  };
  /** @param {string} text */
  const fill = (text) => text.replace(/\$\{([A-Z_]+)\}/g, (whole, name) => values[name] ?? whole);
  if (pages) {
    values.PAGE_LOCATIONS = fill(
      await readFile(join(DEPLOY_NGINX, 'page-locations.conf.template'), 'utf8'),
    );
  }
  const rendered = fill(await readFile(join(DEPLOY_NGINX, 'app.conf.template'), 'utf8'));
  const path = join(confDir, 'app.conf');
  await writeFile(path, rendered);
  return path;
}

/** @param {string} host @param {number} port */
const answers = (host, port) =>
  new Promise((done) => {
    const socket = connect(port, host, () => {
      socket.end();
      done(true);
    });
    socket.on('error', () => done(false));
  });

/**
 * Serves one built app with Debian's nginx and the deploy kit's configuration; the same options
 * and answer as serveApp (index.mjs). Needs nginx with its brotli_static and njs modules.
 *
 * @param {Omit<Parameters<typeof import('./index.mjs').serveApp>[0], 'pages'> & { renderer?: string }} options
 * @returns {Promise<{ url: string, port: number, settingsDir: string, close: () => Promise<void> }>}
 */
export async function serveAppWithNginx({
  dir,
  port,
  host = '127.0.0.1',
  spa,
  site,
  hsts = false,
  renderer,
}) {
  if (![NGINX, BROTLI_MODULE, JS_MODULE].every((path) => existsSync(path))) {
    throw new Error(
      `nginx with brotli_static and njs is missing: apt-get install -y nginx-light libnginx-mod-http-brotli-static libnginx-mod-http-js (or set NGINX_PATH)`,
    );
  }
  const actualPort = port || (await freePort(host));
  const prefix = await mkdtemp(join(tmpdir(), 'coldmail-nginx-'));
  const appConf = await renderAppConfig({
    dir,
    listen: `${host}:${actualPort}`,
    confDir: prefix,
    spa,
    pages: Boolean(spa && renderer),
  });
  const settingsDir = join(prefix, 'settings');
  await mkdir(settingsDir, { recursive: true });
  if (site) {
    await writeFile(join(settingsDir, 'config.json'), JSON.stringify(site.config));
    await writeFile(join(settingsDir, 'remotes.json'), JSON.stringify(site.remotes));
  }
  const temp = (/** @type {string} */ name) => `${name}_temp_path ${join(prefix, `${name}-temp`)};`;
  await writeFile(
    join(prefix, 'nginx.conf'),
    [
      `load_module ${BROTLI_MODULE};`,
      `load_module ${JS_MODULE};`,
      'env HSTS;',
      'env RENDERER_URL;',
      // Started by root (CI), the workers would read the build as nobody: a test's build sits in
      // a private temporary folder. The image runs its workers as nginx's own user.
      ...(process.getuid?.() === 0 ? ['user root root;'] : []),
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 512; }',
      'http {',
      `  js_path ${DEPLOY_NGINX};`,
      `  js_path ${SERVE_DIR};`,
      `  include ${join(DEPLOY_NGINX, 'http.conf')};`,
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${appConf};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, HSTS: String(hsts), RENDERER_URL: renderer ?? '' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((done) => child.once('exit', (code) => done(code)));
  let running = true;
  void exited.then(() => (running = false));
  const deadline = Date.now() + 10_000;
  while (!(await answers(host, actualPort))) {
    if (!running || Date.now() > deadline) {
      child.kill('SIGKILL');
      await rm(prefix, { recursive: true, force: true });
      throw new Error(`nginx did not start for ${dir}: ${stderr.trim()}`);
    }
    await new Promise((done) => setTimeout(done, 20));
  }
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${actualPort}`,
    port: actualPort,
    /** Where its config.json and remotes.json are: nginx follows a change at once. */
    settingsDir,
    async close() {
      // TERM: nginx stops at once, closing its connections.
      if (running) child.kill('SIGTERM');
      await exited;
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
