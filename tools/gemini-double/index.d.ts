/** One call to a model route, as the double received it. */
export interface RecordedGeminiRequest {
  /** From the x-goog-api-key header, else the ?key= parameter; '' when neither was sent. */
  key: string;
  /** The model in the path, e.g. 'gemini-3.5-flash-lite'. */
  model: string;
  method: 'generateContent' | 'streamGenerateContent';
  /** 'v1' (what @google/genai 3.x calls by default) or 'v1beta'. */
  apiVersion: 'v1' | 'v1beta';
  /**
   * The JSON body exactly as sent (null when it was not JSON), e.g.
   * `{ contents, systemInstruction?, generationConfig?: { temperature, topK, topP, maxOutputTokens, thinkingConfig? } }`.
   */
  body: unknown;
  /** ISO time the double received it. */
  receivedAt: string;
}

export interface GeminiDouble {
  /** e.g. http://127.0.0.1:4211: the SDK's `httpOptions.baseUrl`. */
  url: string;
  port: number;
  /** How many model calls each key made, failures included; '' counts calls without a key. */
  calls(): Record<string, number>;
  /** The latest model calls (up to 100), oldest first. */
  requests(): RecordedGeminiRequest[];
  /** Forgets the calls and requests. */
  reset(): void;
  /** Closes the server, ending slow and streaming answers still under way. */
  stop(): Promise<void>;
}

export interface StartGeminiDoubleOptions {
  /** 0 (default) picks a free port; the CLI defaults to 4211. */
  port?: number;
  host?: string;
  /** How long a `slow-` key waits before answering (default 5000). */
  slowMs?: number;
  /** The Retry-After header and RetryInfo delay a `quota-` key gets (default 30). */
  retryAfterSeconds?: number;
  /** The pause between streamed chunks (default 60). */
  chunkDelayMs?: number;
  /**
   * How the double sits out `slowMs` and `chunkDelayMs`: resolve when the pause is over, reject
   * with an AbortError once `signal` aborts (the caller hung up, or `stop()`). Default: a timer.
   * Tests pass one they end by hand, to see what is withheld until then without timing it.
   */
  wait?: (ms: number, signal: AbortSignal) => Promise<unknown>;
}

export function startGeminiDouble(options?: StartGeminiDoubleOptions): Promise<GeminiDouble>;

export const DEFAULT_PORT: number;
