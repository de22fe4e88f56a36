// What the API does with Gemini, written the way the generator will write it: the official SDK
// aimed at the double, the spec's generation settings, a prompt built from the form's fields, and
// the answer split on 'Subject:' and 'Body:'. Kept outside test/ because `node --test test/` runs
// every module in that folder.
import { GoogleGenAI } from '@google/genai';

export const MODEL = 'gemini-3.5-flash-lite';

/** The generator's settings from the spec. */
export const GENERATION_SETTINGS = {
  temperature: 0.7,
  topK: 40,
  topP: 0.95,
  maxOutputTokens: 1024,
  thinkingConfig: { thinkingBudget: 0 },
};

export const gemini = (url, apiKey, httpOptions = {}) =>
  new GoogleGenAI({ apiKey, httpOptions: { baseUrl: url, ...httpOptions } });

export async function generate(url, apiKey, contents, config = GENERATION_SETTINGS) {
  return gemini(url, apiKey).models.generateContent({ model: MODEL, contents, config });
}

/** The form's fields in delimited tags, the style the README recommends. */
export function taggedPrompt({ recipient, sender, purpose, details, tone }) {
  const tag = (name, value) => (value === undefined ? [] : [`<${name}>${value}</${name}>`]);
  return [
    'Write a cold email template from the fields below. Give a subject line, a greeting, a body of 120-200 words, a closing and the sender name.',
    ...tag('recipient_name', recipient),
    ...tag('sender_name', sender),
    ...tag('purpose', purpose),
    ...tag('key_details', details),
    ...tag('tone', tone),
  ].join('\n');
}

/** Splits an answer as the generator does: subject after 'Subject:', the email after 'Body:'. */
export function parseEmail(text) {
  const [beforeBody, body = ''] = text.split('Body:');
  const subject = beforeBody.replace('Subject:', '').trim();
  const lines = body.trim().split('\n');
  const greeting = lines[0];
  const signature = lines.at(-1);
  const closing = lines.at(-2);
  const paragraphs = lines.slice(1, -2).join('\n').trim();
  return {
    subject,
    greeting,
    paragraphs,
    closing,
    signature,
    bodyWords: countWords(paragraphs),
    emailWords: countWords(body),
  };
}

export const countWords = (text) => text.split(/\s+/).filter(Boolean).length;

/** The JSON body of an SDK ApiError (its message is the response body). */
export const errorBody = (error) => JSON.parse(error.message).error;

export function modelUrl(url, { method = 'generateContent', version = 'v1beta', query = '' } = {}) {
  return `${url}/${version}/models/${MODEL}:${method}${query}`;
}

export const postJson = (url, body, headers = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/**
 * A `wait` for startGeminiDouble that a test ends by hand: each pause the double takes is held
 * until the test calls its release(), and rejects as a timer would once its signal aborts.
 * next() gives the next pause the double takes (or has taken and nobody looked at yet).
 */
export function heldWaits() {
  /** @type {{ ms: number, signal: AbortSignal, release: () => void }[]} */
  const unseen = [];
  /** @type {((held: (typeof unseen)[number]) => void)[]} */
  const lookers = [];
  return {
    wait(ms, signal) {
      return new Promise((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const abort = () => reject(signal.reason);
        signal.addEventListener('abort', abort, { once: true });
        const release = () => {
          signal.removeEventListener('abort', abort);
          resolve(undefined);
        };
        const held = { ms, signal, release };
        const looker = lookers.shift();
        if (looker) looker(held);
        else unseen.push(held);
      });
    },
    next: () =>
      unseen.length > 0
        ? Promise.resolve(unseen.shift())
        : new Promise((resolve) => lookers.push(resolve)),
  };
}
