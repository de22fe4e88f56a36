#!/usr/bin/env node
// The page renderer as a service (deploy/Dockerfile, target renderer): nginx in front of the shell
// sends it the requests for pages, and serves the shell's index.html itself whenever the answer
// says so (X-Accel-Redirect) or this service cannot be reached. Settings, as the shell's image
// has them (deploy/README.md):
//   SETTINGS_DIR   where config.json and remotes.json are (default /etc/coldmail); remotes.json
//                  is read again on every change of the file's time
//   DIST_DIR       the shell's build (default: ../dist beside this file)
//   API_INTERNAL_URL  where this service reaches the API (default: config.json's apiBaseUrl)
//   SITE_URL       the site's public origin, for canonical URLs (required in production; elsewhere
//                  the request's)
//   SITE_INTERNAL_URL  where this service reaches the site's own origin (e.g. http://front:8080
//                  in the compose kit): a remote that remotes.json places under SITE_URL is read
//                  from there, not through the public address
//   RENDERER_TOKEN the API's RENDERER_TOKEN, so this service's reads have a limit of their own
//                  (without it they share one anonymous address's, with every visitor's page);
//                  or RENDERER_TOKEN_FILE, a file that holds it (a Compose or Docker secret)
//   LISTEN         the port (default 8081)
//   NODE_ENV       'production': only a remote release's pinned server entry is run (its
//                  manifest names the entry's SHA-384, tools/release); a deployment pinning none
//                  is rendered in the browser
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPageRenderer } from './renderer.mjs';
import { rendererService } from './service.mjs';

const env = process.env;
// Canonical URLs and the sitemap would otherwise name whatever host a request gave.
if (env.NODE_ENV === 'production' && !env.SITE_URL) {
  console.error(
    "SITE_URL must be set in production: the site's public address, for canonical URLs and the sitemap.",
  );
  process.exit(1);
}
const settingsDir = env.SETTINGS_DIR ?? '/etc/coldmail';
const readJson = (/** @type {string} */ name) =>
  JSON.parse(readFileSync(join(settingsDir, name), 'utf8'));

/** remotes.json as it is now: a redeployment may point a remote elsewhere. */
let remotes = { mtimeMs: -1, value: /** @type {Record<string, string>} */ ({}) };
const manifests = () => {
  const { mtimeMs } = statSync(join(settingsDir, 'remotes.json'));
  if (mtimeMs !== remotes.mtimeMs) remotes = { mtimeMs, value: readJson('remotes.json') };
  return remotes.value;
};

// What the site serves on its own origin is read inside the network; pages still name the
// public addresses (a remote's style sheets, say).
const siteOrigin = env.SITE_URL ? new URL(env.SITE_URL).origin : null;
const siteInternal = env.SITE_INTERNAL_URL?.replace(/\/+$/, '');
/** @type {typeof fetch} */
const fetchInside = (input, init) => {
  const url = String(input);
  return fetch(
    siteOrigin && siteInternal && url.startsWith(`${siteOrigin}/`)
      ? `${siteInternal}${url.slice(siteOrigin.length)}`
      : input,
    init,
  );
};
const apiToken = env.RENDERER_TOKEN_FILE
  ? readFileSync(env.RENDERER_TOKEN_FILE, 'utf8').trim()
  : env.RENDERER_TOKEN;

const config = readJson('config.json');
const renderer = await createPageRenderer({
  distDir: env.DIST_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
  manifests,
  apiUrl: env.API_INTERNAL_URL ?? config.apiBaseUrl,
  publicApiUrl: config.apiBaseUrl,
  apiToken: apiToken || undefined,
  fetch: fetchInside,
  log: (line) => console.warn(line),
  // In production only a release's pinned server entry runs (tools/release).
  pinnedOnly: env.NODE_ENV === 'production',
});

const { server, stop } = rendererService(renderer, { siteUrl: env.SITE_URL });
server.listen(Number(env.LISTEN ?? 8081), env.HOST ?? '0.0.0.0', () => {
  const address = server.address();
  console.log(
    `renderer listening on ${typeof address === 'object' && address ? address.port : ''}`,
  );
});
// Requests under way finish; nginx sends new ones to the shell's index.html meanwhile.
process.on('SIGTERM', () => {
  stop();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 10_000).unref();
});
