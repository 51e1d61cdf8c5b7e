import { describe, expect, it } from 'vitest';
import { applyRate, formatMoney, formatMoneyShort } from './money.ts';

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [4500, '$45.00'],
    [123456, '$1,234.56'],
    [-250, '-$2.50'],
  ])('%i -> %s', (cents, text) => expect(formatMoney(cents)).toBe(text));
});

describe('applyRate (rate in millionths: 7.25% = 72500)', () => {
  it.each([
    // cents, rate, expected (worked by hand)
    [10000, 72500, 725], // $100 x 7.25% = $7.25
    [9000, 47500, 428], // $90 x 4.75% = $4.275 -> $4.28 (half up)
    [9000, 70000, 630], // $90 x 7% = $6.30
    [1, 72500, 0], // 0.0725 cents -> 0
    [4500, 0, 0],
    [20, 25000, 1], // 0.5 cent rounds up
  ])('%i at %i -> %i', (cents, rate, expected) => expect(applyRate(cents, rate)).toBe(expected));
});

describe('formatMoneyShort', () => {
  it('drops the cents of a round figure only', () => {
    expect(formatMoneyShort(10_000)).toBe('$100');
    expect(formatMoneyShort(9_950)).toBe('$99.50');
    expect(formatMoneyShort(0)).toBe('$0');
    expect(formatMoneyShort(123_400)).toBe('$1,234');
    expect(formatMoneyShort(-500)).toBe('-$5');
  });
});
