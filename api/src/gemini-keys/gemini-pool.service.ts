import { ServerTiming } from '../common/server-timing';
import { Telemetry } from '../telemetry/telemetry';
import { Injectable, Logger } from '@nestjs/common';
import {
  GoogleGenAI,
  type ContentListUnion,
  type GenerateContentConfig,
  type GenerateContentResponse,
} from '@google/genai';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import {
  classifyGeminiFailure,
  GeminiRequestRefusedError,
  GeminiUnavailableError,
  NoGeminiKeyError,
  type GeminiFailure,
} from './gemini-failures';
import { GeminiKeysService, type PickedKey } from './gemini-keys.service';
import { GeminiModelService } from './gemini-model.service';
import { maskApiKey } from './key-mask';

/** The settings a caller may pass on to Gemini's generationConfig. */
type GeminiGenerationConfig = Pick<
  GenerateContentConfig,
  'temperature' | 'topK' | 'topP' | 'maxOutputTokens' | 'thinkingConfig' | 'stopSequences'
>;

export interface GeminiRequest {
  /** The prompt: a string, or Gemini's contents (turns and parts). */
  contents: ContentListUnion;
  systemInstruction?: string;
  generationConfig?: GeminiGenerationConfig;
}

export interface GeminiAnswer {
  /** The first candidate's text; '' when Gemini answered with none. */
  text: string;
  /** Tokens the call used (Gemini's usageMetadata.totalTokenCount); null when not reported. */
  tokens: number | null;
  /** e.g. 'STOP', or 'MAX_TOKENS' when the answer was cut. */
  finishReason: string | null;
}

/** A client for one key, and the Retry-After header of its latest 429 (not on the SDK's error). */
interface KeyClient {
  ai: GoogleGenAI;
  retryAfter(): string | null;
}

/**
 * Calls Gemini with the admin's keys. Each call takes the least recently used healthy key; when
 * Google refuses it, the pool learns and moves on:
 * - 429: the key cools down for Retry-After (header, else RetryInfo, else 60 s); next key.
 * - invalid or revoked key (400 API_KEY_*, 401, 403): the key is marked failing; next key.
 * - 5xx, timeout, no connection: counted on the key; one more try on the next key.
 * - any other refusal: no key would do better; GeminiRequestRefusedError.
 * With no key left: NoGeminiKeyError (503, the spec's message), or GeminiUnavailableError when
 * Gemini itself was down. Keys never appear in logs or errors.
 */
@Injectable()
export class GeminiPoolService {
  private readonly logger = new Logger(GeminiPoolService.name);

  constructor(
    private readonly keys: GeminiKeysService,
    private readonly models: GeminiModelService,
    @InjectConfig() private readonly config: AppConfig,
    private readonly telemetry: Telemetry,
  ) {}

  /** Whether a call could get a key now (none is active, healthy and ready when false). */
  hasUsableKey(): Promise<boolean> {
    return this.keys.roster.hasUsableKey();
  }

  /**
   * One answer, whole. `ready`, when given, must resolve before Gemini is called (a
   * generation's credit being debited): the first key is chosen meanwhile. If it rejects,
   * nothing is called and its error is this call's.
   */
  async generate(
    request: GeminiRequest,
    timing?: ServerTiming,
    ready?: Promise<unknown>,
  ): Promise<GeminiAnswer> {
    const model = await this.models.current();
    const { key, value } = await this.withFailover(
      ready,
      'generateContent',
      model,
      async ({ ai }) => {
        const call = () => ai.models.generateContent(this.paramsOf(request, model));
        // Only the model's own time counts as `gemini`: choosing a key is ours.
        const response = await (timing ? timing.measure('gemini', call) : call());
        return {
          text: response.text ?? '',
          tokens: response.usageMetadata?.totalTokenCount ?? null,
          finishReason: response.candidates?.[0]?.finishReason ?? null,
        };
      },
    );
    if (value.tokens) this.keys.keyUses.noteTokens(key.id, value.tokens);
    return value;
  }

  /**
   * The answer as it is written: its text chunks, in order. The key is chosen (with failover)
   * before the first chunk is yielded, so a caller that awaits the first chunk before answering
   * its own client can still turn a 503 into a proper error response. A failure after that
   * cannot move to another key (the text so far would be repeated): GeminiUnavailableError.
   */
  async *generateStream(
    request: GeminiRequest,
    /** Told the tokens the call used once the answer is complete (Gemini reports them last). */
    onTokens?: (tokens: number) => void,
  ): AsyncGenerator<string, void, undefined> {
    const model = await this.models.current();
    const { key, value } = await this.withFailover(
      undefined,
      'streamGenerateContent',
      model,
      async ({ ai }) => {
        const stream = await ai.models.generateContentStream(this.paramsOf(request, model));
        // Errors Google sends before its first chunk still count against this key.
        return { stream, first: await stream.next() };
      },
    );
    let next: IteratorResult<GenerateContentResponse> = value.first;
    let tokens: number | null = null;
    try {
      while (!next.done) {
        tokens = next.value.usageMetadata?.totalTokenCount ?? tokens;
        const text = next.value.text;
        if (text) yield text;
        try {
          next = await value.stream.next();
        } catch (error) {
          const message = scrub(classifyGeminiFailure(error, null).message, key.apiKey);
          await this.keys.recordFailure(key.id, message);
          this.telemetry.geminiFailure(key.id, 'stream-broken');
          this.logger.warn(
            `Gemini key "${key.name}" (${key.id}): the stream broke off: ${message}`,
          );
          throw new GeminiUnavailableError();
        }
      }
      if (tokens) {
        this.keys.keyUses.noteTokens(key.id, tokens);
        onTokens?.(tokens);
      }
    } finally {
      // A caller that stops reading early releases the SDK's reader too.
      await value.stream.return(undefined);
    }
  }

  /**
   * One small call with `key` to the configured model, for an admin checking a key or the
   * model: Gemini's answer, or why Google refused (the key scrubbed from it). The key's record
   * is left as it is: a test is no use and no failure of the pool.
   */
  async test(key: PickedKey, model: string): Promise<{ answer: string } | { error: string }> {
    try {
      const response = await this.clientFor(key.apiKey).ai.models.generateContent(
        this.paramsOf(
          {
            contents: 'Reply with the single word: ready',
            generationConfig: { maxOutputTokens: 16, temperature: 0 },
          },
          model,
        ),
      );
      return { answer: response.text ?? '' };
    } catch (error) {
      return { error: scrub(classifyGeminiFailure(error, null).message, key.apiKey) };
    }
  }

  private paramsOf(request: GeminiRequest, model: string) {
    return {
      model,
      contents: request.contents,
      config: {
        ...request.generationConfig,
        ...(request.systemInstruction ? { systemInstruction: request.systemInstruction } : {}),
      },
    };
  }

  /** Each try is a span named by Gemini's method, with the key's id (never the key). */
  private async withFailover<T>(
    ready: Promise<unknown> | undefined,
    method: string,
    model: string,
    attempt: (client: KeyClient) => Promise<T>,
  ): Promise<{ key: PickedKey; value: T }> {
    const tried: string[] = [];
    let unavailableOnce = false;
    for (;;) {
      const key =
        tried.length === 0 ? await this.firstKey(ready) : await this.keys.roster.pick(tried);
      if (!key) throw unavailableOnce ? new GeminiUnavailableError() : new NoGeminiKeyError();
      tried.push(key.id);
      const client = this.clientFor(key.apiKey);
      this.keys.keyUses.noteUse(key.id);
      try {
        const value = await this.telemetry.clientSpan(
          `gemini ${method}`,
          {
            'gen_ai.provider.name': 'gcp.gemini',
            'gen_ai.request.model': model,
            'coldmail.gemini.key_id': key.id,
          },
          () => attempt(client),
        );
        return { key, value };
      } catch (error) {
        const failure = classifyGeminiFailure(error, client.retryAfter());
        const message = scrub(failure.message, key.apiKey);
        await this.learn(key, { ...failure, message });
        if (failure.kind === 'refused') throw new GeminiRequestRefusedError();
        if (failure.kind === 'unavailable') {
          if (unavailableOnce) throw new GeminiUnavailableError();
          unavailableOnce = true;
        }
      }
    }
  }

  /**
   * The first key, chosen while `ready` settles (a pick only reads: nothing to take back when
   * `ready` rejects, and no use is recorded for a call that is never made).
   */
  private async firstKey(ready: Promise<unknown> | undefined): Promise<PickedKey | null> {
    if (!ready) return this.keys.roster.pick([]);
    const [picked, go] = await Promise.allSettled([this.keys.roster.pick([]), ready]);
    if (go.status === 'rejected') throw go.reason;
    if (picked.status === 'rejected') throw picked.reason;
    return picked.value;
  }

  /** Records on the key what Google's refusal says about it. */
  private async learn(key: PickedKey, failure: GeminiFailure): Promise<void> {
    this.telemetry.geminiFailure(key.id, failure.kind);
    const label = `Gemini key "${key.name}" (${key.id})`;
    switch (failure.kind) {
      case 'rate-limited': {
        const until = new Date(Date.now() + failure.retryAfterMs);
        await this.keys.coolDown(key.id, until, failure.message);
        this.logger.warn(`${label} is rate-limited; cooling down until ${until.toISOString()}`);
        return;
      }
      case 'invalid-key':
        await this.keys.markFailing(key.id, failure.message);
        this.logger.warn(`${label} was refused and is marked failing: ${failure.message}`);
        return;
      case 'unavailable':
        await this.keys.recordFailure(key.id, failure.message);
        this.logger.warn(`${label}: Gemini is unavailable: ${failure.message}`);
        return;
      case 'refused':
        // Not the key's fault, so its record is left alone; this needs a developer.
        this.logger.error(`Gemini refused the request (${failure.status}): ${failure.message}`);
        return;
    }
  }

  private clientFor(apiKey: string): KeyClient {
    let retryAfter: string | null = null;
    const ai = new GoogleGenAI({
      apiKey,
      httpOptions: {
        ...(this.config.gemini.apiBase ? { baseUrl: this.config.gemini.apiBase } : {}),
        timeout: this.config.gemini.timeoutMs,
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          if (response.status === 429) retryAfter = response.headers.get('retry-after');
          return response;
        },
      },
    });
    return { ai, retryAfter: () => retryAfter };
  }
}

/** Google's messages do not quote the key, but nothing here relies on that. */
function scrub(message: string, apiKey: string): string {
  return message.split(apiKey).join(maskApiKey(apiKey));
}
