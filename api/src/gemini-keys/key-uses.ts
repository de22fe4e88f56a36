import type { Logger } from '@nestjs/common';
import type { Model } from 'mongoose';
import { Types } from 'mongoose';
import type { GeminiKey } from './schemas/gemini-key.schema';

/** How long a key's use may wait to be written (its count and last use on the panel). */
const USE_FLUSH_MS = 1_000;

/**
 * The keys' uses (count, last use, tokens) noted in memory and written together, off the
 * generations' path.
 */
export class KeyUses {
  /** Uses not written yet, by key id (see noteUse). */
  private readonly uses = new Map<string, { count: number; at: Date; tokens: number }>();
  private flushing: NodeJS.Timeout | null = null;
  /** The last timed write of uses (awaited on shutdown). */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly keys: Model<GeminiKey>,
    private readonly logger: Logger,
  ) {}

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

  /** Waits for a timed write under way, then writes the uses noted since. */
  async allUsesWritten(): Promise<void> {
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
}
