// GenerateContentResponse bodies as the Gemini API sends them, whole or as stream chunks, with
// token counts estimated the way Google suggests for English (about four characters a token).
import { randomBytes } from 'node:crypto';

export const estimateTokens = (text) => Math.ceil(text.length / 4);

/** Google's response ids: 24 url-safe characters or so. */
export const responseId = () => randomBytes(18).toString('base64url');

/**
 * Cuts the answer where the model would have run out of tokens, at a word boundary.
 * @returns {{ text: string, finishReason: 'STOP' | 'MAX_TOKENS' }}
 */
export function limitTokens(text, maxOutputTokens) {
  if (!maxOutputTokens || estimateTokens(text) <= maxOutputTokens) {
    return { text, finishReason: 'STOP' };
  }
  const cut = text.slice(0, maxOutputTokens * 4);
  const lastSpace = cut.search(/\s\S*$/);
  return { text: lastSpace > 0 ? cut.slice(0, lastSpace) : cut, finishReason: 'MAX_TOKENS' };
}

/**
 * The answer in pieces the way a UI should see it arrive: a sentence, a heading or a line at a
 * time. Joined, the pieces give back the text exactly.
 */
export function splitForStream(text) {
  if (text === '') return [''];
  return text.split(/(?<=[.!?…]\s+|\n)(?=\S)/);
}

/**
 * @param {{ text: string, finishReason?: string, promptTokens: number, outputTokens: number, model: string, id: string }} answer
 * finishReason is left out of a stream's intermediate chunks, as Google does.
 */
export function responseBody({ text, finishReason, promptTokens, outputTokens, model, id }) {
  return {
    candidates: [
      {
        content: { parts: [{ text }], role: 'model' },
        ...(finishReason ? { finishReason } : {}),
        index: 0,
      },
    ],
    usageMetadata: {
      promptTokenCount: promptTokens,
      // Proto3 JSON leaves zero counts out.
      ...(outputTokens > 0 ? { candidatesTokenCount: outputTokens } : {}),
      totalTokenCount: promptTokens + outputTokens,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokens }],
    },
    modelVersion: model,
    responseId: id,
  };
}
