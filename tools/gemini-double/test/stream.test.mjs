import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startGeminiDouble } from '../index.mjs';
import {
  GENERATION_SETTINGS,
  MODEL,
  errorBody,
  gemini,
  generate,
  heldWaits,
  modelUrl,
  postJson,
  taggedPrompt,
} from '../test-support/gemini.mjs';

const CHUNK_DELAY_MS = 20;
const PROMPT = taggedPrompt({
  recipient: 'Grace Hopper',
  sender: 'Alan Turing',
  purpose: 'Invite you to speak at our compiler meetup',
  details: '40 attendees; a 20-minute talk',
  tone: 'friendly',
});

let double;
before(async () => {
  double = await startGeminiDouble({ chunkDelayMs: CHUNK_DELAY_MS });
});
after(() => double.stop());

/** Every chunk of a streamed answer. */
async function streamed(apiKey, config = GENERATION_SETTINGS) {
  const stream = await gemini(double.url, apiKey).models.generateContentStream({
    model: MODEL,
    contents: PROMPT,
    config,
  });
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('generateContentStream', () => {
  test('sends the same text as generateContent, in order, in several chunks', async () => {
    const whole = await generate(double.url, 'key-1', PROMPT);
    const chunks = await streamed('key-1');
    assert.ok(chunks.length >= 5, `${chunks.length} chunks`);
    const texts = chunks.map((chunk) => chunk.text);
    assert.equal(texts.join(''), whole.text);
    assert.match(texts[0], /^Subject: /);
    assert.match(texts.at(-1), /Alan Turing$/);
    assert.ok(texts.every((text) => text.length > 0));
  });

  test('only the last chunk has a finishReason; all share the response id', async () => {
    const chunks = await streamed('key-1');
    assert.deepEqual(
      chunks.map((chunk) => chunk.candidates[0].finishReason),
      [...Array(chunks.length - 1).fill(undefined), 'STOP'],
    );
    assert.equal(new Set(chunks.map((chunk) => chunk.responseId)).size, 1);
    assert.ok(chunks.every((chunk) => chunk.modelVersion === MODEL));
    const counts = chunks.map((chunk) => chunk.usageMetadata.candidatesTokenCount);
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => a - b),
      'output tokens only grow',
    );
  });

  test('a tiny maxOutputTokens ends the stream with MAX_TOKENS', async () => {
    const chunks = await streamed('key-1', { maxOutputTokens: 30 });
    assert.equal(chunks.at(-1).candidates[0].finishReason, 'MAX_TOKENS');
    assert.ok(chunks.map((chunk) => chunk.text).join('').length <= 120);
  });

  test('an empty- key streams one empty chunk that finishes', async () => {
    const chunks = await streamed('empty-key');
    assert.equal(chunks.length, 1);
    assert.equal(chunks[0].text, '');
    assert.equal(chunks[0].candidates[0].finishReason, 'STOP');
  });

  test('a refused key fails before any chunk, with the SDK’s ApiError', async () => {
    for (const [key, status] of [
      ['bad-key', 400],
      ['quota-key', 429],
      ['fail-key', 500],
    ]) {
      const error = await streamed(key).then(
        () => assert.fail('resolved'),
        (caught) => caught,
      );
      assert.equal(error.name, 'ApiError', key);
      assert.equal(error.status, status, key);
      assert.equal(errorBody(error).code, status, key);
    }
  });
});

describe('on the wire', () => {
  const body = { contents: [{ role: 'user', parts: [{ text: PROMPT }] }] };

  test('alt=sse sends `data: {json}` events separated by a blank line', async () => {
    const response = await postJson(
      modelUrl(double.url, { method: 'streamGenerateContent', query: '?alt=sse' }),
      body,
      { 'x-goog-api-key': 'key-1' },
    );
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    const raw = await response.text();
    assert.match(raw, /^(data: \{[^\n]+\}\n\n)+$/);
    const events = raw
      .trim()
      .split('\n\n')
      .map((line) => JSON.parse(line.slice('data: '.length)));
    assert.ok(events.length >= 5);
    assert.equal(events.at(-1).candidates[0].finishReason, 'STOP');
  });

  // The double takes its pauses through a wait this test ends by hand, and ends each only once
  // the event before it has arrived, so every event is seen while the rest of the answer is held
  // back. A double that sent nothing before its pause leaves the read waiting: the timeout.
  test(
    'each event is sent as soon as it is ready, the next held back for chunkDelayMs',
    { timeout: 10_000 },
    async (t) => {
      const waits = heldWaits();
      const paced = await startGeminiDouble({ chunkDelayMs: CHUNK_DELAY_MS, wait: waits.wait });
      t.after(() => paced.stop());
      const response = await postJson(
        modelUrl(paced.url, { method: 'streamGenerateContent', query: '?alt=sse' }),
        body,
        { 'x-goog-api-key': 'key-1' },
      );
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const events = [];
      for (;;) {
        let received = '';
        while (!received.endsWith('\n\n')) {
          const { value, done } = await reader.read();
          assert.equal(done, false, `the stream ended after ${events.length} events`);
          received += value;
        }
        assert.match(received, /^data: \{[^\n]+\}\n\n$/, 'exactly one event before the pause');
        events.push(JSON.parse(received.slice('data: '.length)));
        if (events.at(-1).candidates[0].finishReason) break;
        const pause = await waits.next();
        assert.equal(pause.ms, CHUNK_DELAY_MS);
        pause.release();
      }
      assert.ok(events.length >= 5, `${events.length} events`);
      assert.equal(events.at(-1).candidates[0].finishReason, 'STOP');
      assert.equal((await reader.read()).done, true);
    },
  );

  test('without alt=sse the chunks come as one JSON array', async () => {
    const response = await postJson(
      modelUrl(double.url, { method: 'streamGenerateContent' }),
      body,
      { 'x-goog-api-key': 'key-1' },
    );
    assert.match(response.headers.get('content-type'), /^application\/json/);
    const chunks = await response.json();
    assert.ok(Array.isArray(chunks) && chunks.length >= 5);
    assert.match(
      chunks.map((chunk) => chunk.candidates[0].content.parts[0].text).join(''),
      /^Subject: /,
    );
  });
});
