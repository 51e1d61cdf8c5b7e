import { describe, expect, it } from 'vitest';
import { isOutOfStock, type SizeStock } from './stock.ts';

describe('isOutOfStock', () => {
  it.each<[string, SizeStock | undefined, boolean]>([
    ['no record of the size', undefined, true],
    ['counted, units left', { stock: 3, outOfStock: false }, false],
    ['counted, one left', { stock: 1, outOfStock: false }, false],
    ['counted, none left', { stock: 0, outOfStock: false }, true],
    ['counted below zero', { stock: -2, outOfStock: false }, true],
    ['not counted', { stock: null, outOfStock: false }, false],
    ['marked out, units left', { stock: 5, outOfStock: true }, true],
    ['marked out, not counted', { stock: null, outOfStock: true }, true],
    ['marked out, none left', { stock: 0, outOfStock: true }, true],
  ])('%s', (_, size, expected) => expect(isOutOfStock(size)).toBe(expected));
});
