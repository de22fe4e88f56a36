import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { startGeminiDouble } from '../index.mjs';
import {
  MODEL,
  errorBody,
  generate,
  heldWaits,
  modelUrl,
  postJson,
  taggedPrompt,
} from '../test-support/gemini.mjs';

const PROMPT = taggedPrompt({ recipient: 'Ada', sender: 'Charles', purpose: 'Say hello' });

let double;
before(async () => {
  double = await startGeminiDouble();
});
afterEach(() => double.reset());
after(() => double.stop());

const failure = (promise) =>
  promise.then(
    () => assert.fail('resolved'),
    (error) => error,
  );

describe('key conventions', () => {
  test('bad- is Google’s invalid key: 400 INVALID_ARGUMENT, API_KEY_INVALID', async () => {
    const error = await failure(generate(double.url, 'bad-key', PROMPT));
    assert.equal(error.name, 'ApiError');
    assert.equal(error.status, 400);
    const body = errorBody(error);
    assert.equal(body.code, 400);
    assert.equal(body.status, 'INVALID_ARGUMENT');
    assert.equal(body.message, 'API key not valid. Please pass a valid API key.');
    assert.equal(body.details[0].reason, 'API_KEY_INVALID');
  });

  test('quota- is 429 RESOURCE_EXHAUSTED with Retry-After and a RetryInfo of 30 s', async () => {
    const error = await failure(generate(double.url, 'quota-key', PROMPT));
    assert.equal(error.status, 429);
    const body = errorBody(error);
    assert.equal(body.status, 'RESOURCE_EXHAUSTED');
    assert.match(body.message, /You exceeded your current quota/);
    const retryInfo = body.details.find((detail) =>
      detail['@type'].endsWith('google.rpc.RetryInfo'),
    );
    assert.equal(retryInfo.retryDelay, '30s');

    const response = await postJson(
      modelUrl(double.url),
      { contents: [{ parts: [{ text: 'hi' }] }] },
      {
        'x-goog-api-key': 'quota-key',
      },
    );
    assert.equal(response.status, 429);
    assert.equal(response.headers.get('retry-after'), '30');
  });

  test('quota-’s delay follows retryAfterSeconds', async () => {
    const other = await startGeminiDouble({ retryAfterSeconds: 7 });
    try {
      const response = await postJson(
        modelUrl(other.url),
        { contents: [{ parts: [{ text: 'hi' }] }] },
        {
          'x-goog-api-key': 'quota-key',
        },
      );
      assert.equal(response.headers.get('retry-after'), '7');
      const { error } = await response.json();
      assert.equal(error.details.at(-1).retryDelay, '7s');
      assert.match(error.message, /Please retry in 7s\.$/);
    } finally {
      await other.stop();
    }
  });

  // The double sits out slowMs through a wait these tests end by hand, so what is withheld until
  // then shows without timing anything. The double takes the pause in-process before it answers,
  // so a pause always wins the race against an answer that has to cross the network.
  test('slow- withholds its answer for slowMs, while other keys are not held up', async () => {
    const waits = heldWaits();
    const other = await startGeminiDouble({ slowMs: 300, wait: waits.wait });
    try {
      let slowAnswered = false;
      const slow = generate(other.url, 'slow-key', PROMPT).then((response) => {
        slowAnswered = true;
        return response;
      });
      const pause = await Promise.race([waits.next(), slow.then(() => 'answered')]);
      assert.notEqual(pause, 'answered', 'slow- answered without a pause');
      assert.equal(pause.ms, 300);
      assert.match((await generate(other.url, 'key-1', PROMPT)).text, /^Subject: /);
      assert.equal(slowAnswered, false, 'slow- answered before its pause was over');
      pause.release();
      assert.match((await slow).text, /^Subject: /);
    } finally {
      await other.stop();
    }
  });

  test('slow- waits 5 s by default, and stop() ends the wait', async () => {
    const waits = heldWaits();
    const other = await startGeminiDouble({ wait: waits.wait });
    try {
      const pending = postJson(
        modelUrl(other.url),
        { contents: [{ parts: [{ text: 'hi' }] }] },
        { 'x-goog-api-key': 'slow-key' },
      );
      const pause = await Promise.race([waits.next(), pending.then(() => 'answered')]);
      assert.notEqual(pause, 'answered', 'slow- answered without a pause');
      assert.equal(pause.ms, 5000);
      assert.equal(pause.signal.aborted, false);
      await other.stop();
      assert.equal(pause.signal.aborted, true, 'stop() left the pause running');
      await assert.rejects(pending, 'the connection is closed');
    } finally {
      await other.stop();
    }
  });

  test('empty- gets a candidate with empty text, as when nothing was generated', async () => {
    const response = await generate(double.url, 'empty-key', PROMPT);
    assert.equal(response.candidates[0].content.parts[0].text, '');
    assert.equal(response.text, '');
    assert.equal(response.candidates[0].finishReason, 'STOP');
    assert.equal(response.usageMetadata.candidatesTokenCount, undefined);
  });

  test('fail- is 500 INTERNAL', async () => {
    const error = await failure(generate(double.url, 'fail-key', PROMPT));
    assert.equal(error.status, 500);
    assert.equal(errorBody(error).status, 'INTERNAL');
  });

  test('no key at all is 403 PERMISSION_DENIED', async () => {
    const response = await postJson(modelUrl(double.url), {
      contents: [{ parts: [{ text: 'hi' }] }],
    });
    assert.equal(response.status, 403);
    const { error } = await response.json();
    assert.equal(error.status, 'PERMISSION_DENIED');
    assert.match(error.message, /unregistered callers/);
  });

  test('any other key succeeds', async () => {
    for (const key of ['AIzaSyD-real-looking-key', 'slowly', 'badger', 'x']) {
      assert.match((await generate(double.url, key, PROMPT)).text, /^Subject: /, key);
    }
  });
});

test('calls() counts every call per key, failures included, until reset()', async () => {
  await generate(double.url, 'key-a', PROMPT);
  await generate(double.url, 'key-a', PROMPT);
  await failure(generate(double.url, 'bad-key', PROMPT));
  await postJson(modelUrl(double.url), { contents: [{ parts: [{ text: 'hi' }] }] });
  assert.deepEqual(double.calls(), { 'key-a': 2, 'bad-key': 1, '': 1 });
  assert.deepEqual(
    double.requests().map(({ key, model }) => [key, model]),
    [
      ['key-a', MODEL],
      ['key-a', MODEL],
      ['bad-key', MODEL],
      ['', MODEL],
    ],
  );
  double.reset();
  assert.deepEqual(double.calls(), {});
  assert.deepEqual(double.requests(), []);
});
