// The app registry for Node scripts (vite configs, tools/dev, e2e, benchmarks). The data is
// apps.json, which the API reads too.
import { readFileSync } from 'node:fs';

/** @typedef {'marketing' | 'checkout' | 'account' | 'admin' | 'generator'} RemoteName */
/** @typedef {RemoteName | 'shell' | 'api'} AppName */
/** @typedef {{ name: AppName, kind: 'host' | 'remote' | 'api', dir: string, port: number, portEnv: string }} App */

/** @type {readonly App[]} */
export const apps = JSON.parse(readFileSync(new URL('./apps.json', import.meta.url), 'utf8')).apps;

/** @type {readonly RemoteName[]} */
export const remoteNames = /** @type {RemoteName[]} */ (
  apps.filter((app) => app.kind === 'remote').map((app) => app.name)
);

/** The shell and the remotes: name → folder. */
export const webAppDirs = /** @type {Record<'shell' | RemoteName, string>} */ (
  Object.fromEntries(apps.filter((app) => app.kind !== 'api').map((app) => [app.name, app.dir]))
);

/** @param {AppName} name */
export function appOf(name) {
  const app = apps.find((candidate) => candidate.name === name);
  if (!app) throw new Error(`No app named "${name}" in libs/registry/apps.json`);
  return app;
}

/**
 * The app's port: its variable when set, else its default.
 *
 * @param {AppName} name
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {number}
 */
export function portOf(name, env = process.env) {
  const app = appOf(name);
  const raw = env[app.portEnv];
  const port = raw ? Number(raw) : app.port;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${app.portEnv} must be a port number, got "${raw}"`);
  }
  return port;
}
