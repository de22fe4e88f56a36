/** How many users a window remembers before it forgets those idle for a whole window. */
export const SWEEP_SIZE = 1000;

/**
 * A sliding-window limit per user, in this process: at most `limit` starts in any `windowMs`.
 * Memory stays bounded by the users active in the last window: once the map holds `sweepSize`
 * users, those whose starts are all older than the window are forgotten, and the next sweep
 * waits until twice as many users (so many active users do not make every call a sweep).
 */
export class PerUserWindow {
  /** user id → start times inside the window (oldest first) */
  private readonly starts = new Map<string, number[]>();
  private sweepAt: number;

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly sweepSize = SWEEP_SIZE,
    private readonly now: () => number = Date.now,
  ) {
    this.sweepAt = sweepSize;
  }

  /** Records a start for `userId` and returns true, or returns false (nothing recorded) when the limit is reached. */
  tryStart(userId: string): boolean {
    const now = this.now();
    const inWindow = (at: number) => now - at < this.windowMs;
    const recent = (this.starts.get(userId) ?? []).filter(inWindow);
    if (this.starts.size >= this.sweepAt) {
      for (const [user, times] of this.starts) {
        if (!times.some(inWindow)) this.starts.delete(user);
      }
      this.sweepAt = Math.max(this.sweepSize, this.starts.size * 2);
    }
    if (recent.length >= this.limit) {
      this.starts.set(userId, recent);
      return false;
    }
    recent.push(now);
    this.starts.set(userId, recent);
    return true;
  }

  /** How many users are remembered (for tests and diagnostics). */
  get size(): number {
    return this.starts.size;
  }
}
