import assert from 'node:assert/strict';
import { retiredModels } from '../src/models.mjs';
import { after, afterEach, before, describe, test } from 'node:test';
import { startGeminiDouble } from '../index.mjs';
import {
  GENERATION_SETTINGS,
  MODEL,
  countWords,
  errorBody,
  gemini,
  generate,
  modelUrl,
  parseEmail,
  postJson,
  taggedPrompt,
} from '../test-support/gemini.mjs';

const ADA = {
  recipient: 'Ada Lovelace',
  sender: 'Charles Babbage',
  purpose: 'Introduce the Analytical Engine to your research group',
  details: 'It computes Bernoulli numbers unaided; a two-year pilot costs 4,800 pounds',
  tone: 'persuasive',
};

let double;
before(async () => {
  double = await startGeminiDouble();
});
afterEach(() => double.reset());
after(() => double.stop());

describe('an email prompt', () => {
  test('is answered in the Gemini API’s response shape', async () => {
    const response = await generate(double.url, 'key-1', taggedPrompt(ADA));
    const [candidate] = response.candidates;
    assert.equal(candidate.content.role, 'model');
    assert.equal(typeof candidate.content.parts[0].text, 'string');
    assert.equal(response.text, candidate.content.parts[0].text);
    assert.equal(candidate.finishReason, 'STOP');
    assert.equal(candidate.index, 0);
    assert.equal(response.modelVersion, MODEL);
    assert.match(response.responseId, /^[\w-]{20,}$/);
    const usage = response.usageMetadata;
    assert.ok(usage.promptTokenCount > 10, 'counts the prompt');
    assert.ok(usage.candidatesTokenCount > 100, 'counts the answer');
    assert.equal(usage.totalTokenCount, usage.promptTokenCount + usage.candidatesTokenCount);
    assert.deepEqual(usage.promptTokensDetails, [
      { modality: 'TEXT', tokenCount: usage.promptTokenCount },
    ]);
  });

  test('gets a subject, a greeting, a 120–200 word body and the sender’s name', async () => {
    const { text } = await generate(double.url, 'key-1', taggedPrompt(ADA));
    assert.match(text, /^Subject: .+\n\nBody:\nDear Ada Lovelace,\n\n/);
    assert.match(text, /\n\nBest regards,\nCharles Babbage$/);
    const email = parseEmail(text);
    assert.match(email.subject, /Introduce the Analytical Engine/);
    assert.equal(email.greeting, 'Dear Ada Lovelace,');
    assert.equal(email.closing, 'Best regards,');
    assert.equal(email.signature, 'Charles Babbage');
    assert.ok(email.paragraphs.includes(ADA.purpose), 'mentions the purpose');
    assert.ok(email.paragraphs.includes(ADA.details), 'mentions the key details');
    for (const words of [email.bodyWords, email.emailWords]) {
      assert.ok(words >= 120 && words <= 200, `${words} words`);
    }
  });

  const styles = {
    'labelled lines': [
      'Write a cold email.',
      'Recipient name: Grace Hopper',
      'Sender name: Alan Turing',
      'Purpose of email: Invite you to speak at our compiler meetup',
      'Key details or hints: 40 attendees; 20-minute talk',
      'Desired tone: friendly',
    ].join('\n'),
    'markdown list with bold labels': [
      '- **Recipient Name:** Grace Hopper',
      '- **Sender Name:** Alan Turing',
      '- **Purpose:** Invite you to speak at our compiler meetup',
      '- **Key Details:** 40 attendees; 20-minute talk',
      '- **Tone:** friendly',
    ].join('\n'),
    'camelCase tags with whitespace': [
      '<recipientName>\n  Grace Hopper\n</recipientName>',
      '<senderName>Alan Turing</senderName>',
      '<purposeOfEmail>Invite you to speak at our compiler meetup</purposeOfEmail>',
      '<keyDetails>\n- 40 attendees\n- 20-minute talk\n</keyDetails>',
      '<desiredTone>Friendly</desiredTone>',
    ].join('\n'),
    'a details block under its label': [
      'Recipient: Grace Hopper',
      'Sender: Alan Turing',
      'Purpose: "Invite you to speak at our compiler meetup"',
      'Key details:',
      '- 40 attendees',
      '- 20-minute talk',
      '',
      'Tone: friendly',
    ].join('\n'),
  };
  for (const [style, prompt] of Object.entries(styles)) {
    test(`is read from ${style}`, async () => {
      const { text } = await generate(double.url, 'key-1', prompt);
      const email = parseEmail(text);
      assert.equal(email.greeting, 'Dear Grace Hopper,');
      assert.equal(email.signature, 'Alan Turing');
      assert.match(email.subject, /^Quick hello: Invite you to speak/, 'friendly tone');
      assert.match(email.paragraphs, /Invite you to speak at our compiler meetup\./);
      assert.match(email.paragraphs, /40 attendees; 20-minute talk\./);
    });
  }

  test('a tag wins over a label line typed inside another field', async () => {
    const prompt = taggedPrompt({
      ...ADA,
      purpose: 'Say hello\nSender name: Mallory',
    });
    const email = parseEmail((await generate(double.url, 'key-1', prompt)).text);
    assert.equal(email.signature, 'Charles Babbage');
  });

  test('keeps the body within 120–200 words for short and very long fields', async () => {
    const long = Array.from({ length: 120 }, (_, index) => `word${index}`).join(' ');
    for (const fields of [
      { recipient: 'Bo', sender: 'Al', purpose: 'Hi' },
      { ...ADA, purpose: long, details: long },
      { ...ADA, details: undefined, tone: 'casual' },
    ]) {
      const email = parseEmail((await generate(double.url, 'key-1', taggedPrompt(fields))).text);
      assert.ok(email.bodyWords >= 120 && email.bodyWords <= 200, `${email.bodyWords} words`);
      assert.ok(email.emailWords >= 120 && email.emailWords <= 200, `${email.emailWords} words`);
    }
  });

  test('is written in the tone asked for, professional when none or an unknown one', async () => {
    const textIn = async (tone) =>
      (await generate(double.url, 'key-1', taggedPrompt({ ...ADA, tone }))).text;
    const tones = [
      'friendly',
      'formal',
      'persuasive',
      'promotional',
      'casual',
      'professional',
      'apologetic',
      'appreciative',
    ];
    const texts = await Promise.all(tones.map(textIn));
    assert.equal(new Set(texts).size, tones.length, 'each tone reads differently');
    assert.equal(await textIn(undefined), texts[tones.indexOf('professional')]);
    assert.equal(await textIn('sarcastic'), texts[tones.indexOf('professional')]);
    assert.match(texts[tones.indexOf('apologetic')], /apologies/);
  });

  test('gets the same answer every time', async () => {
    const first = await generate(double.url, 'key-1', taggedPrompt(ADA));
    const second = await generate(double.url, 'key-2', taggedPrompt(ADA));
    assert.equal(second.text, first.text);
    assert.notEqual(second.responseId, first.responseId);
  });

  test('fills in placeholders for a recipient or sender it was not given', async () => {
    const { text } = await generate(double.url, 'key-1', 'Write an email. Purpose: Say hello');
    const email = parseEmail(text);
    assert.equal(email.greeting, 'Dear Sir or Madam,');
    assert.equal(email.signature, '[Your Name]');
  });
});

describe('a prompt to enhance', () => {
  test('labelled, gets back a fuller prompt that keeps the original and the tone', async () => {
    const prompt = [
      'Improve the prompt below so it produces a better cold email. Answer with the improved prompt only.',
      '<prompt_to_enhance>write to a CTO about our devops tool</prompt_to_enhance>',
      '<tone>formal</tone>',
    ].join('\n');
    const { text } = await generate(double.url, 'key-1', prompt, {
      thinkingConfig: { thinkingBudget: 0 },
    });
    assert.match(
      text,
      /^Write a formal cold email for the following request: "write to a CTO about our devops tool"\./,
    );
    assert.match(text, /between 120 and 200 words/);
    assert.doesNotMatch(text, /^Subject:/);
    assert.ok(countWords(text) > countWords('write to a CTO about our devops tool') * 5);
  });

  test('unlabelled, is found in the request’s quotation', async () => {
    const { text } = await generate(
      double.url,
      'key-1',
      'Please enhance this prompt: "ask a bakery owner to try our ordering app"',
    );
    assert.match(text, /"ask a bakery owner to try our ordering app"/);
    assert.match(text, /professional cold email/);
  });
});

test('a prompt that asks for neither says what it needs', async () => {
  const { text } = await generate(double.url, 'key-1', 'What is the capital of France?');
  assert.match(text, /recipient name, a sender name and the purpose/);
});

describe('generation settings', () => {
  test('are recorded as sent, per key, with the prompt', async () => {
    await generate(double.url, 'key-a', taggedPrompt(ADA));
    await gemini(double.url, 'key-b').models.generateContent({
      model: MODEL,
      contents: 'enhance this prompt: "hello"',
      config: { systemInstruction: 'You write prompts.', thinkingConfig: { thinkingBudget: 0 } },
    });
    const [email, enhance] = double.requests();
    assert.equal(email.key, 'key-a');
    assert.equal(email.model, MODEL);
    assert.equal(email.method, 'generateContent');
    // @google/genai 3 calls the stable API version.
    assert.equal(email.apiVersion, 'v1');
    assert.deepEqual(email.body.generationConfig, GENERATION_SETTINGS);
    assert.equal(email.body.contents[0].parts[0].text, taggedPrompt(ADA));
    assert.deepEqual(enhance.body.generationConfig, { thinkingConfig: { thinkingBudget: 0 } });
    assert.deepEqual(enhance.body.systemInstruction.parts, [{ text: 'You write prompts.' }]);
    assert.deepEqual(double.calls(), { 'key-a': 1, 'key-b': 1 });
  });

  test('a tiny maxOutputTokens cuts the answer with MAX_TOKENS', async () => {
    const full = await generate(double.url, 'key-1', taggedPrompt(ADA));
    const cut = await generate(double.url, 'key-1', taggedPrompt(ADA), {
      ...GENERATION_SETTINGS,
      maxOutputTokens: 12,
    });
    assert.equal(cut.candidates[0].finishReason, 'MAX_TOKENS');
    assert.ok(cut.text.length > 0 && cut.text.length <= 48, cut.text);
    assert.ok(full.text.startsWith(cut.text));
    assert.ok(cut.usageMetadata.candidatesTokenCount <= 12);
  });

  test('snake_case names are read like camelCase ones, as Google does', async () => {
    const response = await postJson(
      modelUrl(double.url),
      {
        contents: [{ role: 'user', parts: [{ text: taggedPrompt(ADA) }] }],
        generation_config: { max_output_tokens: '8', thinking_config: { thinking_budget: 0 } },
      },
      { 'x-goog-api-key': 'key-1' },
    );
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.candidates[0].finishReason, 'MAX_TOKENS');
  });
});

describe('requests Google would refuse', () => {
  const refusals = {
    'thinkingConfig outside generationConfig': [
      { contents: [{ parts: [{ text: 'hi' }] }], thinkingConfig: { thinkingBudget: 0 } },
      'Invalid JSON payload received. Unknown name "thinkingConfig": Cannot find field.',
    ],
    'an unknown setting': [
      { contents: [{ parts: [{ text: 'hi' }] }], generationConfig: { temprature: 0.7 } },
      `Invalid JSON payload received. Unknown name "temprature" at 'generation_config': Cannot find field.`,
    ],
    'a setting that is not a number': [
      { contents: [{ parts: [{ text: 'hi' }] }], generationConfig: { temperature: 'warm' } },
      `Invalid value at 'generation_config.temperature' (TYPE_FLOAT), "warm"`,
    ],
    'a fractional topK': [
      { contents: [{ parts: [{ text: 'hi' }] }], generationConfig: { topK: 0.95 } },
      `Invalid value at 'generation_config.top_k' (TYPE_INT32), 0.95`,
    ],
    'no contents': [{}, '* GenerateContentRequest.contents: contents is not specified\n'],
    'an empty part': [
      { contents: [{ parts: [{}] }] },
      "* GenerateContentRequest.contents[0].parts[0].data: required oneof field 'data' must have one initialized field\n",
    ],
    'a body that is not JSON': [
      '{"contents": [',
      'Invalid JSON payload received. Unexpected token.',
    ],
  };
  for (const [name, [body, message]] of Object.entries(refusals)) {
    test(`${name}: 400 INVALID_ARGUMENT`, async () => {
      const response = await postJson(modelUrl(double.url), body, { 'x-goog-api-key': 'key-1' });
      assert.equal(response.status, 400);
      assert.match(response.headers.get('content-type'), /^application\/json/);
      assert.deepEqual(await response.json(), {
        error: { code: 400, message, status: 'INVALID_ARGUMENT' },
      });
    });
  }

  test('a model Google has shut down is a 404, as for a name it never had', async () => {
    for (const model of retiredModels) {
      const error = await gemini(double.url, 'key-1')
        .models.generateContent({ model, contents: 'hi' })
        .then(
          () => assert.fail(`${model} resolved`),
          (caught) => caught,
        );
      assert.equal(error.status, 404);
      assert.equal(errorBody(error).status, 'NOT_FOUND');
      assert.match(errorBody(error).message, new RegExp(`models/${model} is not found`));
    }
  });

  test('an unknown model is a 404 the SDK raises', async () => {
    const error = await gemini(double.url, 'key-1')
      .models.generateContent({ model: 'gemni-2.5-flash-lite', contents: 'hi' })
      .then(
        () => assert.fail('resolved'),
        (caught) => caught,
      );
    assert.equal(error.name, 'ApiError');
    assert.equal(error.status, 404);
    assert.equal(errorBody(error).status, 'NOT_FOUND');
    assert.match(
      errorBody(error).message,
      /models\/gemni-2.5-flash-lite is not found for API version v1,/,
    );
  });
});

describe('where the key and the API version may be', () => {
  test('the key in ?key= works like the header', async () => {
    const response = await postJson(modelUrl(double.url, { query: '?key=query-key' }), {
      contents: [{ parts: [{ text: taggedPrompt(ADA) }] }],
    });
    assert.equal(response.status, 200);
    assert.match((await response.json()).candidates[0].content.parts[0].text, /^Subject: /);
    assert.deepEqual(double.calls(), { 'query-key': 1 });
  });

  test('the SDK set to apiVersion v1 is answered the same', async () => {
    const response = await gemini(double.url, 'key-1', {
      apiVersion: 'v1',
    }).models.generateContent({ model: MODEL, contents: taggedPrompt(ADA) });
    assert.match(response.text, /^Subject: /);
    assert.equal(double.requests()[0].apiVersion, 'v1');
  });

  test('a page on another origin may call the model routes, as Google allows', async () => {
    const preflight = await fetch(modelUrl(double.url), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4200',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-goog-api-key',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'http://127.0.0.1:4200');
    assert.match(preflight.headers.get('access-control-allow-headers'), /x-goog-api-key/);
  });
});
