import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from './rate-limiter.ts';

describe('RateLimiter', () => {
  const limiters: RateLimiter[] = [];
  const make = () => {
    const limiter = new RateLimiter(60_000);
    limiters.push(limiter);
    return limiter;
  };
  afterEach(() => {
    for (const l of limiters.splice(0)) l.close();
    vi.useRealTimers();
  });

  it('refuses past max with the seconds left in the window, and counts keys apart', () => {
    vi.useFakeTimers({ now: 0 });
    const limiter = make();
    expect([1, 2, 3, 4].map(() => limiter.hit('a', 2))).toEqual([0, 0, 60, 60]);
    expect(limiter.over('a', 2)).toBe(2);
    expect(limiter.hit('b', 2)).toBe(0);
    vi.setSystemTime(45_500);
    expect(limiter.hit('a', 2)).toBe(15);
  });

  it('starts a new window once the last has ended', () => {
    vi.useFakeTimers({ now: 0 });
    const limiter = make();
    limiter.hit('a', 1);
    expect(limiter.hit('a', 1)).toBeGreaterThan(0);
    vi.setSystemTime(60_000);
    expect(limiter.over('a', 1)).toBe(0);
    expect(limiter.hit('a', 1)).toBe(0);
  });

  it('tryHit counts only within the limit, so a refused request is counted once, by hit', () => {
    vi.useFakeTimers({ now: 0 });
    const limiter = make();
    expect([1, 2, 3].map(() => limiter.tryHit('a', 2))).toEqual([true, true, false]);
    expect(limiter.over('a', 2)).toBe(0);
    expect(limiter.hit('a', 2)).toBe(60);
    expect(limiter.over('a', 2)).toBe(1);
  });
});
