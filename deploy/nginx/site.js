// The values nginx works out per request for the site's headers (njs, Debian's
// libnginx-mod-http-js): the pages' Content-Security-Policy from the site's settings as they are
// now (a changed remotes.json or config.json is followed at once, with no restart), HSTS, and
// the shell's page renderer. Set in http.conf; the policy itself is tools/serve/csp.mjs, the one
// `npm start`'s Node server uses. Environment (the `env` directives of nginx.conf):
//   HSTS          'false' for a site not on https (default: sent)
//   RENDERER_URL  the shell's page renderer, e.g. http://renderer:8081 (unset: the browser
//                 renders every page)
import csp from 'csp.mjs';

const fs = require('fs');
const crypto = require('crypto');

/** @param {string} text */
const sha256 = (text) => crypto.createHash('sha256').update(text).digest('base64');

/** A settings file, or null when it is absent; a malformed one is logged and read as empty. */
function readJson(r, path) {
  let text;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (e) {
    return null;
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    r.error(`${path} is not JSON: ${e.message}`);
    return {};
  }
}

/** The page the answer is: an .html file asked for, else index.html (the shell's routes). */
function pageHtml(r) {
  const root = r.variables.document_root;
  const uri = r.variables.uri;
  const page = /\.html$/.test(uri) && uri.indexOf('..') < 0 ? uri : '/index.html';
  try {
    return fs.readFileSync(root + page, 'utf8');
  } catch (e) {
    return '';
  }
}

/** Without the site's settings (an app served alone), a page only refuses to be framed. */
function policy(r) {
  const settings = r.variables.settings_dir;
  const config = readJson(r, `${settings}/config.json`);
  const remotes = readJson(r, `${settings}/remotes.json`);
  if (!config && !remotes) return "frame-ancestors 'none'";
  return csp.sitePolicy(config, remotes, pageHtml(r), sha256);
}

function hsts() {
  return process.env.HSTS === 'false' ? '' : csp.STRICT_TRANSPORT_SECURITY;
}

function renderer() {
  return process.env.RENDERER_URL || '';
}

export default { policy, hsts, renderer };
