#!/usr/bin/env node
// The web image's start (deploy/Dockerfile, target web): renders deploy/nginx for the app the image
// holds from the site's settings, then nginx runs. Settings (mounted, see deploy/README.md):
//   /etc/coldmail/config.json   the shell's runtime settings (deploy/config.example.json)
//   /etc/coldmail/remotes.json  where each remote is deployed (deploy/remotes.example.json)
// Environment: APP ('shell' or a remote's name), LISTEN (default 8080), WEB_ROOT (default
// /srv/app), CONF_DIR (default /etc/nginx/conf.d), SETTINGS_DIR (default /etc/coldmail), HSTS
// ('false' for a site not on https), RENDERER_URL (the shell's: its page renderer's service,
// e.g. http://renderer:8081; unset, the browser renders every page).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sitePolicy } from './csp.mjs';
import { renderAppConfig } from './nginx.mjs';

const env = process.env;
const app = env.APP ?? '';
const settingsDir = env.SETTINGS_DIR ?? '/etc/coldmail';
const readJson = async (name) => JSON.parse(await readFile(join(settingsDir, name), 'utf8'));

const config = await readJson('config.json');
/** @type {Record<string, string>} remote name → its mf-manifest.json */
const remotes = await readJson('remotes.json');
if (app !== 'shell' && !(app in remotes)) {
  throw new Error(`APP must be 'shell' or one of ${Object.keys(remotes).join(', ')}; got '${app}'`);
}
const path = await renderAppConfig({
  dir: env.WEB_ROOT ?? '/srv/app',
  listen: env.LISTEN ?? '8080',
  confDir: env.CONF_DIR ?? '/etc/nginx/conf.d',
  spa: app === 'shell',
  json: app === 'shell' ? { '/config.json': config, '/remotes.json': remotes } : {},
  csp: sitePolicy(config, Object.values(remotes)),
  hsts: env.HSTS !== 'false',
  renderer: app === 'shell' ? env.RENDERER_URL || undefined : undefined,
});
console.log(`nginx-site: ${app} configured in ${path}`);
