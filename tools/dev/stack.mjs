import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveApp } from '@coldmail/serve';
import { portOf, remoteNames } from '@coldmail/vite-config/ports';

export const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

export const appDirs = {
  shell: 'shell',
  marketing: 'mf-marketing',
  checkout: 'mf-checkout',
  account: 'mf-account',
  admin: 'mf-admin',
  generator: 'mf-generator',
};

/**
 * Serves the built shell and remotes, each on its own origin as they are deployed. The shell's
 * /remotes.json and /config.json are generated from the actual ports, so any port works.
 *
 * @param {{ host?: string, ports?: Partial<Record<keyof typeof appDirs, number>>, apiBaseUrl?: string, firebase?: object }} [options]
 */
export async function serveStack(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const publicHost = host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host;
  const portFor = (name) => options.ports?.[name] ?? portOf(name);
  const servers = {};
  const urls = {};

  const startRemote = async (
    name,
    port = portFor(name),
    dir = join(workspaceRoot, appDirs[name], 'dist'),
  ) => {
    servers[name] = await serveApp({ dir, port, host });
    urls[name] = `http://${publicHost}:${servers[name].port}`;
    return servers[name];
  };
  for (const name of remoteNames) await startRemote(name);

  const remotes = Object.fromEntries(
    remoteNames.map((name) => [name, `${urls[name]}/mf-manifest.json`]),
  );
  const config = {
    apiBaseUrl: options.apiBaseUrl ?? `http://${publicHost}:${portOf('api')}`,
    ...(options.firebase ? { firebase: options.firebase } : {}),
    ...(options.paypalSdkBaseUrl ? { paypalSdkBaseUrl: options.paypalSdkBaseUrl } : {}),
  };
  servers.shell = await serveApp({
    dir: join(workspaceRoot, 'shell', 'dist'),
    port: portFor('shell'),
    host,
    spa: true,
    json: { '/remotes.json': remotes, '/config.json': config },
  });
  urls.shell = `http://${publicHost}:${servers.shell.port}`;

  return {
    urls,
    /** Stops one remote's server, as when its deployment is down. */
    async stopRemote(name) {
      await servers[name].close();
    },
    /** Starts a stopped remote again on the same port, optionally from another build (a redeploy). */
    async restartRemote(name, { dir } = {}) {
      await startRemote(name, servers[name].port, dir);
    },
    async close() {
      await Promise.all(Object.values(servers).map((server) => server.close()));
    },
  };
}
