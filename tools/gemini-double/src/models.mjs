// Which model names Google serves generateContent for, as its deprecations page listed them in
// November 2026 (ai.google.dev/gemini-api/docs/deprecations): the Gemini 2.x models are shut
// down, and Google answers a shut-down name exactly as one it never had (404 NOT_FOUND).

/** Served. */
export const availableModels = new Set([
  'gemini-3.8-flash',
  'gemini-3.7-flash',
  'gemini-3.6-flash',
  'gemini-3.5-flash',
  'gemini-3.5-flash-lite',
  'gemini-3.1-flash-lite',
  'gemini-3.1-pro-preview',
  'gemini-3-flash-preview',
]);

/** Shut down: a call names them at its peril (404, like an unknown name). */
export const retiredModels = new Set([
  'gemini-2.5-flash-lite',
  'gemini-2.5-flash',
  'gemini-2.5-pro',
  'gemini-2.0-flash',
  'gemini-2.0-flash-001',
  'gemini-2.0-flash-lite',
  'gemini-2.0-flash-lite-001',
  'gemini-1.5-flash',
  'gemini-1.5-pro',
]);
