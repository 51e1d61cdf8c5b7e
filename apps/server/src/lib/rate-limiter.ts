interface Window {
  count: number;
  resetAt: number;
}

/** Fixed one-minute windows per key, in this process's memory. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly sweep: ReturnType<typeof setInterval>;

  constructor(private readonly windowMs = 60_000) {
    this.sweep = setInterval(() => {
      const now = Date.now();
      for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    }, windowMs);
    this.sweep.unref();
  }

  /** The key's current window; a new one when the last has ended. */
  private window(key: string, now: number): Window {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    return w;
  }

  /** Counts a hit; returns the seconds to wait when the key is over `max`, else 0. */
  hit(key: string, max: number): number {
    const now = Date.now();
    const w = this.window(key, now);
    w.count++;
    return w.count > max ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  /**
   * Counts a hit only while the key is within `max`, and says whether it did. For the fast lane: a
   * request it does not count goes on to the route, whose `hit` refuses it.
   */
  tryHit(key: string, max: number): boolean {
    const w = this.window(key, Date.now());
    if (w.count >= max) return false;
    w.count++;
    return true;
  }

  /** How many of the key's requests in its current window were over `max` (0 when none). */
  over(key: string, max: number): number {
    const w = this.windows.get(key);
    return w && w.resetAt > Date.now() ? Math.max(0, w.count - max) : 0;
  }

  close(): void {
    clearInterval(this.sweep);
  }
}
