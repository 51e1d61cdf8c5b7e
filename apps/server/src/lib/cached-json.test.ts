import { describe, expect, it, vi } from 'vitest';
import { JsonCache } from './cached-json.ts';

describe('JsonCache', () => {
  it('keeps at most `max` entries: N + k distinct ids leave N, the least recently used gone', async () => {
    const cache = new JsonCache({ ttlMs: 60_000, max: 100 });
    await cache.get('products', async () => ['shirt']);
    for (let i = 0; i < 150; i++) {
      // A hot key stays; misses (null answers) are entries like any other.
      cache.peek('products');
      await cache.get(`product:missing-${i}`, async () => null);
    }
    expect(cache.size).toBe(100);
    expect(cache.peek('products')?.body).toBe('["shirt"]');
    expect(cache.peek('product:missing-0')).toBeUndefined();
    expect(cache.peek('product:missing-149')?.body).toBe('null');
  });

  it('answers from the entry while it is fresh and produces it again after ttlMs', async () => {
    // The test's clock, not the machine's: lru-cache reads the time from the `performance` object it
    // took on import (fake timers swap the global for another, so its `now` is pointed at the fake
    // Date here) and forgets its cached "now" with a 1 ms timer (faked too).
    const { performance: taken } = globalThis;
    vi.useFakeTimers();
    const now = vi.spyOn(taken, 'now').mockImplementation(() => Date.now());
    try {
      const cache = new JsonCache({ ttlMs: 50, max: 10 });
      const produce = vi.fn(async () => ({ n: produce.mock.calls.length }));
      const first = await cache.get('k', produce);
      expect(await cache.get('k', produce)).toBe(first);
      expect(cache.peek('k')).toBe(first);
      vi.advanceTimersByTime(50);
      expect(cache.peek('k')).toBe(first);
      vi.advanceTimersByTime(1);
      expect(cache.peek('k')).toBeUndefined();
      const second = await cache.get('k', produce);
      expect(second.body).toBe('{"n":2}');
      expect(second.etag).not.toBe(first.etag);
    } finally {
      now.mockRestore();
      vi.useRealTimers();
    }
  });

  it('produces once for concurrent callers, and keeps nothing with a TTL of 0', async () => {
    const cache = new JsonCache({ ttlMs: 2000, max: 10 });
    const produce = vi.fn(async () => 'x');
    const [a, b] = await Promise.all([cache.get('k', produce), cache.get('k', produce)]);
    expect(a).toBe(b);
    expect(produce).toHaveBeenCalledTimes(1);

    const off = new JsonCache({ ttlMs: 0, max: 10 });
    await off.get('k', produce);
    expect(off.peek('k')).toBeUndefined();
    expect(off.size).toBe(0);
  });

  it('forgets a key on delete, and does not keep an answer produced across the delete', async () => {
    const cache = new JsonCache({ ttlMs: 60_000, max: 10 });
    await cache.get('configuration', async () => 'old');
    cache.delete('configuration');
    expect(cache.peek('configuration')).toBeUndefined();

    let release!: () => void;
    const slow = cache.get('configuration', () => new Promise((r) => (release = () => r('old'))));
    cache.delete('configuration');
    release();
    expect((await slow).body).toBe('"old"');
    expect(cache.peek('configuration')).toBeUndefined();
    expect((await cache.get('configuration', async () => 'new')).body).toBe('"new"');
  });
});
