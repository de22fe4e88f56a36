import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startPaypalDouble } from '../index.mjs';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  packageOrder,
  paypalClient,
  requestToken,
} from '../test-support/rest-client.mjs';

describe('a double started with the merchant credentials', () => {
  let double;
  before(async () => {
    double = await startPaypalDouble({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  });
  after(() => double.stop());

  test('issues a bearer token for them, shaped like PayPal’s', async () => {
    const { status, body } = await requestToken(double.url);
    assert.equal(status, 200);
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 32400);
    assert.match(body.access_token, /^A21AA[\w-]{40,}$/);
    assert.match(body.app_id, /^APP-/);
    assert.equal(typeof body.scope, 'string');
    assert.equal(typeof body.nonce, 'string');
    const second = await requestToken(double.url);
    assert.notEqual(second.body.access_token, body.access_token);
  });

  test('refuses other credentials with invalid_client', async () => {
    for (const [id, secret] of [
      [CLIENT_ID, 'wrong-secret'],
      ['someone-else', CLIENT_SECRET],
    ]) {
      const { status, body } = await requestToken(double.url, id, secret);
      assert.equal(status, 401);
      assert.deepEqual(body, {
        error: 'invalid_client',
        error_description: 'Client Authentication failed',
      });
    }
  });

  test('refuses a request without Basic auth or without a grant type', async () => {
    const noAuth = await fetch(`${double.url}/v1/oauth2/token`, {
      method: 'POST',
      body: 'grant_type=client_credentials',
    });
    assert.equal(noAuth.status, 401);
    const noGrant = await fetch(`${double.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
      },
      body: '',
    });
    assert.equal(noGrant.status, 400);
    assert.equal((await noGrant.json()).error, 'unsupported_grant_type');
  });

  test('every other call needs a token it issued', async () => {
    const order = JSON.stringify(packageOrder());
    const headers = { 'content-type': 'application/json' };
    for (const authorization of [undefined, 'Bearer A21AAforged', 'Basic abc']) {
      const response = await fetch(`${double.url}/v2/checkout/orders`, {
        method: 'POST',
        headers: authorization ? { ...headers, authorization } : headers,
        body: order,
      });
      assert.equal(response.status, 401, String(authorization));
      const body = await response.json();
      assert.equal(body.name, 'AUTHENTICATION_FAILURE');
      assert.match(body.message, /Authentication failed/);
    }
    assert.equal(double.orders().length, 0);
    const client = await paypalClient(double.url);
    assert.equal((await client.createOrder(packageOrder())).status, 201);
  });
});

test('a double started without credentials accepts any non-empty pair', async () => {
  const double = await startPaypalDouble();
  try {
    assert.equal((await requestToken(double.url, 'any-id', 'any-secret')).status, 200);
    assert.equal((await requestToken(double.url, 'any-id', '')).status, 401);
  } finally {
    await double.stop();
  }
});
