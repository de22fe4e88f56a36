import { join } from 'node:path';
import { serveApp, sitePolicy } from '@coldmail/serve';
import { serveAppWithNginx } from '@coldmail/serve/nginx';
import { remoteNames } from '@coldmail/registry/apps';

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
 */
export async function serveBuiltApps({ server = 'node', host, ports, urls, dirs, shellConfig }) {
  const serve = server === 'nginx' ? serveAppWithNginx : serveApp;
  /** @type {Partial<Record<WebAppName, { close(): Promise<void> }>>} */
  const servers = {};

  const csp = sitePolicy(
    shellConfig,
    remoteNames.map((name) => urls[name]),
  );
  // Served over https, browsers are told to stay on it.
  const hsts = urls.shell.startsWith('https:');

  /** @param {RemoteName} name @param {string} dir the build to serve */
  const serveRemote = async (name, dir) => {
    servers[name] = await serve({ dir, port: ports[name], host, csp, hsts });
  };
  await Promise.all(remoteNames.map((name) => serveRemote(name, join(dirs[name], 'dist'))));
  servers.shell = await serve({
    dir: join(dirs.shell, 'dist'),
    port: ports.shell,
    host,
    spa: true,
    csp,
    hsts,
    json: {
      '/remotes.json': Object.fromEntries(
        remoteNames.map((name) => [name, `${urls[name]}/mf-manifest.json`]),
      ),
      '/config.json': shellConfig,
    },
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
     * @param {{ dir?: string }} [options] the build folder; default the remote's own dist/
     */
    async restartRemote(name, { dir = join(dirs[name], 'dist') } = {}) {
      await serveRemote(name, dir);
    },
    async close() {
      await Promise.all(Object.values(servers).map((server) => server.close()));
    },
  };
}
