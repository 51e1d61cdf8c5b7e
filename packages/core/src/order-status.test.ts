import { describe, expect, it } from 'vitest';
import {
  allowedFrom,
  canTransition,
  isFinalStatus,
  isOrderStatus,
  mayTransition,
  ORDER_ACTORS,
  ORDER_STATUSES,
  type OrderActor,
  type OrderStatus,
} from './order-status.ts';

/**
 * Every pair, written out by hand: row = from, column = to, in ORDER_STATUSES order
 * (pending, in-progress, shipped, completed, cancelled, return, refund). A cell lists who may make the
 * change: c = customer, o = operator, s = system; '-' = nobody.
 */
const TABLE: Record<OrderStatus, string[]> = {
  //              pend  in-p  ship  comp  canc   retn  rfnd
  pending: /*  */ ['-', 'o', '-', '-', 'cos', '-', '-'],
  'in-progress': ['-', '-', 'o', '-', 'o', '-', '-'],
  shipped: /*  */ ['-', 'os', '-', 'os', '-', '-', '-'],
  completed: /**/ ['-', '-', '-', '-', '-', 'co', '-'],
  cancelled: /**/ ['-', '-', '-', '-', '-', '-', '-'],
  return: /*   */ ['-', '-', '-', 'os', '-', '-', 'os'],
  refund: /*   */ ['-', '-', '-', '-', '-', '-', '-'],
};

const LETTER: Record<OrderActor, string> = { customer: 'c', operator: 'o', system: 's' };

const pairs = ORDER_STATUSES.flatMap((from) =>
  ORDER_STATUSES.map((to, i) => [from, to, TABLE[from][i]!] as const),
);

describe('order status transitions: every pair', () => {
  it('the table covers 7 x 7 pairs', () => expect(pairs).toHaveLength(49));

  it.each(pairs)('%s -> %s: %s', (from, to, who) => {
    expect(canTransition(from, to)).toBe(who !== '-');
    for (const actor of ORDER_ACTORS) {
      expect(mayTransition(from, to, actor), actor).toBe(who.includes(LETTER[actor]));
    }
  });
});

describe('allowedFrom', () => {
  it.each([
    ['pending', undefined, ['in-progress', 'cancelled']],
    ['pending', 'customer', ['cancelled']],
    ['in-progress', undefined, ['shipped', 'cancelled']],
    ['in-progress', 'customer', []],
    ['shipped', 'system', ['in-progress', 'completed']],
    ['shipped', 'customer', []],
    ['completed', 'customer', ['return']],
    ['return', 'operator', ['completed', 'refund']],
    ['return', 'customer', []],
    ['refund', undefined, []],
    ['cancelled', 'operator', []],
  ] as const)('%s by %s -> %j', (status, actor, expected) => {
    expect(allowedFrom(status, actor)).toEqual(expected);
  });
});

describe('invariants', () => {
  it('no status changes to itself', () => {
    for (const s of ORDER_STATUSES) expect(canTransition(s, s)).toBe(false);
  });

  it('nothing goes back to pending, and only pending and in-progress can be cancelled', () => {
    for (const s of ORDER_STATUSES) {
      expect(canTransition(s, 'pending')).toBe(false);
      expect(canTransition(s, 'cancelled')).toBe(s === 'pending' || s === 'in-progress');
    }
  });

  it('the customer may only cancel a pending order and return a completed one (spec 4)', () => {
    const byCustomer = pairs.filter(([from, to]) => mayTransition(from, to, 'customer'));
    expect(byCustomer.map(([from, to]) => `${from}->${to}`)).toEqual([
      'pending->cancelled',
      'completed->return',
    ]);
  });

  it('the one step back is a shipped order made ready to ship again (its label voided), never by the customer', () => {
    const back = pairs.filter(
      ([from, to, who]) =>
        who !== '-' &&
        ORDER_STATUSES.indexOf(to) < ORDER_STATUSES.indexOf(from) &&
        to !== 'completed',
    );
    expect(back.map(([from, to, who]) => `${from}->${to}:${who}`)).toEqual([
      'shipped->in-progress:os',
    ]);
  });

  it('every status is reachable from pending, and cancelled and refund are the only final ones', () => {
    const seen = new Set<OrderStatus>(['pending']);
    const queue: OrderStatus[] = ['pending'];
    while (queue.length > 0) {
      for (const next of allowedFrom(queue.shift()!)) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    expect([...seen].sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['cancelled', 'refund']);
  });

  it('recognises only the spec statuses', () => {
    expect(ORDER_STATUSES.every(isOrderStatus)).toBe(true);
    for (const s of ['partially-refunded', 'Pending', 'returned', '']) {
      expect(isOrderStatus(s)).toBe(false);
    }
  });
});
