import { toApiError } from '@coldmail/session';

/**
 * The server's message when it sent one (the first field message of a refused form), else the
 * spec's fallback, e.g. 'Failed to add key' when the API could not be reached.
 */
export function messageOf(error: unknown, fallback: string): string {
  const apiError = toApiError(error);
  if (apiError.status === 0) return fallback;
  return Object.values(apiError.fieldErrors)[0] ?? apiError.message;
}
