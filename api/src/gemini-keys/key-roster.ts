import type { Logger } from '@nestjs/common';
import type { Model } from 'mongoose';
import type { SecretCipher } from '../secrets/secret-cipher';
import type { PickedKey } from './gemini-keys.service';
import type { GeminiKey } from './schemas/gemini-key.schema';

/**
 * How long one API instance picks keys from memory before reading them again. Its own changes
 * (an admin's edit, a key Google refused) apply at once, another instance's once the ChangeFeed
 * tells it (within a second); this bounds the wait if that word never arrives.
 */
const KEY_ROSTER_MS = 5_000;

/** A usable key as the pool holds it between reads. */
interface RosterKey extends PickedKey {
  coolingUntil: number;
  /** When this instance (or, as read, anyone) last used it: the least recent goes first. */
  lastUsedAt: number;
}

/** The usable keys, decrypted, held in memory between reads, and the picking of one. */
export class KeyRoster {
  /** The usable keys, decrypted, read at most every KEY_ROSTER_MS (see pick). */
  private roster: { readAt: number; keys: Promise<RosterKey[]> } | null = null;
  /** Ticks on every change of a key here: a read begun before one is not kept. */
  private version = 0;
  /** The last use stamped on a roster key, so two picks in one millisecond still alternate. */
  private lastStamp = 0;

  constructor(
    private readonly keys: Model<GeminiKey>,
    private readonly cipher: SecretCipher,
    private readonly logger: Logger,
    /** GeminiKeysService.markFailing: a key that cannot be decrypted is passed over. */
    private readonly markFailing: (id: string, message: string) => Promise<void>,
  ) {}

  /** Whether a generation could get a key now: one active, healthy and not cooling down. */
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

  rosterChanged(): void {
    this.version += 1;
    this.roster = null;
  }
}
