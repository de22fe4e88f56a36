import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { GeneratedEmail } from '@coldmail/contracts';
import { Model, trusted, Types } from 'mongoose';
import { AuditService } from '../audit/audit.service';
import { ownerIdOf, type AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { ServerTiming } from '../common/server-timing';
import { CreditsService } from '../credits/credits.service';
import { NoGeminiKeyError } from '../gemini-keys/gemini-failures';
import { GeminiPoolService } from '../gemini-keys/gemini-pool.service';
import { rollingWindow, type UsageLimit, UsageLimitsService } from '../limits/usage-limits.service';
import { GENERATION_CONFIG, SYSTEM_INSTRUCTION, emailPrompt } from './email-prompt';
import { GenerationRecords, type GenerateFields } from './generation-records';
import { PromptEnhancer } from './prompt-enhancer';
import { GenerationRecord } from './schemas/generation.schema';
import { SeparateDebits } from './separate-debits';
import { Telemetry } from '../telemetry/telemetry';

/** Abandoned generations looked at per sweep. */
const ABANDONED_BATCH = 500;

/**
 * The email generator on the server: one credit through the ledger before the model is called,
 * given back (once) if anything fails; Gemini through the key pool; every email kept.
 */
@Injectable()
export class GeneratorService implements OnModuleInit {
  private readonly logger = new Logger(GeneratorService.name);
  /** A generation: per user and minute. */
  private readonly generationLimits: UsageLimit[];
  /** The generations kept, and failed ones' credits given back (generation-records.ts). */
  readonly records: GenerationRecords;
  /** Enhance Prompt (prompt-enhancer.ts). */
  readonly enhancer: PromptEnhancer;
  /** The spec's separate debit and its refunds (separate-debits.ts). */
  readonly separateDebits: SeparateDebits;

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
    this.records = new GenerationRecords(generations, credits, this.logger);
    this.enhancer = new PromptEnhancer(gemini, limits, config);
    this.separateDebits = new SeparateDebits(generations, credits, audit, this.records, (userId) =>
      this.throttle(userId),
    );
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
        this.records.complete(userId, id, fields, answer.text, balance, answer.tokens),
        settled,
      ]);
      this.telemetry.generation(secondsSince(started), 'generated', false);
      return email;
    } catch (error) {
      this.telemetry.generation(secondsSince(started), 'failed', false);
      await settled;
      await this.records.refund(userId, id, fields);
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
      return settled.then(() => this.records.refund(userId, id, fields)).then(() => undefined);
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
            this.records.complete(userId, id, fields, text, balance, tokens, true),
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
      if (await this.records.refund(debit.userId, new Types.ObjectId(debit.reference)))
        refunded += 1;
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

  private async throttle(userId: string): Promise<void> {
    await this.limits.take(userId, this.generationLimits);
  }
}

function secondsSince(started: number): number {
  return (performance.now() - started) / 1000;
}
