import { afterEach, describe, expect, it, vi } from 'vitest';
import { LaneLimiter, type SharedWindows, type WindowCount } from './rate-limiter.ts';

/** Shared windows in memory, recording each write (what a second process would see). */
function memoryWindows() {
  const rows = new Map<string, { count: number; resetAt: number }>();
  const writes: Array<Array<readonly [string, number]>> = [];
  let failing = false;
  const windows: SharedWindows = {
    async add(hits, windowMs) {
      if (failing) throw new Error('store down');
      writes.push([...hits]);
      const now = Date.now();
      return hits.map(([key, by]): WindowCount => {
        let row = rows.get(key);
        if (!row || row.resetAt <= now)
          rows.set(key, (row = { count: 0, resetAt: now + windowMs }));
        row.count += by;
        return { key, ...row };
      });
    },
    sweep: async () => {},
    close: async () => {},
  };
  return { windows, rows, writes, fail: (on: boolean) => (failing = on) };
}

describe('LaneLimiter', () => {
  const limiters: LaneLimiter[] = [];
  const make = (windows: SharedWindows, max: number) => {
    const limiter = new LaneLimiter(windows, max, 60_000, 60_000);
    limiters.push(limiter);
    return limiter;
  };
  afterEach(async () => {
    for (const l of limiters.splice(0)) await l.close();
    vi.useRealTimers();
  });

  it('answers within the limit, then adds its hits to the shared window in one batched write', async () => {
    const store = memoryWindows();
    const lane = make(store.windows, 3);
    expect([1, 2, 3, 4].map(() => lane.tryHit('a'))).toEqual([true, true, true, false]);
    expect(lane.tryHit('b')).toBe(true);
    expect(store.writes).toEqual([]);
    await lane.sync();
    expect(store.writes).toEqual([
      [
        ['a', 3],
        ['b', 1],
      ],
    ]);
    expect(store.rows.get('a')?.count).toBe(3);
    // Nothing new: the keys active in the last seconds are only asked their count (0 added), so this
    // process hears what others counted; the counts do not move.
    await lane.sync();
    expect(store.writes.at(-1)).toEqual([
      ['a', 0],
      ['b', 0],
    ]);
    expect(store.rows.get('a')?.count).toBe(3);
  });

  it('stops asking about a key idle for a while', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-05-01T10:00:00Z') });
    try {
      const store = memoryWindows();
      const lane = make(store.windows, 3);
      lane.hit('a');
      await lane.sync();
      vi.setSystemTime(Date.parse('2026-05-01T10:00:06Z'));
      const writes = store.writes.length;
      await lane.sync();
      expect(store.writes).toHaveLength(writes);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts every hit for a route and answers the count this process knows', async () => {
    const store = memoryWindows();
    const lane = make(store.windows, Number.POSITIVE_INFINITY);
    expect([1, 2, 3].map(() => lane.hit('a').count)).toEqual([1, 2, 3]);
    await store.windows.add([['a', 10]], 60_000); // other processes
    await lane.sync();
    expect(lane.hit('a').count).toBe(14);
  });

  it('steps aside once the shared window (other processes’ hits) reaches the limit', async () => {
    const store = memoryWindows();
    const lane = make(store.windows, 5);
    expect(lane.tryHit('a')).toBe(true);
    // Another process counted four for the same client.
    await store.windows.add([['a', 4]], 60_000);
    await lane.sync();
    expect(store.rows.get('a')?.count).toBe(5);
    expect(lane.tryHit('a')).toBe(false);
  });

  it('hands its unsent hits to the route’s write, and takes the count the route saw', async () => {
    const store = memoryWindows();
    const lane = make(store.windows, 3);
    lane.tryHit('a');
    lane.tryHit('a');
    expect(lane.take('a')).toBe(2);
    expect(lane.take('a')).toBe(0);
    lane.observe('a', 3, Date.now() + 60_000);
    expect(lane.tryHit('a')).toBe(false);
  });

  it('keeps the hits of a failed write for the next sync, and reports the failure', async () => {
    const store = memoryWindows();
    const lane = make(store.windows, 10);
    const errors: unknown[] = [];
    lane.onError = (err) => errors.push(err);
    lane.tryHit('a');
    store.fail(true);
    await lane.sync();
    expect(errors).toHaveLength(1);
    store.fail(false);
    lane.tryHit('a');
    await lane.sync();
    expect(store.rows.get('a')?.count).toBe(2);
  });

  it('starts a new local window once the last has ended, and forgets idle ended windows', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    const store = memoryWindows();
    const lane = make(store.windows, 1);
    expect(lane.tryHit('a')).toBe(true);
    await lane.sync();
    expect(lane.tryHit('a')).toBe(false);
    vi.setSystemTime(60_000);
    expect(lane.tryHit('a')).toBe(true);
    await lane.sync();
    expect(store.rows.get('a')?.count).toBe(1);
    vi.setSystemTime(120_000);
    await lane.sync();
    expect(lane.take('a')).toBe(0);
  });
});
