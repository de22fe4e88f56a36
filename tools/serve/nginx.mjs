// The deploy kit's nginx (deploy/nginx), rendered for one built app and, for the browser tests
// and `WEB_SERVER=nginx npm start`, started on this machine: the same server configuration the
// image runs, so the tests see the headers, caching and CORS production serves.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commonHeaders, pageHeaders, preflightHeaders } from './headers.mjs';
import { freePort } from './ports.mjs';

const DEPLOY_NGINX = resolve(dirname(fileURLToPath(import.meta.url)), '../../deploy/nginx');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** Debian's brotli_static module (libnginx-mod-http-brotli-static). */
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** @param {Array<[string, string]>} headers */
const addHeaders = (headers) =>
  headers
    .map(([name, value]) => `add_header ${name} "${value.replace(/["\\]/g, '\\$&')}" always;\n`)
    .join('');

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/**
 * Writes one app's server configuration into `confDir`: deploy/nginx/app.conf.template with its
 * values, and the site's files beside it (its headers, and the shell's JSON documents). The
 * Content-Security-Policy covers the inline scripts of every page of the build.
 *
 * @param {object} options
 * @param {string} options.dir the build to serve
 * @param {string} options.listen nginx's `listen` value, e.g. '127.0.0.1:4200' or '80'
 * @param {string} options.confDir where to write
 * @param {boolean} [options.spa] unknown paths answer index.html (the shell's client routes)
 * @param {Record<string, unknown>} [options.json] documents by path: '/remotes.json', '/config.json'
 * @param {(html: string) => string} [options.csp] the policy, given the pages' HTML
 * @param {boolean} [options.hsts]
 * @param {string} [options.renderer] the shell's page renderer (its service's URL): pages go there
 * @returns {Promise<string>} the server configuration's path
 */
export async function renderAppConfig({
  dir,
  listen,
  confDir,
  spa = false,
  json = {},
  csp,
  hsts = false,
  renderer,
}) {
  const siteDir = join(confDir, 'site');
  await mkdir(siteDir, { recursive: true });
  let pages = '';
  if (existsSync(dir))
    for await (const file of htmlFiles(dir)) pages += await readFile(file, 'utf8');
  const policy = csp ? csp(pages) : "frame-ancestors 'none'";
  const common = commonHeaders({ hsts });
  await writeFile(join(siteDir, 'headers.conf'), addHeaders(common));
  await writeFile(
    join(siteDir, 'page-headers.conf'),
    addHeaders([...common, ...pageHeaders(policy)]),
  );
  await writeFile(
    join(siteDir, 'preflight-headers.conf'),
    addHeaders([...common, ...preflightHeaders()]),
  );
  for (const [path, value] of Object.entries(json)) {
    if (!/^\/(remotes|config)\.json$/.test(path))
      throw new Error(`nginx serves no document ${path}`);
    await writeFile(join(siteDir, path.slice(1)), JSON.stringify(value));
  }
  /** @type {Record<string, string>} */
  const values = {
    LISTEN: listen,
    WEB_ROOT: resolve(dir),
    SITE_DIR: siteDir,
    FALLBACK: renderer ? '@page' : spa ? '/index.html' : '=404',
    RENDERER: renderer ?? '',
    PAGE_LOCATIONS: '',
  };
  /** @param {string} text */
  const fill = (text) => text.replace(/\$\{([A-Z_]+)\}/g, (whole, name) => values[name] ?? whole);
  if (renderer) {
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
 * and answer as serveApp (index.mjs). Needs nginx and its brotli_static module.
 *
 * @param {Omit<Parameters<typeof import('./index.mjs').serveApp>[0], 'pages'> & { renderer?: string }} options
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function serveAppWithNginx({
  dir,
  port,
  host = '127.0.0.1',
  spa,
  json,
  csp,
  hsts,
  renderer,
}) {
  if (!existsSync(NGINX) || !existsSync(BROTLI_MODULE)) {
    throw new Error(
      `nginx with brotli_static is missing: apt-get install -y nginx-light libnginx-mod-http-brotli-static (or set NGINX_PATH)`,
    );
  }
  const actualPort = port || (await freePort(host));
  const prefix = await mkdtemp(join(tmpdir(), 'coldmail-nginx-'));
  const appConf = await renderAppConfig({
    dir,
    listen: `${host}:${actualPort}`,
    confDir: prefix,
    spa,
    json,
    csp,
    hsts,
    renderer,
  });
  const temp = (/** @type {string} */ name) => `${name}_temp_path ${join(prefix, `${name}-temp`)};`;
  await writeFile(
    join(prefix, 'nginx.conf'),
    [
      `load_module ${BROTLI_MODULE};`,
      // Started by root (CI), the workers would read the build as nobody: a test's build sits in
      // a private temporary folder. The image runs its workers as nginx's own user.
      ...(process.getuid?.() === 0 ? ['user root root;'] : []),
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 512; }',
      'http {',
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
    async close() {
      // TERM: nginx stops at once, closing its connections.
      if (running) child.kill('SIGTERM');
      await exited;
      await rm(prefix, { recursive: true, force: true });
    },
  };
}
