import { describe, expect, it } from 'vitest';
import {
  addLine,
  mergeCarts,
  MESSAGES,
  removeLine,
  setLineQuantity,
  subtotal,
  totalQuantity,
  validateAddToBag,
  type CartLine,
} from './cart.ts';

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  id: 'prod_1',
  productId: 'prod_1',
  itemId: 1,
  priceId: 'price_1',
  quantity: 1,
  productCost: 4500,
  size: 'mdr',
  position: 'Front',
  design: 'alaska',
  ...overrides,
});

describe('validateAddToBag', () => {
  it.each([
    [{ size: undefined, position: 'Front', quantity: 1 }, MESSAGES.allFieldsRequired],
    [{ size: 'mdr', position: '', quantity: 1 }, MESSAGES.allFieldsRequired],
    [{ size: 'mdr', position: 'Front', quantity: '' }, MESSAGES.allFieldsRequired],
    [{ size: 'md r', position: 'Front', quantity: 1 }, MESSAGES.invalidFieldValues],
    [{ size: 'mdr', position: 'Front<', quantity: 1 }, MESSAGES.invalidFieldValues],
    [{ size: 'mdr', position: 'Front', quantity: 11 }, MESSAGES.invalidFieldValues],
    [{ size: 'mdr', position: 'Front', quantity: 0 }, MESSAGES.invalidFieldValues],
    [{ size: 'mdr', position: 'Back', quantity: 10 }, null],
    [{ size: 'xss', position: 'Front', quantity: '3' }, null],
  ])('%j -> %s', (fields, expected) => {
    expect(validateAddToBag(fields)).toBe(expected);
  });
});

describe('addLine', () => {
  it.each([
    // existing quantity, added quantity, resulting quantity, message
    [1, 1, 2, null],
    [4, 6, 10, null],
    [9, 2, 10, MESSAGES.maxQuantity],
    [10, 1, 10, MESSAGES.maxQuantity],
  ])('a line of %i plus %i gives %i', (existing, added, result, message) => {
    const out = addLine([line({ quantity: existing })], line({ itemId: 2, quantity: added }));
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]?.quantity).toBe(result);
    expect(out.message).toBe(message);
  });

  it('keeps lines apart when size, position or design differ', () => {
    let lines = [line()];
    lines = addLine(lines, line({ itemId: 2, size: 'lgr' })).lines;
    lines = addLine(lines, line({ itemId: 3, position: 'Back' })).lines;
    lines = addLine(lines, line({ itemId: 4, design: 'arizona' })).lines;
    expect(lines).toHaveLength(4);
    expect(totalQuantity(lines)).toBe(4);
  });

  it('does not mutate its input', () => {
    const lines = Object.freeze([line({ quantity: 3 })]);
    addLine(lines, line({ quantity: 2 }));
    expect(lines[0]?.quantity).toBe(3);
  });
});

describe('quantities and totals', () => {
  it.each([
    [0, 1],
    [5, 5],
    [12, 10],
    [3.7, 3],
  ])('setLineQuantity(%d) clamps to %d', (q, expected) => {
    expect(setLineQuantity([line()], 1, q)[0]?.quantity).toBe(expected);
  });

  it('removes a line and sums cents', () => {
    const lines = [line({ quantity: 2 }), line({ itemId: 2, quantity: 3, size: 'sms' })];
    expect(subtotal(lines)).toBe(22500);
    expect(removeLine(lines, 1)).toHaveLength(1);
  });
});

describe('mergeCarts (first sign-in)', () => {
  it.each([
    // server quantity, local quantity, merged quantity
    [2, 5, 5],
    [7, 3, 7],
    [10, 10, 10],
  ])('server %i and local %i merge to %i (larger wins)', (s, l, expected) => {
    const merged = mergeCarts([line({ quantity: s })], [line({ itemId: 9, quantity: l })]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.quantity).toBe(expected);
  });

  it('appends local lines the server lacks, and never exceeds 10 a line', () => {
    const merged = mergeCarts(
      [line({ quantity: 12 })],
      [line({ itemId: 5, design: 'key-west', quantity: 3 })],
    );
    expect(merged.map((l) => [l.design, l.quantity])).toEqual([
      ['alaska', 10],
      ['key-west', 3],
    ]);
  });
});
