import { describe, expect, it } from 'vitest';
import { checkJobName, defineJob, retryDelayMs } from './job-definitions.ts';

const backoff = { firstMs: 1000, maxMs: 10_000 };

describe('retryDelayMs', () => {
  it.each([
    // attempt, random, delay
    [1, 0, 1000],
    [1, 0.5, 1500],
    [1, 0.999, 1999],
    [2, 0, 2000],
    [3, 0.25, 5000],
    [4, 0, 8000],
    [4, 0.5, 10_000], // 12 s capped
    [40, 0, 10_000], // no overflow far out
  ])('after run %i with random %f waits %i ms', (attempt, random, delay) => {
    expect(retryDelayMs(attempt, backoff, () => random)).toBe(delay);
  });

  it('never waits less than the base nor more than the cap', () => {
    for (let attempt = 1; attempt <= 12; attempt++) {
      for (const random of [0, 0.3, 0.7, 0.9999]) {
        const delay = retryDelayMs(attempt, backoff, () => random);
        expect(delay).toBeGreaterThanOrEqual(Math.min(10_000, 1000 * 2 ** (attempt - 1)));
        expect(delay).toBeLessThanOrEqual(10_000);
      }
    }
  });
});

describe('defineJob', () => {
  const handler = async () => {};

  it('fills the defaults', () => {
    expect(defineJob('email.deliver', handler)).toMatchObject({
      name: 'email.deliver',
      maxAttempts: 5,
      backoff: { firstMs: 1000, maxMs: 900_000 },
      timeoutMs: 60_000,
      concurrency: 1,
    });
  });

  it.each([
    [{ maxAttempts: 0 }, 'maxAttempts'],
    [{ concurrency: 1.5 }, 'concurrency'],
    [{ timeoutMs: -1 }, 'timeoutMs'],
    [{ backoff: { firstMs: 2000, maxMs: 1000 } }, 'backoff.maxMs'],
  ])('refuses %o', (options, what) => {
    expect(() => defineJob('a', handler, options)).toThrow(what);
  });

  it.each(['Email', 'a b', 'a..b', '-a', 'a-', '', 'x'.repeat(101), 'a:b'])(
    'refuses the name %j',
    (name) => expect(() => checkJobName(name)).toThrow('Job name'),
  );
});
