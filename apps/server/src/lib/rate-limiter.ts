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

  /** Counts a hit; returns the seconds to wait when the key is over `max`, else 0. */
  hit(key: string, max: number): number {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return w.count > max ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  close(): void {
    clearInterval(this.sweep);
  }
}
