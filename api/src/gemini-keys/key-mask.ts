/** What admins see of a key too short to show 12 of its characters and still hide most of it. */
const FULLY_MASKED_KEY = '************';

/** Keys shorter than this are masked entirely (Google's keys have 39 characters). */
const MIN_PARTLY_SHOWN_LENGTH = 24;

/** Spec: the first 8 and last 4 characters with an ellipsis between. */
export function maskApiKey(apiKey: string): string {
  if (apiKey.length < MIN_PARTLY_SHOWN_LENGTH) return FULLY_MASKED_KEY;
  return `${apiKey.slice(0, 8)}...${apiKey.slice(-4)}`;
}
