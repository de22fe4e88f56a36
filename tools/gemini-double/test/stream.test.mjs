import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startGeminiDouble } from '../index.mjs';
import {
  GENERATION_SETTINGS,
  MODEL,
  errorBody,
  gemini,
  generate,
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

/** Every chunk of a streamed answer, with when it arrived. */
async function streamed(apiKey, config = GENERATION_SETTINGS) {
  const stream = await gemini(double.url, apiKey).models.generateContentStream({
    model: MODEL,
    contents: PROMPT,
    config,
  });
  const chunks = [];
  for await (const chunk of stream) chunks.push({ chunk, at: performance.now() });
  return chunks;
}

describe('generateContentStream', () => {
  test('sends the same text as generateContent, in order, in several chunks', async () => {
    const whole = await generate(double.url, 'key-1', PROMPT);
    const chunks = await streamed('key-1');
    assert.ok(chunks.length >= 5, `${chunks.length} chunks`);
    const texts = chunks.map(({ chunk }) => chunk.text);
    assert.equal(texts.join(''), whole.text);
    assert.match(texts[0], /^Subject: /);
    assert.match(texts.at(-1), /Alan Turing$/);
    assert.ok(texts.every((text) => text.length > 0));
  });

  test('only the last chunk has a finishReason; all share the response id', async () => {
    const chunks = (await streamed('key-1')).map(({ chunk }) => chunk);
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

  test('chunks arrive one after another, not all at once', async () => {
    const chunks = await streamed('key-1');
    const spread = chunks.at(-1).at - chunks[0].at;
    // Timers never fire early, so the pauses between chunks set a floor on the spread.
    assert.ok(spread >= (chunks.length - 1) * CHUNK_DELAY_MS * 0.9, `${spread} ms`);
  });

  test('a tiny maxOutputTokens ends the stream with MAX_TOKENS', async () => {
    const chunks = (await streamed('key-1', { maxOutputTokens: 30 })).map(({ chunk }) => chunk);
    assert.equal(chunks.at(-1).candidates[0].finishReason, 'MAX_TOKENS');
    assert.ok(chunks.map((chunk) => chunk.text).join('').length <= 120);
  });

  test('an empty- key streams one empty chunk that finishes', async () => {
    const chunks = (await streamed('empty-key')).map(({ chunk }) => chunk);
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
