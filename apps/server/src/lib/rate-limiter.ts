/** A key's fixed window in the shared store, after some hits were added to it. */
export interface WindowCount {
  key: string;
  count: number;
  /** epoch milliseconds at which the window ends */
  resetAt: number;
}

/**
 * Fixed windows shared by every process (the database's `rate_limits` table, or Redis): the one source
 * of truth for rate limits (docs/decisions/010).
 */
export interface SharedWindows {
  /**
   * Adds `by` hits to each key's window, atomically per key, starting a new window of `windowMs` for a
   * key whose last one has ended; answers each key's count and end, in any order.
   */
  add(
    hits: ReadonlyArray<readonly [key: string, by: number]>,
    windowMs: number,
  ): Promise<WindowCount[]>;
  /**
   * Deletes windows that ended by `endedBy` (epoch ms, default now); a no-op where the store expires
   * them itself.
   */
  sweep(endedBy?: number): Promise<void>;
  close(): Promise<void>;
}

interface LocalWindow {
  /** The shared count when this process last heard it. */
  shared: number;
  /** Hits this process counted since, not yet added to the shared window. */
  pending: number;
  resetAt: number;
  /** When this process last counted a hit for the key (epoch ms). */
  lastHit: number;
}

/** Idle keys are refreshed from the shared window this long after their last hit here. */
const REFRESH_IDLE_MS = 5_000;

/**
 * The fast lane's view of the global limit (lib/fast-lane.ts answers before Fastify and cannot wait for
 * a database): it counts a client's hits in memory, lets the lane answer while the client's last known
 * shared count plus its own unsent hits stays within the limit, and adds those hits to the shared
 * window in one batched write every `syncMs`. A request the lane steps aside for goes to Fastify, whose
 * rate-limit hook counts it in the shared store exactly, together with this process's unsent hits for
 * the client (`take`), and tells the lane the new count (`observe`).
 *
 * So the lane's answers are counted in the same shared window as every other API request; between two
 * syncs, each process may answer a client up to what it believed was left, which bounds the overshoot
 * by the hits of one sync interval.
 */
export class LaneLimiter {
  private readonly windows = new Map<string, LocalWindow>();
  private readonly timer: ReturnType<typeof setInterval>;
  private syncing: Promise<void> = Promise.resolve();
  /** Told when a batched write fails (its hits are kept for the next sync). */
  onError: (err: unknown) => void = () => {};

  constructor(
    private readonly shared: SharedWindows,
    private readonly max: number,
    private readonly windowMs = 60_000,
    syncMs = 250,
  ) {
    this.timer = setInterval(() => void this.sync(), syncMs);
    this.timer.unref();
  }

  /**
   * Counts a hit only while the key is within the limit as far as this process knows, and says whether
   * it did. A request it does not count goes on to Fastify, which counts it in the shared window.
   */
  tryHit(key: string): boolean {
    const w = this.window(key);
    if (w.shared + w.pending >= this.max) return false;
    w.pending++;
    w.lastHit = Date.now();
    return true;
  }

  /**
   * Counts a hit whatever the count, and answers the key's count as this process knows it (the shared
   * count it last heard plus its own unsent hits) and when its window ends. No I/O: the hit reaches the
   * shared window with the next sync.
   */
  hit(key: string): { count: number; resetAt: number } {
    const w = this.window(key);
    w.pending++;
    w.lastHit = Date.now();
    return { count: w.shared + w.pending, resetAt: w.resetAt };
  }

  private window(key: string): LocalWindow {
    const now = Date.now();
    let w = this.windows.get(key);
    if (w === undefined) {
      w = { shared: 0, pending: 0, resetAt: now + this.windowMs, lastHit: now };
      this.windows.set(key, w);
    } else if (w.resetAt <= now) {
      w.shared = 0;
      w.resetAt = now + this.windowMs;
    }
    return w;
  }

  /** Hands over the key's unsent hits (to the route's write into the shared window). */
  take(key: string): number {
    const w = this.windows.get(key);
    if (w === undefined || w.pending === 0) return 0;
    const pending = w.pending;
    w.pending = 0;
    return pending;
  }

  /** Gives hits back after a write that failed, so that the next sync carries them. */
  giveBack(key: string, hits: number): void {
    const w = this.windows.get(key);
    if (w !== undefined) w.pending += hits;
  }

  /** What the shared store answered for the key. */
  observe(key: string, count: number, resetAt: number): void {
    const w = this.windows.get(key);
    if (w === undefined) this.windows.set(key, { shared: count, pending: 0, resetAt, lastHit: 0 });
    else {
      w.shared = count;
      w.resetAt = resetAt;
    }
  }

  /** Adds every unsent hit to the shared windows in one write, and forgets windows that have ended. */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(() => this.flush());
    return this.syncing;
  }

  /**
   * Adds every unsent hit to the shared windows in one write, and asks the count of the windows of keys
   * seen here in the last few seconds (adding 0), so this process learns what the others counted while
   * the client is active; forgets windows that have ended.
   */
  private async flush(): Promise<void> {
    const now = Date.now();
    const hits: Array<[string, number]> = [];
    for (const [key, w] of this.windows) {
      if (w.pending === 0) {
        if (w.resetAt <= now) this.windows.delete(key);
        if (w.resetAt <= now || now - w.lastHit > REFRESH_IDLE_MS) continue;
      }
      hits.push([key, w.pending]);
      w.pending = 0;
    }
    if (hits.length === 0) return;
    try {
      for (const { key, count, resetAt } of await this.shared.add(hits, this.windowMs)) {
        this.observe(key, count, resetAt);
      }
    } catch (err) {
      for (const [key, by] of hits) if (by > 0) this.giveBack(key, by);
      this.onError(err);
    }
  }

  /** Stops the timer and sends the last unsent hits. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
  }
}
