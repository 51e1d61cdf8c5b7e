import { describe, expect, it } from 'vitest';
import {
  itemsRefund,
  paymentStatusOf,
  type RefundableLine,
  type RefundedByItems,
} from './order-payment.ts';

describe('payment status from the amounts', () => {
  it.each([
    // total, refunded, status
    [5000, 0, 'paid'],
    [5000, 1, 'partly-refunded'],
    [5000, 4999, 'partly-refunded'],
    [5000, 5000, 'refunded'],
    [5000, 6000, 'refunded'], // never recorded (refunds stop at the total), still refunded
    [0, 0, 'no-charge'],
  ] as const)('total %i, refunded %i: %s', (total, refunded, status) => {
    expect(paymentStatusOf(total, refunded)).toBe(status);
  });
});

/** 3 shirts at $45 on line 1 and 1 at $40 on line 2; $7.01 tax over 4 units: 176, 175, 175, 175. */
const order = {
  lines: [
    { line: 1, quantity: 3, unitAmount: 4500 },
    { line: 2, quantity: 1, unitAmount: 4000 },
  ] satisfies RefundableLine[],
  salesTax: 701,
  shipping: 895,
};
const none: RefundedByItems = { units: new Map(), shipping: false };

describe('a refund by items and shipping', () => {
  it.each([
    // pick, amount
    [{ items: [{ line: 1, quantity: 1 }], shipping: false }, 4500 + 176],
    [{ items: [{ line: 1, quantity: 3 }], shipping: false }, 13500 + 526],
    [{ items: [{ line: 2, quantity: 1 }], shipping: false }, 4000 + 175],
    [{ items: [], shipping: true }, 895],
    [{ items: [{ line: 2, quantity: 1 }], shipping: true }, 4000 + 175 + 895],
    // the same line twice adds up
    [
      {
        items: [
          { line: 1, quantity: 1 },
          { line: 1, quantity: 1 },
        ],
        shipping: false,
      },
      9000 + 351,
    ],
  ])('%j refunds %i', (pick, amount) => {
    const r = itemsRefund(order, none, pick);
    expect(r).toMatchObject({ ok: true, amount });
  });

  it('takes each line’s next units, so every unit refunded in any steps returns exactly the tax', () => {
    const units = new Map<number, number>();
    let shipping = false;
    let total = 0;
    const steps = [
      { items: [{ line: 1, quantity: 1 }], shipping: false },
      { items: [{ line: 2, quantity: 1 }], shipping: true },
      { items: [{ line: 1, quantity: 2 }], shipping: false },
    ];
    for (const pick of steps) {
      const r = itemsRefund(order, { units, shipping }, pick);
      if (!r.ok) throw new Error(r.message);
      total += r.amount;
      for (const l of r.lines) units.set(l.line, (units.get(l.line) ?? 0) + l.quantity);
      shipping ||= r.shipping > 0;
    }
    expect(total).toBe(13500 + 4000 + 701 + 895);
    // The second unit of line 1 gets the second share (175), not the first again (176).
    expect(
      itemsRefund(
        order,
        { units: new Map([[1, 1]]), shipping: false },
        { items: [{ line: 1, quantity: 1 }], shipping: false },
      ),
    ).toMatchObject({ amount: 4675, lines: [{ line: 1, quantity: 1, tax: 175 }] });
  });

  it.each([
    [
      { items: [], shipping: false },
      none,
      'Choose the shirts or the shipping to refund, or an amount.',
    ],
    [
      { items: [{ line: 1, quantity: 0 }], shipping: false },
      none,
      'Choose the shirts or the shipping to refund, or an amount.',
    ],
    [{ items: [{ line: 3, quantity: 1 }], shipping: false }, none, 'This order has no line 3.'],
    [
      { items: [{ line: 1, quantity: 4 }], shipping: false },
      none,
      'Line 1 has 3 shirts left to refund; 4 asked.',
    ],
    [
      { items: [{ line: 1, quantity: 2 }], shipping: false },
      { units: new Map([[1, 2]]), shipping: false },
      'Line 1 has 1 shirt left to refund; 2 asked.',
    ],
    [
      { items: [{ line: 2, quantity: 1 }], shipping: false },
      { units: new Map([[2, 1]]), shipping: false },
      'Line 2 was already refunded in full.',
    ],
    [
      { items: [], shipping: true },
      { units: new Map(), shipping: true },
      'The shipping was already refunded.',
    ],
    [
      { items: [{ line: 1, quantity: 1.5 }], shipping: false },
      none,
      'A quantity is a whole number of shirts.',
    ],
  ])('refuses %j after %o: %s', (pick, done, message) => {
    expect(itemsRefund(order, done, pick)).toEqual({ ok: false, message });
  });

  it('refuses the shipping of an order that shipped free', () => {
    expect(itemsRefund({ ...order, shipping: 0 }, none, { items: [], shipping: true })).toEqual({
      ok: false,
      message: 'The shipping was free: there is no shipping to refund.',
    });
  });
});

describe('itemsRefund of a discounted order (issue 28)', () => {
  it('refunds what was paid for each unit: its price less its share of the discount', () => {
    // 3 x 4500 with 1001 off the line: units paid 4167, 4166, 4166 (odd cents on the last units)
    const order = {
      lines: [{ line: 1, quantity: 3, unitAmount: 4500, discount: 1001 }],
      salesTax: 900,
      shipping: 0,
    };
    const first = itemsRefund(
      order,
      { units: new Map(), shipping: false },
      { items: [{ line: 1, quantity: 1 }], shipping: false },
    );
    expect(first).toMatchObject({ ok: true, amount: 4167 + 300 });
    const rest = itemsRefund(
      order,
      { units: new Map([[1, 1]]), shipping: false },
      { items: [{ line: 1, quantity: 2 }], shipping: false },
    );
    expect(rest).toMatchObject({ ok: true, amount: 4166 * 2 + 600 });
  });
});
