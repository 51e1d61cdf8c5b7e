import { describe, expect, it } from 'vitest';
import { freeShippingProgress } from './free-shipping.ts';

describe('freeShippingProgress', () => {
  it.each([
    [0, 10_000, { remaining: 10_000, ratio: 0, reached: false }],
    [4_500, 10_000, { remaining: 5_500, ratio: 0.45, reached: false }],
    [10_000, 10_000, { remaining: 0, ratio: 1, reached: true }],
    [13_500, 10_000, { remaining: 0, ratio: 1, reached: true }],
    [100, 0, { remaining: 0, ratio: 1, reached: true }],
  ])('subtotal %i against target %i', (subtotal, target, expected) => {
    expect(freeShippingProgress(subtotal, target)).toEqual(expected);
  });
});
