import {
  BadGatewayException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  OnModuleInit,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  NO_KEYS_TO_ENHANCE,
  type GeneratedEmail,
  type Generation,
  type generateEmailBodySchema,
} from '@coldmail/contracts';
import { Model, trusted, Types } from 'mongoose';
import type { z } from 'zod';
import { AuditService } from '../audit/audit.service';
import { ownerIdOf, type AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { ServerTiming } from '../common/server-timing';
import { CreditsService } from '../credits/credits.service';
import { GeminiPoolService, NoGeminiKeyError } from '../gemini-keys/gemini-pool.service';
import {
  rollingWindow,
  type UsageLimit,
  UsageLimitsService,
  utcDay,
} from '../limits/usage-limits.service';
import {
  ENHANCE_INSTRUCTION,
  SYSTEM_INSTRUCTION,
  emailPrompt,
  enhancePrompt,
  readsAsEmail,
  parseEmail,
} from './email-prompt';
import { GenerationRecord, type GenerationData } from './schemas/generation.schema';
import { Telemetry } from '../telemetry/telemetry';

type GenerateFields = z.output<typeof generateEmailBodySchema>;

/** The spec's generation settings. */
const GENERATION_CONFIG = { temperature: 0.7, topK: 40, topP: 0.95, maxOutputTokens: 1024 };
const HISTORY_SIZE = 50;
/** Abandoned generations looked at per sweep. */
const ABANDONED_BATCH = 500;
const NO_EMAIL = 'No email was generated from the API response';
/** The subject of the site-wide limits. */
const SITE = 'site';
const VERIFY_TO_ENHANCE =
  'Verify your e-mail address to use Enhance Prompt: open the link we sent you, then sign in again.';

/** An enhanced prompt is 120-200 words of instructions: a few hundred tokens, never an email's. */
const ENHANCE_MAX_OUTPUT_TOKENS = 400;
const ENHANCED_AN_EMAIL =
  'The model wrote an email instead of a prompt. Please try Enhance Prompt again.';

/**
 * The email generator on the server: one credit through the ledger before the model is called,
 * given back (once) if anything fails; Gemini through the key pool; every email kept.
 */
@Injectable()
export class GeneratorService implements OnModuleInit {
  private readonly logger = new Logger(GeneratorService.name);
  /** A generation: per user and minute. Enhancing a prompt: per minute and per UTC day. */
  private readonly generationLimits: UsageLimit[];
  private readonly enhanceLimits: UsageLimit[];
  private readonly siteEnhanceLimits: UsageLimit[];

  constructor(
    @InjectModel(GenerationRecord.name) private readonly generations: Model<GenerationRecord>,
    private readonly credits: CreditsService,
    private readonly gemini: GeminiPoolService,
    @InjectConfig() private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly limits: UsageLimitsService,
    private readonly telemetry: Telemetry,
  ) {
    // A limit of 0 is off.
    this.generationLimits = [
      {
        name: 'generate:minute',
        limit: config.generatorPerMinute,
        windowEnd: rollingWindow(60_000),
        refusal: 'Too many emails generated in a minute. Please wait a moment.',
      },
    ];
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

  async onModuleInit(): Promise<void> {
    await this.generations.init();
  }

  /** `timing` records the model's share of the request (the Server-Timing header's `gemini`). */
  async generate(
    caller: AuthContext,
    fields: GenerateFields,
    timing = new ServerTiming(),
  ): Promise<GeneratedEmail> {
    const started = performance.now();
    // The credit is taken while a key is chosen; the model is called only once it is.
    const charging = this.charge(caller);
    const answering = this.gemini.generate(
      {
        contents: emailPrompt(fields),
        systemInstruction: SYSTEM_INSTRUCTION,
        generationConfig: GENERATION_CONFIG,
      },
      timing,
      charging,
    );
    let charged: Awaited<typeof charging>;
    try {
      charged = await charging;
    } catch (error) {
      await answering.catch(() => undefined);
      throw error;
    }
    const { userId, id, balance, settled } = charged;
    try {
      // The ledger finishes recording the debit while the model writes and the email is
      // stored; the answer waits for both, so the history already shows the debit.
      const answer = await answering;
      const [email] = await Promise.all([
        this.complete(userId, id, fields, answer.text, balance, answer.tokens),
        settled,
      ]);
      this.telemetry.generation(secondsSince(started), 'generated', false);
      return email;
    } catch (error) {
      this.telemetry.generation(secondsSince(started), 'failed', false);
      await settled;
      await this.refund(userId, id, fields);
      await this.releaseUnused(userId, error);
      throw error;
    }
  }

  /** A generation that never reached the model (no usable key) does not count as a use. */
  private async releaseUnused(userId: string, error: unknown): Promise<void> {
    if (error instanceof NoGeminiKeyError) {
      await this.limits.release(userId, this.generationLimits);
    }
  }

  /**
   * The same generation, streamed: resolves once the model's first words are in (errors before
   * that reject, with the credit given back, so the caller can still answer with a status), then
   * yields the text as it is written; `finish` keeps the email (the credit is spent) and `fail`
   * gives the credit back. Text that reached the reader is paid for: the caller then reads the
   * model to the end and finishes even when the reader has gone, so the email is in their history.
   * Only a reader who left before any text reached them, or a failing model, gets it back.
   */
  async generateStream(
    caller: AuthContext,
    fields: GenerateFields,
  ): Promise<{
    chunks: AsyncGenerator<string, void, undefined>;
    finish(text: string): Promise<GeneratedEmail>;
    fail(): Promise<void>;
  }> {
    const started = performance.now();
    const { userId, id, balance, settled } = await this.charge(caller);
    const fail = () => {
      this.telemetry.generation(secondsSince(started), 'failed', true);
      return settled.then(() => this.refund(userId, id, fields)).then(() => undefined);
    };
    let tokens: number | null = null;
    const stream = this.gemini.generateStream(
      {
        contents: emailPrompt(fields),
        systemInstruction: SYSTEM_INSTRUCTION,
        generationConfig: GENERATION_CONFIG,
      },
      (used) => (tokens = used),
    );
    let first: IteratorResult<string, void>;
    try {
      first = await stream.next();
      // From here on words reach the reader, and the email is paid for: recorded now, so that
      // if this process stops before the email is stored, the recovery sweep does not refund it.
      if (!first.done) {
        await this.generations.updateOne(
          { _id: id },
          {
            $setOnInsert: {
              userId: new Types.ObjectId(userId),
              ...fields,
              prompt: emailPrompt(fields),
              status: 'pending',
              textSentAt: new Date(),
            },
          },
          { upsert: true },
        );
      }
    } catch (error) {
      await fail();
      await this.releaseUnused(userId, error);
      throw error;
    }
    async function* chunks(): AsyncGenerator<string, void, undefined> {
      try {
        if (first.done) return;
        yield first.value;
        yield* stream;
      } finally {
        // A caller that stops reading (its reader left early) stops the model's stream too.
        await stream.return(undefined);
      }
    }
    return {
      chunks: chunks(),
      fail,
      finish: async (text) => {
        try {
          const [email] = await Promise.all([
            this.complete(userId, id, fields, text, balance, tokens, true),
            settled,
          ]);
          this.telemetry.generation(secondsSince(started), 'generated', true);
          return email;
        } catch (error) {
          await fail();
          throw error;
        }
      },
    };
  }

  /**
   * Gives back the credit of generations a stopped process left without an answer: a debit made
   * between `from` and `to` with no generation stored for it (a generation is stored when it
   * ends, and a streamed one as soon as words reached its reader, who has then paid). A pending
   * record of the spec's separate debit is its client's to complete or refund. Answers how many
   * were refunded.
   */
  async refundAbandoned(from: Date, to: Date): Promise<number> {
    const debits = await this.credits.unrefundedGenerationDebits(from, to, ABANDONED_BATCH);
    if (debits.length === 0) return 0;
    const stored = await this.generations
      .find({ _id: trusted({ $in: debits.map((debit) => new Types.ObjectId(debit.reference)) }) })
      .select({ _id: 1 })
      .lean<{ _id: Types.ObjectId }[]>();
    const known = new Set(stored.map((row) => row._id.toHexString()));
    let refunded = 0;
    for (const debit of debits) {
      if (known.has(debit.reference)) continue;
      if (await this.refund(debit.userId, new Types.ObjectId(debit.reference))) refunded += 1;
    }
    if (refunded > 0) this.logger.warn(`Refunded ${refunded} generation(s) a stopped process left`);
    return refunded;
  }

  /** Whether a generation could get a key now; the page disables generating when not. */
  async availability(caller: AuthContext): Promise<{ keysAvailable: boolean }> {
    ownerIdOf(caller);
    return { keysAvailable: await this.gemini.hasUsableKey() };
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

  /**
   * The spec's separate debit: a pending generation the client will complete or refund, stored
   * beside the debit (refund-credit needs it). No record is kept when the debit is refused; a
   * record that cannot be stored gives the credit back.
   */
  async deduct(caller: AuthContext): Promise<{ generationId: string; credits: number }> {
    const userId = ownerIdOf(caller);
    await this.throttle(userId);
    const id = new Types.ObjectId();
    const [stored, debited] = await Promise.allSettled([
      this.generations.create({ _id: id, userId: new Types.ObjectId(userId), status: 'pending' }),
      this.credits.startGenerationDebit(userId, id.toHexString()),
    ]);
    if (debited.status === 'rejected') {
      if (stored.status === 'fulfilled') await this.generations.deleteOne({ _id: id });
      throw debited.reason;
    }
    const { balanceAfter, settled } = debited.value;
    await settled;
    if (stored.status === 'rejected') {
      await this.credits.refundGeneration(userId, id.toHexString());
      throw stored.reason;
    }
    return { generationId: id.toHexString(), credits: balanceAfter };
  }

  /** Refunds only the caller's own generation that did not complete, once (or any, for admins). */
  async refundByClient(
    caller: AuthContext,
    generationId: string,
  ): Promise<{ generationId: string; credits: number }> {
    const userId = ownerIdOf(caller);
    const isAdmin = caller.user?.userRole === 'Admin';
    const generation = await this.generations.findById(generationId).lean<GenerationData>();
    if (
      !generation ||
      (!isAdmin && !generation.userId.equals(userId)) ||
      generation.status === 'done' ||
      // A streamed email whose words reached its reader is paid for, finished or not.
      generation.textSentAt ||
      generation.refunded
    ) {
      throw new ForbiddenException('This credit cannot be refunded');
    }
    const refunded = await this.refund(generation.userId.toHexString(), generation._id);
    if (!refunded) throw new ForbiddenException('This credit cannot be refunded');
    // An admin giving someone else's credit back is an admin change (once, however often asked).
    if (!generation.userId.equals(userId) && !refunded.alreadyApplied) {
      await this.audit.record(caller, {
        action: 'generation.refund',
        target: { kind: 'generation', id: generationId, label: null },
        before: { userId: generation.userId.toHexString(), status: generation.status },
        after: { refunded: true, delta: refunded.delta, balanceAfter: refunded.balanceAfter },
      });
    }
    return { generationId, credits: refunded.balanceAfter };
  }

  /**
   * The spec's refund: the caller's own most recent debit whose generation has no email (none
   * written, none streamed to its reader) and no refund yet, given back once. 404 when there is none: never a credit out of nothing.
   */
  async refundLatestDebit(caller: AuthContext): Promise<{ generationId: string; credits: number }> {
    const userId = ownerIdOf(caller);
    const latest = await this.generations
      .findOne({
        userId: new Types.ObjectId(userId),
        status: trusted({ $ne: 'done' }),
        // A streamed email whose words reached its reader is paid for, finished or not.
        textSentAt: trusted({ $exists: false }),
        refunded: trusted({ $ne: true }),
      })
      .sort({ createdAt: -1, _id: -1 })
      .lean<GenerationData>();
    const refunded = latest ? await this.refund(userId, latest._id) : null;
    // Two refunds at once find the same debit: the ledger gives it back once, the other gets none.
    if (!latest || !refunded || refunded.alreadyApplied) {
      throw new NotFoundException('No credit to refund');
    }
    return { generationId: latest._id.toHexString(), credits: refunded.balanceAfter };
  }

  async history(caller: AuthContext): Promise<Generation[]> {
    const userId = ownerIdOf(caller);
    const rows = await this.generations
      .find({ userId: new Types.ObjectId(userId), status: 'done' })
      .sort({ createdAt: -1, _id: -1 })
      .limit(HISTORY_SIZE)
      .lean<GenerationData[]>();
    return rows.map(toGeneration);
  }

  async remove(caller: AuthContext, id: string): Promise<void> {
    const userId = ownerIdOf(caller);
    const result = await this.generations.deleteOne({
      _id: new Types.ObjectId(id),
      userId: new Types.ObjectId(userId),
      status: 'done',
    });
    if (result.deletedCount === 0) throw new NotFoundException('Generated email not found');
  }

  /**
   * The model's answer parsed and kept: the generation is written once, done (an empty answer is
   * a 502, and the caller refunds).
   */
  private async complete(
    userId: string,
    id: Types.ObjectId,
    fields: GenerateFields,
    text: string,
    balance: number,
    /** The tokens the model's call used, kept with the generation for admins (null: unknown). */
    tokens: number | null,
    streamed = false,
  ): Promise<GeneratedEmail> {
    if (!text.trim()) throw new BadGatewayException(NO_EMAIL);
    const email = parseEmail(text, fields.senderName);
    const done = {
      userId: new Types.ObjectId(userId),
      ...fields,
      prompt: emailPrompt(fields),
      ...email,
      status: 'done' as const,
      ...(tokens ? { tokens } : {}),
    };
    // A streamed generation has a pending record from its first words on; any other is written
    // once, here (an insert, the cheaper write).
    if (streamed) await this.generations.updateOne({ _id: id }, { $set: done }, { upsert: true });
    else await this.generations.create({ _id: id, ...done });
    return { ...email, generationId: id.toHexString(), credits: balance };
  }

  /**
   * Starts a generation: the caller's rate limit, then its credit through the ledger, under a
   * new generation id (the debit's reference). The generation is stored when it ends, done or
   * failed; 402 when the balance does not cover it, with nothing written.
   */
  private async charge(caller: AuthContext) {
    const userId = ownerIdOf(caller);
    await this.throttle(userId);
    const id = new Types.ObjectId();
    const { balanceAfter, settled } = await this.credits.startGenerationDebit(
      userId,
      id.toHexString(),
    );
    return { userId, id, balance: balanceAfter, settled };
  }

  /**
   * Gives the generation's credit back through the ledger (once, whoever asks again) and keeps
   * the generation as failed: its inputs when it had none stored yet (a generation is stored
   * when it ends), or the pending record of a separate debit.
   */
  private async refund(userId: string, generationId: Types.ObjectId, fields?: GenerateFields) {
    try {
      const refunded = await this.credits.refundGeneration(userId, generationId.toHexString());
      await this.generations.updateOne(
        { _id: generationId },
        {
          $set: { status: 'failed', refunded: true },
          $setOnInsert: {
            userId: new Types.ObjectId(userId),
            ...(fields ? { ...fields, prompt: emailPrompt(fields) } : {}),
          },
        },
        { upsert: true },
      );
      return refunded;
    } catch (error) {
      this.logger.error(
        `Could not refund generation ${generationId.toHexString()}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
  }

  private async throttle(userId: string): Promise<void> {
    await this.limits.take(userId, this.generationLimits);
  }
}

function toGeneration(row: GenerationData): Generation {
  return {
    _id: row._id.toHexString(),
    recipientName: row.recipientName,
    senderName: row.senderName,
    purpose: row.purpose,
    keyDetails: row.keyDetails,
    tone: row.tone,
    subject: row.subject,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

function secondsSince(started: number): number {
  return (performance.now() - started) / 1000;
}
