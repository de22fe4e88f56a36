import { ForbiddenException, NotFoundException } from '@nestjs/common';
import type { Model } from 'mongoose';
import { trusted, Types } from 'mongoose';
import type { AuditService } from '../audit/audit.service';
import { ownerIdOf, type AuthContext } from '../auth/auth-context';
import type { CreditsService } from '../credits/credits.service';
import type { GenerationRecords } from './generation-records';
import type { GenerationRecord, GenerationData } from './schemas/generation.schema';

/**
 * The spec's debit apart from its generation: the client takes a credit, then completes the
 * generation or asks for the credit back.
 */
export class SeparateDebits {
  constructor(
    private readonly generations: Model<GenerationRecord>,
    private readonly credits: CreditsService,
    private readonly audit: AuditService,
    private readonly records: GenerationRecords,
    /** The caller's generation rate limit (GeneratorService's). */
    private readonly throttle: (userId: string) => Promise<void>,
  ) {}

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
    const refunded = await this.records.refund(generation.userId.toHexString(), generation._id);
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
    const refunded = latest ? await this.records.refund(userId, latest._id) : null;
    // Two refunds at once find the same debit: the ledger gives it back once, the other gets none.
    if (!latest || !refunded || refunded.alreadyApplied) {
      throw new NotFoundException('No credit to refund');
    }
    return { generationId: latest._id.toHexString(), credits: refunded.balanceAfter };
  }
}
