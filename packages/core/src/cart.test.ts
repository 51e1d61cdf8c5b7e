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
    // case, server line, local line, merged lines as [design, size, position, quantity]
    [
      'disjoint lines: both kept, server first',
      line({ quantity: 2 }),
      line({ itemId: 9, design: 'key-west', quantity: 3 }),
      [
        ['alaska', 'mdr', 'Front', 2],
        ['key-west', 'mdr', 'Front', 3],
      ],
    ],
    [
      'another size is another line',
      line({ quantity: 2 }),
      line({ itemId: 9, size: 'lgr', quantity: 3 }),
      [
        ['alaska', 'mdr', 'Front', 2],
        ['alaska', 'lgr', 'Front', 3],
      ],
    ],
    [
      'another position is another line',
      line({ quantity: 2 }),
      line({ itemId: 9, position: 'Back', quantity: 3 }),
      [
        ['alaska', 'mdr', 'Front', 2],
        ['alaska', 'mdr', 'Back', 3],
      ],
    ],
    [
      'same line, server larger: the server quantity',
      line({ quantity: 7 }),
      line({ itemId: 9, quantity: 3 }),
      [['alaska', 'mdr', 'Front', 7]],
    ],
    [
      'same line, local larger: the local quantity',
      line({ quantity: 2 }),
      line({ itemId: 9, quantity: 5 }),
      [['alaska', 'mdr', 'Front', 5]],
    ],
    [
      'same line, equal: that quantity (never the sum)',
      line({ quantity: 4 }),
      line({ itemId: 9, quantity: 4 }),
      [['alaska', 'mdr', 'Front', 4]],
    ],
    [
      'caps at 10: a server line above 10',
      line({ quantity: 12 }),
      line({ itemId: 9, quantity: 3 }),
      [['alaska', 'mdr', 'Front', 10]],
    ],
    [
      'caps at 10: a local line above 10',
      line({ quantity: 3 }),
      line({ itemId: 9, quantity: 15 }),
      [['alaska', 'mdr', 'Front', 10]],
    ],
    [
      'caps at 10: a disjoint local line above 10',
      line({ quantity: 1 }),
      line({ itemId: 9, design: 'arizona', quantity: 11 }),
      [
        ['alaska', 'mdr', 'Front', 1],
        ['arizona', 'mdr', 'Front', 10],
      ],
    ],
    [
      'both at 10 stay 10',
      line({ quantity: 10 }),
      line({ itemId: 9, quantity: 10 }),
      [['alaska', 'mdr', 'Front', 10]],
    ],
  ])('%s', (_case, server, local, expected) => {
    const merged = mergeCarts([server], [local]);
    expect(merged.map((l) => [l.design, l.size, l.position, l.quantity])).toEqual(expected);
  });

  it('keeps the server line (its ids) when a local line matches it', () => {
    const merged = mergeCarts(
      [line({ id: 'server', itemId: 1, quantity: 2 })],
      [line({ id: 'local', itemId: 9, quantity: 5 })],
    );
    expect(merged).toEqual([line({ id: 'server', itemId: 1, quantity: 5 })]);
  });

  it('merges into an empty server cart as the local lines, and an empty local cart as the server', () => {
    const lines = [line({ quantity: 2 }), line({ itemId: 2, design: 'arizona', quantity: 4 })];
    expect(mergeCarts([], lines)).toEqual(lines);
    expect(mergeCarts(lines, [])).toEqual(lines);
  });

  it('never exceeds 10 a line and never loses a line of either side', () => {
    const server = [line({ quantity: 10 }), line({ itemId: 2, design: 'arizona', quantity: 6 })];
    const local = [
      line({ itemId: 3, quantity: 9 }),
      line({ itemId: 4, design: 'arizona', quantity: 10 }),
      line({ itemId: 5, design: 'key-west', position: 'Back', quantity: 10 }),
    ];
    const merged = mergeCarts(server, local);
    expect(merged.every((l) => l.quantity >= 1 && l.quantity <= 10)).toBe(true);
    for (const each of [...server, ...local]) {
      expect(
        merged.some(
          (m) => m.design === each.design && m.size === each.size && m.position === each.position,
        ),
      ).toBe(true);
    }
    expect(merged).toHaveLength(3);
  });
});
