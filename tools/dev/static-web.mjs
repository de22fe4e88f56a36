import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveApp } from '@coldmail/serve';
import { serveAppWithNginx } from '@coldmail/serve/nginx';
import { remoteNames } from '@coldmail/registry/apps';
import { publishRelease } from '@coldmail/release';

/** @typedef {import('@coldmail/registry/apps').RemoteName} RemoteName */
/** @typedef {'shell' | RemoteName} WebAppName */

/**
 * Serves the built shell and remotes, each on its own origin as they are deployed. The shell's
 * /remotes.json points at the remotes' actual URLs and its /config.json is given, so any port
 * works and no build is changed.
 *
 * @param {object} options
 * @param {'node' | 'nginx'} [options.server] the Node server of tools/serve, or nginx with deploy/nginx
 * @param {string} options.host
 * @param {Record<WebAppName, number>} options.ports
 * @param {Record<WebAppName, string>} options.urls where browsers reach each app
 * @param {Record<WebAppName, string>} options.dirs each app's folder (its build is `dist/` there)
 * @param {Record<string, unknown>} options.shellConfig the shell's /config.json
 * @param {string} [options.rendererToken] the page renderer's credential at the API
 * @param {string} [options.sitesDir] serve each remote as its releases (tools/release) from
 *   `<sitesDir>/<remote>`, its build published there first; without it, each build as it is
 */
export async function serveBuiltApps({
  server = 'node',
  host,
  ports,
  urls,
  dirs,
  shellConfig,
  rendererToken,
  sitesDir,
}) {
  const serve = server === 'nginx' ? serveAppWithNginx : serveApp;
  /** @type {Partial<Record<WebAppName, { close(): Promise<void> }>>} */
  const servers = {};

  const remotesJson = Object.fromEntries(
    remoteNames.map((name) => [name, `${urls[name]}/mf-manifest.json`]),
  );
  // Every app's pages get the site's policy; the shell serves these as its runtime documents.
  const site = { config: shellConfig, remotes: remotesJson };
  // Served over https, browsers are told to stay on it.
  const hsts = urls.shell.startsWith('https:');

  /** @param {RemoteName} name @param {string} dir the build to serve */
  const serveRemote = async (name, dir) => {
    servers[name] = await serve({ dir, port: ports[name], host, site, hsts });
  };
  /**
   * What a remote is served from: its hosting folder, where `npm run release` publishes and the
   * build of this start is published first (the same build is the same release), or its build.
   *
   * @param {RemoteName} name
   */
  const servedDirOf = async (name) => {
    const build = join(dirs[name], 'dist');
    if (!sitesDir) return build;
    const site = join(sitesDir, name);
    await publishRelease({ build, site });
    return site;
  };
  const servedDirs = Object.fromEntries(
    await Promise.all(remoteNames.map(async (name) => [name, await servedDirOf(name)])),
  );
  await Promise.all(remoteNames.map((name) => serveRemote(name, servedDirs[name])));
  // The shell's page renderer (shell/server), as its deployment runs it: in this process
  // behind the Node server, or as its own service behind nginx.
  const shellServer = (/** @type {string} */ file) =>
    import(pathToFileURL(join(dirs.shell, 'server', file)).href);
  const renderer = await (
    await shellServer('renderer.mjs')
  ).createPageRenderer({
    distDir: join(dirs.shell, 'dist'),
    manifests: () => remotesJson,
    apiUrl: String(shellConfig.apiBaseUrl),
    publicApiUrl: String(shellConfig.apiBaseUrl),
    apiToken: rendererToken,
  });
  /** @type {import('node:http').Server | null} */
  let rendererServer = null;
  /** @type {{ pages?: Parameters<typeof serveApp>[0]['pages'], renderer?: string }} */
  let rendering;
  if (server === 'nginx') {
    rendererServer = (await shellServer('service.mjs')).rendererService(renderer).server;
    const listening = /** @type {import('node:http').Server} */ (rendererServer);
    await new Promise((resolve) => listening.listen(0, '127.0.0.1', () => resolve(undefined)));
    const address = /** @type {import('node:net').AddressInfo} */ (listening.address());
    rendering = { renderer: `http://127.0.0.1:${address.port}` };
  } else {
    const { pageAnswer } = await shellServer('http.mjs');
    rendering = { pages: (req) => pageAnswer(renderer, req) };
  }
  servers.shell = await serve({
    dir: join(dirs.shell, 'dist'),
    port: ports.shell,
    host,
    spa: true,
    site,
    hsts,
    ...rendering,
  });

  return {
    /**
     * Stops one remote's server, as when its deployment is down.
     *
     * @param {RemoteName} name
     */
    async stopRemote(name) {
      await servers[name]?.close();
    },
    /**
     * Serves a stopped remote again on the same port, optionally another build of it (a redeploy).
     *
     * @param {RemoteName} name
     * @param {{ dir?: string }} [options] the build or hosting folder; default what it was
     *   served from at start
     */
    async restartRemote(name, { dir = servedDirs[name] } = {}) {
      await serveRemote(name, dir);
    },
    async close() {
      await Promise.all(Object.values(servers).map((server) => server.close()));
      rendererServer?.closeAllConnections();
      await new Promise((resolve) =>
        rendererServer ? rendererServer.close(resolve) : resolve(undefined),
      );
    },
  };
}
