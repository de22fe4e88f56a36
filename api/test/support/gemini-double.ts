import type { RecordedGeminiRequest } from '@coldmail/gemini-double';

/**
 * The Gemini double started by globalSetup, read over its /__double control routes. Shared by
 * every test file: tests tell their calls apart by their own keys.
 */
export interface GeminiDoubleControl {
  url: string;
  /** What startTestApi needs to aim the API at the double. */
  env: Record<string, string>;
  /** Model calls per key, failures included. */
  calls(): Promise<Record<string, number>>;
  /** The latest model calls (up to 100), oldest first. */
  requests(): Promise<RecordedGeminiRequest[]>;
}

export function geminiDouble(): GeminiDoubleControl {
  const url = process.env.TEST_GEMINI_URL;
  if (!url) throw new Error('The Gemini double is not running: use jest (globalSetup)');

  async function read<T>(path: string): Promise<T> {
    const response = await fetch(`${url}/__double${path}`);
    if (!response.ok) throw new Error(`Gemini double GET ${path}: ${response.status}`);
    return (await response.json()) as T;
  }

  return {
    url,
    env: { GEMINI_API_BASE: url },
    calls: async () => (await read<{ calls: Record<string, number> }>('/calls')).calls,
    requests: async () => (await read<{ requests: RecordedGeminiRequest[] }>('/requests')).requests,
  };
}
