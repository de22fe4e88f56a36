import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startPaypalDouble } from '../index.mjs';
import { packageOrder, paypalClient } from '../test-support/rest-client.mjs';

const SHOP = 'http://localhost:4200';
let double;
let client;

before(async () => {
  double = await startPaypalDouble({ allowedOrigins: [SHOP] });
  client = await paypalClient(double.url);
});
after(() => double.stop());

/** A control call as a browser sends it (node:http, so the Origin header goes as given). */
function control(method, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(`${double.url}${path}`, { method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the /__double controls', () => {
  test('refuse a page on another site, even a simple POST, and change nothing', async () => {
    const { body } = await client.createOrder(packageOrder());
    const approve = `/__double/orders/${body.id}/approve`;
    const evil = await control('POST', approve, { origin: 'https://evil.example' });
    assert.equal(evil.status, 403);
    assert.match(evil.text, /FORBIDDEN_ORIGIN/);
    assert.equal(evil.headers['access-control-allow-origin'], undefined);
    const preflight = await control('OPTIONS', '/__double/behavior', {
      origin: 'https://evil.example',
      'access-control-request-method': 'PUT',
    });
    assert.equal(preflight.status, 403);
    const navigated = await control('GET', '/__double/orders', { 'sec-fetch-site': 'cross-site' });
    assert.equal(navigated.status, 403);
    assert.equal((await client.getOrder(body.id)).body.status, 'CREATED');
  });

  test('answer the same origin, the shop pages and non-browser callers', async () => {
    const { body } = await client.createOrder(packageOrder());
    const fromShop = await control('POST', `/__double/orders/${body.id}/approve`, {
      origin: SHOP,
    });
    assert.equal(fromShop.status, 200);
    assert.equal(fromShop.headers['access-control-allow-origin'], SHOP);
    assert.equal((await client.getOrder(body.id)).body.status, 'APPROVED');
    const own = await control('GET', '/__double/behavior', { origin: double.url });
    assert.equal(own.status, 200);
    assert.equal((await control('GET', '/__double/behavior')).status, 200);
  });
});
