import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { GeminiKey as GeminiKeyRecord, GeminiKeyUpdateBody } from '@coldmail/contracts';
import { Model, trusted, Types } from 'mongoose';
import { AuditService } from '../audit/audit.service';
import type { AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { GeminiKeyCipher } from './key-cipher';
import { maskApiKey } from './key-mask';
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
 * records what Google said about them. The only place that touches the keys' collection, and the
 * only one that sees a key in clear.
 */
@Injectable()
export class GeminiKeysService {
  private readonly logger = new Logger(GeminiKeysService.name);

  constructor(
    @InjectModel(GeminiKey.name) private readonly keys: Model<GeminiKey>,
    private readonly cipher: GeminiKeyCipher,
    private readonly audit: AuditService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Newest first, as the spec's panel puts a new key at the top. */
  async list(): Promise<GeminiKeyRecord[]> {
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
      await this.audit.record(caller, {
        action: isActive ? 'gemini-key.activate' : 'gemini-key.deactivate',
        target: targetOf(updated),
        before: snapshotOf(before),
        after: snapshotOf(updated),
      });
      return toGeminiKeyRecord(updated, new Date());
    }
  }

  /**
   * For the pool: claims the least recently used key that is active, not failing and not cooling
   * down, leaving out those already tried for this request. Claiming stamps lastUsedAt in the
   * same update, so concurrent requests are spread over the keys rather than all given the same.
   * A key that cannot be decrypted (the data key changed) is marked failing and passed over.
   */
  async pick(exclude: readonly string[]): Promise<PickedKey | null> {
    for (;;) {
      const now = new Date();
      const claimed = await this.keys
        .findOneAndUpdate(
          {
            isActive: true,
            failing: false,
            _id: trusted({ $nin: exclude.map((id) => new Types.ObjectId(id)) }),
            $or: [{ coolingUntil: null }, { coolingUntil: trusted({ $lte: now }) }],
          },
          { $set: { lastUsedAt: now }, $inc: { useCount: 1 } },
          { sort: { lastUsedAt: 1, _id: 1 }, returnDocument: 'after' },
        )
        // Not lean: a document gives the sealed parts as Buffers (lean gives BSON Binary).
        .exec();
      if (!claimed) return null;
      const id = claimed._id.toHexString();
      try {
        return { id, name: claimed.name, apiKey: this.cipher.open(claimed.sealedKey) };
      } catch {
        this.logger.error(
          `Gemini key "${claimed.name}" (${id}) cannot be decrypted: was GEMINI_KEYS_SECRET changed?`,
        );
        await this.markFailing(
          id,
          'The stored key cannot be decrypted with the current GEMINI_KEYS_SECRET; enter it again',
        );
      }
    }
  }

  /** Takes back a claim that was never used (the request stopped before calling Gemini). */
  async unclaim(id: string): Promise<void> {
    await this.keys.updateOne({ _id: new Types.ObjectId(id) }, { $inc: { useCount: -1 } });
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
    await this.keys.updateOne(
      { _id: id },
      {
        $set: { ...state, lastError: message, lastErrorAt: new Date() },
        $inc: { failureCount: 1 },
      },
    );
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
    return true;
  }
}

function isLoopback(url: string): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
}

function targetOf(key: GeminiKeyData) {
  return { kind: 'gemini-key', id: key._id.toHexString(), label: key.name };
}

/** What the audit log keeps of a key: its mask, never the key. */
function snapshotOf(key: GeminiKeyData) {
  return { name: key.name, keyMask: key.keyMask, isActive: key.isActive };
}

function toGeminiKeyRecord(key: GeminiKeyData, now: Date): GeminiKeyRecord {
  const cooling = key.coolingUntil !== null && key.coolingUntil > now;
  return {
    _id: key._id.toHexString(),
    name: key.name,
    key: key.keyMask,
    isActive: key.isActive,
    status: !key.isActive ? 'inactive' : key.failing ? 'failing' : cooling ? 'cooling' : 'active',
    coolingUntil: cooling ? (key.coolingUntil?.toISOString() ?? null) : null,
    lastError: key.lastError,
    lastErrorAt: key.lastErrorAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    useCount: key.useCount,
    failureCount: key.failureCount,
    createdAt: key.createdAt.toISOString(),
    updatedAt: key.updatedAt.toISOString(),
  };
}
