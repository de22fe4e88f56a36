// Google's error bodies: `{ error: { code, message, status, details? } }`, with the wording the
// Gemini API uses, so the SDK raises the ApiError (and message) it raises against Google.

/**
 * @typedef {{ status: number, body: { error: { code: number, message: string, status: string, details?: object[] } }, headers?: Record<string, string> }} GoogleError
 */

/** @returns {GoogleError} */
const googleError = (code, status, message, details) => ({
  status: code,
  body: { error: { code, message, status, ...(details ? { details } : {}) } },
});

const SERVICE = 'generativelanguage.googleapis.com';

export const invalidApiKey = () =>
  googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
      metadata: { service: SERVICE },
    },
    {
      '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
      locale: 'en-US',
      message: 'API key not valid. Please pass a valid API key.',
    },
  ]);

export const missingApiKey = () =>
  googleError(
    403,
    'PERMISSION_DENIED',
    "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
  );

/** @returns {GoogleError} */
export function quotaExceeded(model, retryAfterSeconds) {
  const metric = `${SERVICE}/generate_content_free_tier_requests`;
  const error = googleError(
    429,
    'RESOURCE_EXHAUSTED',
    'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.\n' +
      `* Quota exceeded for metric: ${metric}, limit: 15, model: ${model}\n` +
      `Please retry in ${retryAfterSeconds}s.`,
    [
      {
        '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
        violations: [
          {
            quotaMetric: metric,
            quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
            quotaDimensions: { location: 'global', model },
            quotaValue: '15',
          },
        ],
      },
      {
        '@type': 'type.googleapis.com/google.rpc.Help',
        links: [
          {
            description: 'Learn more about Gemini API quotas',
            url: 'https://ai.google.dev/gemini-api/docs/rate-limits',
          },
        ],
      },
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfterSeconds}s` },
    ],
  );
  return { ...error, headers: { 'retry-after': String(retryAfterSeconds) } };
}

export const internalError = () =>
  googleError(
    500,
    'INTERNAL',
    'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
  );

/** 400 INVALID_ARGUMENT with the message Google gives for a request it cannot accept. */
export const invalidArgument = (message) => googleError(400, 'INVALID_ARGUMENT', message);

export const modelNotFound = (model, version, method) =>
  googleError(
    404,
    'NOT_FOUND',
    `models/${model} is not found for API version ${version}, or is not supported for ${method}. Call ListModels to see the list of available models and their supported methods.`,
  );

export const notFound = (message = 'Method not found.') => googleError(404, 'NOT_FOUND', message);
