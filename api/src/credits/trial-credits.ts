import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { UserRecord } from '@coldmail/contracts';
import { Model, mongo, Types } from 'mongoose';
import { addressKey } from '../common/throttling';
import { UsageLimitReached } from '../common/usage-limit-reached';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { UsageLimitsService, utcDay, type UsageLimit } from '../limits/usage-limits.service';
import { CreditLedger } from './credit-ledger';
import { TrialGrant } from './schemas/trial-grant.schema';

/** The key an address's grant is kept under: a one-way hash, so a deletion leaves no address. */
function trialKeyOf(email: string): string {
  return createHash('sha256').update(`coldmail-trial:${email.trim().toLowerCase()}`).digest('hex');
}

/** Who signed in, as the trial needs it. */
export interface TrialCandidate {
  record: UserRecord;
  /** The token's address and whether Firebase says its owner proved it. */
  email: string;
  emailVerified: boolean;
  /** The request's client address (Fastify's, behind TRUST_PROXY the forwarded one). */
  clientAddress: string | undefined;
}

/**
 * Trial credits: TRIAL_CREDITS free credits for a member, once per verified address ever (also
 * after the account is deleted) and once per record, at the first sign-in after verification,
 * as a ledger entry of its own (reason 'trial'). The whole site and each network may give only
 * so many a UTC day; a sign-in past a cap gets none then, and the next sign-in tries again.
 *
 * Steps, each safe to repeat: count the grant against both caps; claim the address (a unique
 * document, so two instances signing the same address in at once grant it once; a claim that
 * loses gives its counts back); apply the credits (idempotent per grant); mark the grant credited.
 * A process stopping after the claim leaves an uncredited grant, which the owner's next sign-in
 * finishes.
 */
@Injectable()
export class TrialCredits {
  private readonly logger = new Logger(TrialCredits.name);
  private readonly siteLimit: UsageLimit;
  private readonly networkLimit: UsageLimit;

  constructor(
    @InjectModel(TrialGrant.name) private readonly grants: Model<TrialGrant>,
    private readonly ledger: CreditLedger,
    private readonly limits: UsageLimitsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    const refusal = 'No more trial credits can be given today.';
    this.siteLimit = {
      name: 'trial:site-day',
      limit: config.trialCredits.sitePerDay,
      windowEnd: utcDay,
      refusal,
    };
    this.networkLimit = {
      name: 'trial:network-day',
      limit: config.trialCredits.networkPerDay,
      windowEnd: utcDay,
      refusal,
    };
  }

  /** What a new account gets (0: no trial). */
  get offer(): number {
    return this.config.trialCredits.credits;
  }

  /**
   * The candidate's record with its trial credits added, when this sign-in is the one that earns
   * them; otherwise the record as it was.
   */
  async grantOnce(candidate: TrialCandidate): Promise<UserRecord> {
    const { record } = candidate;
    const credits = this.config.trialCredits.credits;
    if (credits === 0 || !candidate.emailVerified || record.userRole !== 'member') return record;
    const key = trialKeyOf(candidate.email);
    const userId = new Types.ObjectId(record._id);
    const earlier = await this.grants
      .findOne({ $or: [{ _id: key }, { userId }] })
      .lean<TrialGrant>();
    if (earlier) {
      const unfinished = earlier.userId.equals(userId) && !earlier.creditedAt;
      return unfinished ? this.credit(record, earlier) : record;
    }

    const network = addressKey(candidate.clientAddress ?? 'unknown');
    if (!(await this.countAgainstCaps(network))) return record;
    const grant: TrialGrant = { _id: key, userId, credits, grantedAt: new Date() };
    try {
      await this.grants.create(grant);
    } catch (error) {
      // Another sign-in of the address (or of the record) claimed it first.
      if (!(error instanceof mongo.MongoServerError && error.code === 11000)) throw error;
      await this.giveBack(network);
      return record;
    }
    return this.credit(record, grant);
  }

  /** Counts one grant against the site's and the network's caps; false when either is full. */
  private async countAgainstCaps(network: string): Promise<boolean> {
    try {
      await this.limits.take('site', [this.siteLimit]);
    } catch (error) {
      if (error instanceof UsageLimitReached) return this.refused('the site', network);
      throw error;
    }
    try {
      await this.limits.take(network, [this.networkLimit]);
      return true;
    } catch (error) {
      await this.limits.release('site', [this.siteLimit]);
      if (error instanceof UsageLimitReached) return this.refused('the network', network);
      throw error;
    }
  }

  private refused(cap: string, network: string): false {
    this.logger.warn(`No trial credits for a sign-in from ${network}: ${cap}'s daily cap is full`);
    return false;
  }

  private async giveBack(network: string): Promise<void> {
    await this.limits.release('site', [this.siteLimit]);
    await this.limits.release(network, [this.networkLimit]);
  }

  private async credit(record: UserRecord, grant: TrialGrant): Promise<UserRecord> {
    const outcome = await this.ledger.apply({
      user: { userId: record._id },
      reason: 'trial',
      reference: grant._id,
      requestedDelta: grant.credits,
    });
    if (outcome.kind !== 'applied') return record;
    await this.grants.updateOne({ _id: grant._id }, { $set: { creditedAt: new Date() } });
    return { ...record, currentBalance: outcome.entry.balanceAfter };
  }
}
