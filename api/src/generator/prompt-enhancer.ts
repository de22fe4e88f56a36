import {
  BadGatewayException,
  ForbiddenException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { NO_KEYS_TO_ENHANCE } from '@coldmail/contracts';
import { ownerIdOf, type AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { NoGeminiKeyError } from '../gemini-keys/gemini-failures';
import type { GeminiPoolService } from '../gemini-keys/gemini-pool.service';
import {
  rollingWindow,
  type UsageLimit,
  type UsageLimitsService,
  utcDay,
} from '../limits/usage-limits.service';
import {
  ENHANCE_INSTRUCTION,
  GENERATION_CONFIG,
  enhancePrompt,
  readsAsEmail,
} from './email-prompt';

/** The subject of the site-wide limits. */
const SITE = 'site';
const VERIFY_TO_ENHANCE =
  'Verify your e-mail address to use Enhance Prompt: open the link we sent you, then sign in again.';

/** An enhanced prompt is 120-200 words of instructions: a few hundred tokens, never an email's. */
const ENHANCE_MAX_OUTPUT_TOKENS = 400;
const ENHANCED_AN_EMAIL =
  'The model wrote an email instead of a prompt. Please try Enhance Prompt again.';

/** Enhance Prompt: a fuller prompt from the user's own, free, so limited per user and site-wide. */
export class PromptEnhancer {
  /** Enhancing a prompt: per minute and per UTC day. */
  private readonly enhanceLimits: UsageLimit[];
  private readonly siteEnhanceLimits: UsageLimit[];

  constructor(
    private readonly gemini: GeminiPoolService,
    private readonly limits: UsageLimitsService,
    config: AppConfig,
  ) {
    // A limit of 0 is off.
    this.enhanceLimits = [
      {
        name: 'enhance:minute',
        limit: config.enhance.perMinute,
        windowEnd: rollingWindow(60_000),
        refusal: 'Too many prompts enhanced in a minute. Please wait a moment.',
      },
      {
        name: 'enhance:day',
        limit: config.enhance.perDay,
        windowEnd: utcDay,
        refusal: `You have enhanced ${config.enhance.perDay} prompts today, the most a day. Enhance Prompt is available again from midnight UTC.`,
      },
    ];
    this.siteEnhanceLimits = [
      {
        name: 'enhance:site-day',
        limit: config.enhance.sitePerDay,
        windowEnd: utcDay,
        refusal:
          'Enhance Prompt has been used as much as it can be today. It is available again from midnight UTC; you can still write your prompt yourself.',
      },
    ];
  }

  /**
   * A fuller prompt from the user's own. Free, so limited per user (a minute's and a day's worth)
   * and short (a prompt, not an email); it needs a usable key like a generation. An answer that
   * is an email rather than a prompt is refused: the free call must not write what a credit buys.
   */
  async enhance(caller: AuthContext, prompt: string): Promise<string> {
    // Free, so only for an address someone proved is theirs: a throwaway account gets none.
    if (!caller.emailVerified) throw new ForbiddenException(VERIFY_TO_ENHANCE);
    const userId = ownerIdOf(caller);
    await this.limits.take(userId, this.enhanceLimits);
    try {
      await this.limits.take(SITE, this.siteEnhanceLimits);
    } catch (error) {
      await this.limits.release(userId, this.enhanceLimits);
      throw error;
    }
    const answer = await this.gemini
      .generate({
        contents: enhancePrompt(prompt),
        systemInstruction: ENHANCE_INSTRUCTION,
        generationConfig: {
          ...GENERATION_CONFIG,
          maxOutputTokens: ENHANCE_MAX_OUTPUT_TOKENS,
          thinkingConfig: { thinkingBudget: 0 },
        },
      })
      .catch(async (error: unknown) => {
        // The spec words a missing key differently for enhancing; no model call, no use counted.
        if (error instanceof NoGeminiKeyError) {
          await this.limits.release(userId, this.enhanceLimits);
          await this.limits.release(SITE, this.siteEnhanceLimits);
          throw new ServiceUnavailableException(NO_KEYS_TO_ENHANCE);
        }
        throw error;
      });
    const enhanced = answer.text.trim();
    if (!enhanced) throw new BadGatewayException('No enhanced prompt was returned');
    if (readsAsEmail(enhanced)) throw new BadGatewayException(ENHANCED_AN_EMAIL);
    return enhanced;
  }
}
