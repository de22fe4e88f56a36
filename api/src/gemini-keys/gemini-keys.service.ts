import {
  Injectable,
  Logger,
  NotFoundException,
  type OnModuleDestroy,
  type OnModuleInit,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { GeminiKey as GeminiKeyRecord, GeminiKeyUpdateBody } from '@coldmail/contracts';
import { Model, Types } from 'mongoose';
import { AuditService } from '../audit/audit.service';
import { ChangeFeed } from '../database/change-feed';
import type { AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { SecretCipher } from '../secrets/secret-cipher';
import { maskApiKey } from './key-mask';
import { resealStaleKeys } from './key-reseal';
import { snapshotOf, targetOf, toGeminiKeyRecord } from './key-records';
import { KeyRoster } from './key-roster';
import { KeyUses } from './key-uses';
import { GeminiFailureDay } from './schemas/gemini-failure-day.schema';
import { GeminiKey, type GeminiKeyData } from './schemas/gemini-key.schema';

const NOT_FOUND = 'API key not found';

/** The name and key of the development key added for the local Gemini double. */
export const LOCAL_DOUBLE_KEY_NAME = 'Local Gemini double';
// Any key works with the double, except its failure prefixes (bad-, quota-, slow-, empty-, fail-).
const LOCAL_DOUBLE_KEY = 'coldmail-local-gemini-double-key';

/** A key the pool picked for one call, decrypted; never leaves the server. */
export interface PickedKey {
  id: string;
  name: string;
  apiKey: string;
}

/** The health fields a new key value or a re-activation starts afresh. */
const freshHealth = { failing: false, coolingUntil: null, lastError: null, lastErrorAt: null };

/**
 * The key pool's store: admins add, edit, switch and delete keys; the pool picks keys and
 * records what Google said about them. The only place (with the parts composed into it below)
 * that touches the keys' collection, and the only one that sees a key in clear.
 */
@Injectable()
export class GeminiKeysService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(GeminiKeysService.name);
  /** The usable keys held in memory, and picking one (key-roster.ts). */
  readonly roster: KeyRoster;
  /** The keys' uses, written together (key-uses.ts). */
  readonly keyUses: KeyUses;

  constructor(
    @InjectModel(GeminiKey.name) private readonly keys: Model<GeminiKey>,
    @InjectModel(GeminiFailureDay.name) private readonly failureDays: Model<GeminiFailureDay>,
    private readonly cipher: SecretCipher,
    private readonly audit: AuditService,
    @InjectConfig() private readonly config: AppConfig,
    private readonly feed: ChangeFeed,
  ) {
    this.roster = new KeyRoster(keys, cipher, this.logger, (id, message) =>
      this.markFailing(id, message),
    );
    this.keyUses = new KeyUses(keys, this.logger);
    feed.subscribe('gemini-keys', () => this.roster.rosterChanged());
  }

  /** Keys sealed with an older data key are sealed again with the current one (key-reseal.ts). */
  async onModuleInit(): Promise<void> {
    await resealStaleKeys(this.keys, this.cipher, this.logger);
  }

  /** Newest first, as the spec's panel puts a new key at the top. */
  async list(): Promise<GeminiKeyRecord[]> {
    // Uses being written, and those noted since, are in the answer.
    await this.keyUses.allUsesWritten();
    const keys = await this.keys.find().sort({ createdAt: -1, _id: -1 }).lean<GeminiKeyData[]>();
    const now = new Date();
    return keys.map((key) => toGeminiKeyRecord(key, now));
  }

  async create(
    caller: AuthContext,
    body: { name: string; key: string; isActive: boolean },
  ): Promise<GeminiKeyRecord> {
    const created = await this.keys.create({
      name: body.name,
      sealedKey: this.cipher.seal(body.key),
      keyMask: maskApiKey(body.key),
      isActive: body.isActive,
    });
    const saved = created.toObject<GeminiKeyData>();
    this.changed();
    await this.audit.record(caller, {
      action: 'gemini-key.create',
      target: targetOf(saved),
      after: snapshotOf(saved),
    });
    return toGeminiKeyRecord(saved, new Date());
  }

  /**
   * Saves the whole record. A key that is empty or still the mask keeps the stored key; a new key,
   * or switching the key back on, starts its health afresh.
   */
  async update(
    caller: AuthContext,
    id: string,
    body: GeminiKeyUpdateBody,
  ): Promise<GeminiKeyRecord> {
    const before = await this.keys.findById(id).lean<GeminiKeyData>();
    if (!before) throw new NotFoundException(NOT_FOUND);
    const newKey = body.key !== '' && body.key !== before.keyMask ? body.key : null;
    const reactivated = body.isActive && !before.isActive;
    const updated = await this.keys
      .findByIdAndUpdate(
        id,
        {
          $set: {
            name: body.name,
            isActive: body.isActive,
            ...(newKey ? { sealedKey: this.cipher.seal(newKey), keyMask: maskApiKey(newKey) } : {}),
            ...(newKey || reactivated ? freshHealth : {}),
          },
        },
        { returnDocument: 'after', runValidators: true },
      )
      .lean<GeminiKeyData>();
    if (!updated) throw new NotFoundException(NOT_FOUND);
    this.changed();
    await this.audit.record(caller, {
      action: 'gemini-key.update',
      target: targetOf(updated),
      before: snapshotOf(before),
      after: { ...snapshotOf(updated), keyReplaced: newKey !== null },
    });
    return toGeminiKeyRecord(updated, new Date());
  }

  async delete(caller: AuthContext, id: string): Promise<void> {
    const deleted = await this.keys.findByIdAndDelete(id).lean<GeminiKeyData>();
    if (!deleted) throw new NotFoundException(NOT_FOUND);
    this.changed();
    await this.audit.record(caller, {
      action: 'gemini-key.delete',
      target: targetOf(deleted),
      before: snapshotOf(deleted),
    });
  }

  /**
   * Switches a key on or off; switching it on starts its health afresh (the admin says "try it
   * again"). The update is guarded by the state it read, so two admins toggling at the same time
   * flip it twice rather than once.
   */
  async toggle(caller: AuthContext, id: string): Promise<GeminiKeyRecord> {
    for (;;) {
      const before = await this.keys.findById(id).lean<GeminiKeyData>();
      if (!before) throw new NotFoundException(NOT_FOUND);
      const isActive = !before.isActive;
      const updated = await this.keys
        .findOneAndUpdate(
          { _id: before._id, isActive: before.isActive },
          { $set: { isActive, ...(isActive ? freshHealth : {}) } },
          { returnDocument: 'after' },
        )
        .lean<GeminiKeyData>();
      if (!updated) continue;
      this.changed();
      await this.audit.record(caller, {
        action: isActive ? 'gemini-key.activate' : 'gemini-key.deactivate',
        target: targetOf(updated),
        before: snapshotOf(before),
        after: snapshotOf(updated),
      });
      return toGeminiKeyRecord(updated, new Date());
    }
  }

  /** One key, whatever its state (an admin may test a switched-off or failing one), opened. */
  async opened(id: string): Promise<PickedKey> {
    const key = await this.keys.findById(id).exec();
    if (!key) throw new NotFoundException('API key not found');
    try {
      return { id, name: key.name, apiKey: this.cipher.open(key.sealedKey) };
    } catch {
      throw new UnprocessableEntityException(
        'The stored key cannot be decrypted with the current GEMINI_KEYS_SECRET; enter it again',
      );
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.keyUses.allUsesWritten();
  }

  /**
   * The keys changed outside this service (a test that edits the collection directly calls
   * this): the next pick reads them again.
   */
  forgetRoster(): void {
    this.changed();
  }

  /** A key changed here: the next pick reads the keys again, here and on the other instances. */
  private changed(): void {
    this.roster.rosterChanged();
    void this.feed.publish('gemini-keys');
  }

  /** Google refused the key itself: skipped until an admin edits or re-activates it. */
  async markFailing(id: string, message: string): Promise<void> {
    await this.recordFailure(id, message, { failing: true });
  }

  /** Rate-limited: skipped until `until`. */
  async coolDown(id: string, until: Date, message: string): Promise<void> {
    await this.recordFailure(id, message, { coolingUntil: until });
  }

  /** Any failed call: counted, and its message shown on the admin's panel. */
  async recordFailure(id: string, message: string, state: Partial<GeminiKey> = {}): Promise<void> {
    const now = new Date();
    await Promise.all([
      this.keys.updateOne(
        { _id: id },
        {
          $set: { ...state, lastError: message, lastErrorAt: now },
          $inc: { failureCount: 1 },
        },
      ),
      // The day's count for the statistics (an upsert: the first failure of the day makes it).
      this.failureDays.updateOne(
        { day: now.toISOString().slice(0, 10), keyId: new Types.ObjectId(id) },
        { $inc: { failures: 1 } },
        { upsert: true },
      ),
    ]);
    if (Object.keys(state).length > 0) this.changed();
  }

  /**
   * Development only (the dev seed calls it): when Gemini is the local double and no key exists
   * yet, adds one, so the generator works on a fresh checkout. True when it added the key.
   */
  async addLocalDoubleKey(): Promise<boolean> {
    const { apiBase } = this.config.gemini;
    if (!apiBase || !isLoopback(apiBase)) return false;
    if ((await this.keys.estimatedDocumentCount()) > 0) return false;
    await this.keys.create({
      name: LOCAL_DOUBLE_KEY_NAME,
      sealedKey: this.cipher.seal(LOCAL_DOUBLE_KEY),
      keyMask: maskApiKey(LOCAL_DOUBLE_KEY),
      isActive: true,
    });
    this.changed();
    return true;
  }
}

function isLoopback(url: string): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
}
