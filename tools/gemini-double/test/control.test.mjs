import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, afterEach, before, test } from 'node:test';
import { startGeminiDouble } from '../index.mjs';
import { GENERATION_SETTINGS, generate, taggedPrompt } from '../test-support/gemini.mjs';

const PROMPT = taggedPrompt({ recipient: 'Ada', sender: 'Charles', purpose: 'Say hello' });

let double;
before(async () => {
  double = await startGeminiDouble();
});
afterEach(() => double.reset());
after(() => double.stop());

const control = (path, { method = 'GET', headers = {} } = {}) =>
  fetch(`${double.url}/__double/${path}`, { method, headers });

test('GET /__double/calls and /__double/requests show what was sent', async () => {
  await generate(double.url, 'key-a', PROMPT);
  await generate(double.url, 'key-a', PROMPT);
  const calls = await control('calls');
  assert.equal(calls.status, 200);
  assert.deepEqual(await calls.json(), { calls: { 'key-a': 2 } });
  const { requests } = await (await control('requests')).json();
  assert.equal(requests.length, 2);
  assert.deepEqual(requests[1].body.generationConfig, GENERATION_SETTINGS);
});

test('POST /__double/reset forgets them', async () => {
  await generate(double.url, 'key-a', PROMPT);
  const reset = await control('reset', { method: 'POST' });
  assert.equal(reset.status, 200);
  assert.deepEqual(double.calls(), {});
  assert.deepEqual(double.requests(), []);
});

test('a same-origin page may use them', async () => {
  await generate(double.url, 'key-a', PROMPT);
  const calls = await control('calls', {
    headers: { origin: double.url, 'sec-fetch-site': 'same-origin' },
  });
  assert.equal(calls.status, 200);
  assert.deepEqual(await calls.json(), { calls: { 'key-a': 1 } });
});

test('a page on another origin is refused, and changes nothing', async () => {
  await generate(double.url, 'key-a', PROMPT);
  for (const headers of [
    { origin: 'http://127.0.0.1:4200' },
    { origin: 'https://attacker.example' },
    { 'sec-fetch-site': 'cross-site' },
    { origin: double.url, 'sec-fetch-site': 'same-site' },
  ]) {
    for (const [path, method] of [
      ['calls', 'GET'],
      ['requests', 'GET'],
      ['reset', 'POST'],
    ]) {
      const response = await control(path, { method, headers });
      assert.equal(response.status, 403, `${method} ${path} ${JSON.stringify(headers)}`);
      assert.equal(response.headers.get('access-control-allow-origin'), null);
      assert.equal((await response.json()).error.status, 'PERMISSION_DENIED');
    }
  }
  assert.deepEqual(double.calls(), { 'key-a': 1 }, 'the refused reset did nothing');
});

test('a foreign name resolving to the double (DNS rebinding) is refused', async () => {
  const { port } = double;
  const status = await new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path: '/__double/requests',
        headers: { host: `rebound.example:${port}`, origin: `http://rebound.example:${port}` },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
  assert.equal(status, 403);
});

test('an unknown control route is a 404', async () => {
  assert.equal((await control('orders')).status, 404);
  assert.equal((await control('reset')).status, 404, 'reset is POST only');
});
