// Reads a GenerateContentRequest the way the Gemini API does: field names in camelCase or
// snake_case, unknown names and wrongly typed numbers refused with Google's messages, so a
// setting put in the wrong place (thinkingConfig outside generationConfig, say) fails here as it
// would against Google instead of being silently ignored.
import { invalidArgument } from './errors.mjs';

const TOP_LEVEL = new Set([
  'model',
  'contents',
  'generationConfig',
  'systemInstruction',
  'safetySettings',
  'tools',
  'toolConfig',
  'cachedContent',
  'labels',
  'serviceTier',
  'store',
  'continuationToken',
]);

/** Field → its proto number type, or null for a field whose value is not checked here. */
const GENERATION_CONFIG = {
  temperature: 'TYPE_FLOAT',
  topP: 'TYPE_FLOAT',
  topK: 'TYPE_INT32',
  candidateCount: 'TYPE_INT32',
  maxOutputTokens: 'TYPE_INT32',
  presencePenalty: 'TYPE_FLOAT',
  frequencyPenalty: 'TYPE_FLOAT',
  seed: 'TYPE_INT32',
  logprobs: 'TYPE_INT32',
  stopSequences: null,
  responseLogprobs: null,
  responseMimeType: null,
  responseSchema: null,
  responseJsonSchema: null,
  responseModalities: null,
  mediaResolution: null,
  speechConfig: null,
  imageConfig: null,
  audioTimestamp: null,
  audioTranscriptionConfig: null,
  enableEnhancedCivicAnswers: null,
  thinkingConfig: null,
};

const THINKING_CONFIG = {
  thinkingBudget: 'TYPE_INT32',
  includeThoughts: null,
  thinkingLevel: null,
};

const camel = (name) => name.replace(/_([a-z])/g, (_, letter) => letter.toUpperCase());
const snake = (name) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * @typedef {{
 *   promptText: string,
 *   generationConfig: { maxOutputTokens?: number } & Record<string, unknown>,
 * }} GenerateRequest
 */

/**
 * @param {string} text the raw request body
 * @returns {{ request: GenerateRequest, body: unknown } | { error: import('./errors.mjs').GoogleError, body: unknown }}
 */
export function readGenerateRequest(text) {
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return {
      error: invalidArgument('Invalid JSON payload received. Unexpected token.'),
      body: null,
    };
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return {
      error: invalidArgument(
        `Invalid JSON payload received. Expected an object, got ${JSON.stringify(body)}.`,
      ),
      body,
    };
  }
  const problem = checkRequest(body);
  if (problem) return { error: invalidArgument(problem), body };

  const fields = byCamelName(body);
  const generationConfig = byCamelName(fields.generationConfig ?? {});
  if (generationConfig.thinkingConfig) {
    generationConfig.thinkingConfig = byCamelName(generationConfig.thinkingConfig);
  }
  for (const [name, type] of Object.entries(GENERATION_CONFIG)) {
    if (type && generationConfig[name] !== undefined) {
      generationConfig[name] = Number(generationConfig[name]);
    }
  }
  const system = fields.systemInstruction ? [fields.systemInstruction] : [];
  const userTurns = fields.contents.filter((content) => (content.role ?? 'user') === 'user');
  const promptText = [...system, ...userTurns]
    .flatMap((content) => content.parts ?? [])
    .map((part) => (typeof part.text === 'string' ? part.text : ''))
    .filter(Boolean)
    .join('\n');
  return { request: { promptText, generationConfig }, body };
}

/** @returns {string | undefined} Google's message for the first problem found */
function checkRequest(body) {
  const unknown = unknownName(body, TOP_LEVEL, '');
  if (unknown) return unknown;
  const fields = byCamelName(body);

  const contents = fields.contents;
  if (!Array.isArray(contents) || contents.length === 0) {
    return '* GenerateContentRequest.contents: contents is not specified\n';
  }
  for (const [index, content] of contents.entries()) {
    const parts = content?.parts;
    if (!Array.isArray(parts) || parts.length === 0) {
      return `* GenerateContentRequest.contents[${index}].parts: contents.parts must not be empty.\n`;
    }
    const empty = parts.findIndex((part) => !part || Object.keys(part).length === 0);
    if (empty !== -1) {
      return `* GenerateContentRequest.contents[${index}].parts[${empty}].data: required oneof field 'data' must have one initialized field\n`;
    }
    if (content.role !== undefined && !['user', 'model'].includes(content.role)) {
      return `Please use a valid role: user, model.`;
    }
  }

  const config = fields.generationConfig;
  if (config === undefined) return undefined;
  const configProblem =
    unknownName(config, new Set(Object.keys(GENERATION_CONFIG)), 'generation_config') ??
    badNumbers(config, GENERATION_CONFIG, 'generation_config');
  if (configProblem) return configProblem;
  const thinking = byCamelName(config).thinkingConfig;
  if (thinking === undefined) return undefined;
  return (
    unknownName(
      thinking,
      new Set(Object.keys(THINKING_CONFIG)),
      'generation_config.thinking_config',
    ) ?? badNumbers(thinking, THINKING_CONFIG, 'generation_config.thinking_config')
  );
}

function unknownName(object, known, at) {
  if (object === null || typeof object !== 'object' || Array.isArray(object)) {
    return `Invalid value at '${at}', ${JSON.stringify(object)}`;
  }
  const name = Object.keys(object).find((key) => !known.has(camel(key)));
  if (name === undefined) return undefined;
  const where = at ? ` at '${at}'` : '';
  return `Invalid JSON payload received. Unknown name "${name}"${where}: Cannot find field.`;
}

/** Proto JSON takes numbers or numeric strings; an int32 field refuses fractions. */
function badNumbers(object, types, at) {
  for (const [key, value] of Object.entries(object)) {
    const type = types[camel(key)];
    if (!type) continue;
    const number = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
    const valid = value !== '' && Number.isFinite(number);
    if (!valid || (type === 'TYPE_INT32' && !Number.isInteger(number))) {
      return `Invalid value at '${at}.${snake(camel(key))}' (${type}), ${JSON.stringify(value)}`;
    }
  }
  return undefined;
}

const byCamelName = (object) =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [camel(key), value]));
