#!/usr/bin/env node
// Renders the web image's nginx configuration when the image is built (deploy/Dockerfile, build
// stage): each app's server on port 8080 serving /srv/app, installed in /etc/nginx/coldmail, with
// the site's settings read at run time from /etc/coldmail (config.json, remotes.json; examples in
// deploy/). The image itself runs no Node: what changes per deployment nginx reads itself
// (deploy/nginx/site.js). Usage: nginx-site.mjs <output folder> <app folder>...
//   e.g. nginx-site.mjs /workspace/nginx shell mf-marketing  → /workspace/nginx/shell/app.conf, …
import { join } from 'node:path';
import { renderAppConfig } from './nginx.mjs';

const [out, ...apps] = process.argv.slice(2);
if (!out || apps.length === 0) {
  console.error('usage: nginx-site.mjs <output folder> <app folder>...');
  process.exit(2);
}
for (const app of apps) {
  const shell = app === 'shell';
  await renderAppConfig({
    dir: '/srv/app',
    listen: '8080',
    confDir: join(out, app),
    installDir: '/etc/nginx/coldmail',
    settingsDir: '/etc/coldmail',
    spa: shell,
    pages: shell,
  });
  console.log(`nginx-site: ${app} → ${join(out, app, 'app.conf')}`);
}
