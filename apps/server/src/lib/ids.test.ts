/** Ids, order numbers and tokens (ids.ts): their shapes, and no repeats across refills of the pool. */
import { describe, expect, it } from 'vitest';
import { newId, newOrderNumber, normalizeOrderNumber, randomToken } from './ids.ts';

describe('ids', () => {
  it('makes prefixed, time-ordered ids, none repeated over several refills of the pool', () => {
    const ids = Array.from({ length: 2000 }, () => newId('ord')); // 20 KB of randomness: 5 pools
    for (const id of ids) expect(id).toMatch(/^ord_[0-9a-z]{9}[0-9a-f]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(-20))).size).toBe(ids.length);
  });

  it('makes order numbers of 10 Crockford characters and tokens of the bytes asked', () => {
    const numbers = Array.from({ length: 1000 }, () => newOrderNumber());
    for (const n of numbers) {
      expect(n).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
      expect(normalizeOrderNumber(n)).toBe(n);
    }
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(randomToken()).toMatch(/^[\w-]{32}$/);
    expect(randomToken(16)).toMatch(/^[\w-]{22}$/);
    // Larger than the pool: straight from the CSPRNG.
    expect(Buffer.from(randomToken(5000), 'base64url')).toHaveLength(5000);
  });
});
