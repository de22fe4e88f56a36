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
import { Model, trusted, Types } from 'mongoose';
import { AuditService } from '../audit/audit.service';
import { ChangeFeed } from '../database/change-feed';
import type { AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { SecretCipher } from '../secrets/secret-cipher';
import { maskApiKey } from './key-mask';
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

/**
 * How long one API instance picks keys from memory before reading them again. Its own changes
 * (an admin's edit, a key Google refused) apply at once, another instance's once the ChangeFeed
 * tells it (within a second); this bounds the wait if that word never arrives.
 */
const KEY_ROSTER_MS = 5_000;
/** How long a key's use may wait to be written (its count and last use on the panel). */
const USE_FLUSH_MS = 1_000;

/** A usable key as the pool holds it between reads. */
interface RosterKey extends PickedKey {
  coolingUntil: number;
  /** When this instance (or, as read, anyone) last used it: the least recent goes first. */
  lastUsedAt: number;
}

/** The health fields a new key value or a re-activation starts afresh. */
const freshHealth = { failing: false, coolingUntil: null, lastError: null, lastErrorAt: null };

/**
 * The key pool's store: admins add, edit, switch and delete keys; the pool picks keys and
 * records what Google said about them. The only place that touches the keys' collection, and the
 * only one that sees a key in clear.
 */
@Injectable()
export class GeminiKeysService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(GeminiKeysService.name);
  /** The usable keys, decrypted, read at most every KEY_ROSTER_MS (see pick). */
  private roster: { readAt: number; keys: Promise<RosterKey[]> } | null = null;
  /** Ticks on every change of a key here: a read begun before one is not kept. */
  private version = 0;
  /** The last use stamped on a roster key, so two picks in one millisecond still alternate. */
  private lastStamp = 0;
  /** Uses not written yet, by key id (see noteUse). */
  private readonly uses = new Map<string, { count: number; at: Date; tokens: number }>();
  private flushing: NodeJS.Timeout | null = null;
  /** The last timed write of uses (awaited on shutdown). */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    @InjectModel(GeminiKey.name) private readonly keys: Model<GeminiKey>,
    @InjectModel(GeminiFailureDay.name) private readonly failureDays: Model<GeminiFailureDay>,
    private readonly cipher: SecretCipher,
    private readonly audit: AuditService,
    @InjectConfig() private readonly config: AppConfig,
    private readonly feed: ChangeFeed,
  ) {
    feed.subscribe('gemini-keys', () => this.rosterChanged());
  }

  /**
   * After a rotation of the data key (GEMINI_KEYS_SECRET_VERSION), keys sealed with an older one
   * are sealed again with the current one, so the old key can then be dropped. A key is only
   * replaced if it is still the one read (another instance may be doing the same).
   */
  async onModuleInit(): Promise<void> {
    const stale = await this.keys
      .find({ 'sealedKey.keyVersion': trusted({ $ne: this.cipher.keyVersion }) })
      .select({ sealedKey: 1 })
      .lean<Pick<GeminiKeyData, '_id' | 'sealedKey'>[]>();
    for (const key of stale) {
      const resealed = this.cipher.seal(this.cipher.open(key.sealedKey));
      await this.keys.updateOne(
        { _id: key._id, 'sealedKey.iv': key.sealedKey.iv },
        { $set: { sealedKey: resealed } },
        { timestamps: false },
      );
    }
    if (stale.length > 0) {
      this.logger.log(
        `${stale.length} Gemini key(s) sealed again with data key version ${this.cipher.keyVersion}`,
      );
    }
  }

  /** Newest first, as the spec's panel puts a new key at the top. */
  async list(): Promise<GeminiKeyRecord[]> {
    // Uses being written, and those noted since, are in the answer.
    await this.allUsesWritten();
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

  /** Whether a generation could get a key now: one active, healthy and not cooling down. */
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

  async hasUsableKey(): Promise<boolean> {
    const now = Date.now();
    return (await this.usableKeys(now)).some((key) => key.coolingUntil <= now);
  }

  /**
   * For the pool: the least recently used key that is active, not failing and not cooling down,
   * leaving out those already tried for this request; null when there is none. Picked from
   * memory (the roster, read again every KEY_ROSTER_MS and after every change made here), so a
   * generation does not wait on a database write to choose its key; concurrent requests are
   * spread over the keys by the use each pick stamps on the roster. The caller notes the use
   * when it calls Google (noteUse). A key that cannot be decrypted (the data key changed) is
   * marked failing and passed over.
   */
  async pick(exclude: readonly string[]): Promise<PickedKey | null> {
    const now = Date.now();
    let picked: RosterKey | null = null;
    for (const key of await this.usableKeys(now)) {
      if (exclude.includes(key.id) || key.coolingUntil > now) continue;
      if (!picked || key.lastUsedAt < picked.lastUsedAt) picked = key;
    }
    if (!picked) return null;
    this.lastStamp = Math.max(now, this.lastStamp + 1);
    picked.lastUsedAt = this.lastStamp;
    return { id: picked.id, name: picked.name, apiKey: picked.apiKey };
  }

  /**
   * A picked key is being called: counted and stamped for the admin's panel. Uses are written
   * together, within USE_FLUSH_MS, off the generations' path; the panel's list writes them first,
   * and so does shutting down.
   */
  noteUse(id: string): void {
    const use = this.uses.get(id) ?? { count: 0, at: new Date(0), tokens: 0 };
    use.count += 1;
    use.at = new Date();
    this.uses.set(id, use);
    this.scheduleWrite();
  }

  /** The tokens a call with the key used (Gemini's usage metadata), written with its uses. */
  noteTokens(id: string, tokens: number): void {
    const use = this.uses.get(id) ?? { count: 0, at: new Date(0), tokens: 0 };
    use.tokens += tokens;
    this.uses.set(id, use);
    this.scheduleWrite();
  }

  private scheduleWrite(): void {
    this.flushing ??= setTimeout(() => {
      this.writing = this.writeUses();
    }, USE_FLUSH_MS);
    this.flushing.unref();
  }

  async onModuleDestroy(): Promise<void> {
    await this.allUsesWritten();
  }

  /** Waits for a timed write under way, then writes the uses noted since. */
  private async allUsesWritten(): Promise<void> {
    await this.writing;
    await this.writeUses();
  }

  /** Writes the uses noted so far; failures are logged, and those uses are noted again. */
  private async writeUses(): Promise<void> {
    if (this.flushing) clearTimeout(this.flushing);
    this.flushing = null;
    const uses = [...this.uses];
    this.uses.clear();
    await Promise.all(
      uses.map(([id, { count, at, tokens }]) =>
        this.keys
          .updateOne(
            { _id: new Types.ObjectId(id) },
            { $max: { lastUsedAt: at }, $inc: { useCount: count, tokenCount: tokens } },
          )
          .catch((error: unknown) => {
            this.logger.warn(
              `Uses of Gemini key ${id} not written yet: ${error instanceof Error ? error.message : String(error)}`,
            );
            const again = this.uses.get(id) ?? { count: 0, at, tokens: 0 };
            this.uses.set(id, {
              count: again.count + count,
              at: again.at > at ? again.at : at,
              tokens: again.tokens + tokens,
            });
          }),
      ),
    );
  }

  private usableKeys(now: number): Promise<RosterKey[]> {
    if (this.roster && now - this.roster.readAt < KEY_ROSTER_MS) return this.roster.keys;
    const version = this.version;
    const keys = this.readRoster();
    const roster = { readAt: now, keys };
    this.roster = roster;
    keys.then(
      // A change made while reading: the next pick reads again.
      () => version !== this.version && this.roster === roster && (this.roster = null),
      () => this.roster === roster && (this.roster = null),
    );
    return keys;
  }

  private async readRoster(): Promise<RosterKey[]> {
    const found = await this.keys
      .find({ isActive: true, failing: false })
      .sort({ lastUsedAt: 1, _id: 1 })
      // Not lean: a document gives the sealed parts as Buffers (lean gives BSON Binary).
      .exec();
    const roster: RosterKey[] = [];
    for (const key of found) {
      const id = key._id.toHexString();
      try {
        roster.push({
          id,
          name: key.name,
          apiKey: this.cipher.open(key.sealedKey),
          coolingUntil: key.coolingUntil?.getTime() ?? 0,
          lastUsedAt: key.lastUsedAt?.getTime() ?? 0,
        });
      } catch {
        this.logger.error(
          `Gemini key "${key.name}" (${id}) cannot be decrypted: was GEMINI_KEYS_SECRET changed?`,
        );
        await this.markFailing(
          id,
          'The stored key cannot be decrypted with the current GEMINI_KEYS_SECRET; enter it again',
        );
      }
    }
    return roster;
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
    this.rosterChanged();
    void this.feed.publish('gemini-keys');
  }

  private rosterChanged(): void {
    this.version += 1;
    this.roster = null;
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
    tokenCount: key.tokenCount ?? 0,
    failureCount: key.failureCount,
    createdAt: key.createdAt.toISOString(),
    updatedAt: key.updatedAt.toISOString(),
  };
}
