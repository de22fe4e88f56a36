import { serveApp } from '../index.mjs';
import { serveAppWithNginx } from '../nginx.mjs';

/** The same rules from the Node server (npm start) and the deploy kit's nginx. */
export const servers = /** @type {const} */ ([
  ['Node (serveApp)', serveApp],
  ['nginx (deploy/nginx)', serveAppWithNginx],
]);
