import { BadGatewayException, type Logger, NotFoundException } from '@nestjs/common';
import type {
  ExportedGeneration,
  GeneratedEmail,
  Generation,
  generateEmailBodySchema,
} from '@coldmail/contracts';
import type { Model } from 'mongoose';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { ownerIdOf, type AuthContext } from '../auth/auth-context';
import type { CreditsService } from '../credits/credits.service';
import { emailPrompt, parseEmail } from './email-prompt';
import type { GenerationRecord, GenerationData } from './schemas/generation.schema';

export type GenerateFields = z.output<typeof generateEmailBodySchema>;

const HISTORY_SIZE = 50;
const NO_EMAIL = 'No email was generated from the API response';

/**
 * The generations kept: a user's history of emails, each written once when it ends, and the
 * credit of one that failed given back.
 */
export class GenerationRecords {
  constructor(
    private readonly generations: Model<GenerationRecord>,
    private readonly credits: CreditsService,
    private readonly logger: Logger,
  ) {}

  async history(caller: AuthContext): Promise<Generation[]> {
    const userId = ownerIdOf(caller);
    const rows = await this.generations
      .find({ userId: new Types.ObjectId(userId), status: 'done' })
      .sort({ createdAt: -1, _id: -1 })
      .limit(HISTORY_SIZE)
      .lean<GenerationData[]>();
    return rows.map(toGeneration);
  }

  /** Every generation the user has, whatever its status, newest first (their data export). */
  async allOf(userId: string): Promise<ExportedGeneration[]> {
    const rows = await this.generations
      .find({ userId: new Types.ObjectId(userId) })
      .sort({ createdAt: -1, _id: -1 })
      .lean<GenerationData[]>();
    return rows.map((row) => ({ ...toGeneration(row), status: row.status }));
  }

  /** A user deleted their account: their generations go. */
  async removeAllOf(userId: string): Promise<void> {
    await this.generations.deleteMany({ userId: new Types.ObjectId(userId) });
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
  async complete(
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
   * Gives the generation's credit back through the ledger (once, whoever asks again) and keeps
   * the generation as failed: its inputs when it had none stored yet (a generation is stored
   * when it ends), or the pending record of a separate debit.
   */
  async refund(userId: string, generationId: Types.ObjectId, fields?: GenerateFields) {
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
