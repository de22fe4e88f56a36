// Chromium (Debian's) driven by playwright-core, plus a tiny "shop" origin that serves test pages
// and creates orders on the double server-side, as the API does. The shop runs on its own port
// so every call from the page to the double is cross-origin, like in production.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { packageOrder, paypalClient } from './rest-client.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without the background-networking flags Chromium keeps dialling Google hosts this machine
// cannot reach; --no-sandbox because CI runs as root.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/**
 * @param {string} doubleUrl
 * @param {Record<string, string>} [files]  extra static files: path → [content type, body]
 */
export async function startShop(doubleUrl, files = {}) {
  const client = await paypalClient(doubleUrl);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop.invalid');
    if (req.method === 'POST' && url.pathname === '/create-order') {
      const currency = url.searchParams.get('currency') ?? 'USD';
      // As the API creates its orders: with a PayPal payment source, so the order waits for the
      // buyer (PAYER_ACTION_REQUIRED) until the buttons approve it.
      const { status, body } = await client.createOrder({
        ...packageOrder({ currency }),
        payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' } } },
      });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    if (url.pathname === '/') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(shopPage(doubleUrl, url.searchParams));
      return;
    }
    const file = files[url.pathname];
    if (file) {
      res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * A page that loads the SDK stand-in with `?sdk=<query>` (and `namespace=` for data-namespace)
 * and records what the SDK calls back in window.events.
 */
function shopPage(doubleUrl, params) {
  const query = params.get('sdk') ?? 'client-id=coldmail-client&currency=USD&intent=capture';
  const namespace = params.get('namespace');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>shop</title></head>
<body>
<div id="c" style="width: 320px"></div>
<script>
  window.events = [];
  window.record = (type, data) => window.events.push({ type, data });
</script>
<script src="${doubleUrl}/sdk/js?${query}"${namespace ? ` data-namespace="${namespace}"` : ''}
  onerror="record('script-error')"></script>
</body></html>`;
}
