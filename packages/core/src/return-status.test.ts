import { describe, expect, it } from 'vitest';
import { mayTransition } from './order-status.ts';
import {
  canChangeReturn,
  isOpenReturn,
  isReturnStatus,
  orderStatusOnSettle,
  refundRefusal,
  RETURN_STATUSES,
  returnActions,
  statusOnReceipt,
  type ReturnStatus,
} from './return-status.ts';

/**
 * Every pair, by hand: row = from, column = to, in RETURN_STATUSES order (requested, on-its-way,
 * received, refunded, closed). 'y' = allowed.
 */
const TABLE: Record<ReturnStatus, string> = {
  //                rq ow rc rf cl
  requested: /*  */ '-  y  y  y  y',
  'on-its-way': /**/ '-  -  y  y  y',
  received: /*   */ '-  -  -  y  y',
  refunded: /*   */ '-  -  -  -  -',
  closed: /*     */ '-  -  -  -  -',
};

const pairs = RETURN_STATUSES.flatMap((from) => {
  const cells = TABLE[from].split(/\s+/);
  return RETURN_STATUSES.map((to, i) => [from, to, cells[i] === 'y'] as const);
});

describe('return status changes: every pair', () => {
  it('the table covers 5 x 5 pairs', () => expect(pairs).toHaveLength(25));

  it.each(pairs)('%s -> %s: %s', (from, to, allowed) => {
    expect(canChangeReturn(from, to)).toBe(allowed);
  });

  it('open are requested, on its way and received; refunded and closed are final', () => {
    expect(RETURN_STATUSES.filter(isOpenReturn)).toEqual(['requested', 'on-its-way', 'received']);
    for (const s of RETURN_STATUSES) {
      expect(RETURN_STATUSES.some((to) => canChangeReturn(s, to))).toBe(isOpenReturn(s));
    }
  });

  it('recognises only its five statuses', () => {
    expect(RETURN_STATUSES.every(isReturnStatus)).toBe(true);
    for (const s of ['return', 'refund', 'Requested', 'label-sent', '']) {
      expect(isReturnStatus(s)).toBe(false);
    }
  });
});

const R = '2026-11-20T10:00:00.000Z';

describe('refundRefusal', () => {
  it.each([
    // status, receivedAt, refundAmount, withoutReceipt, expected
    ['received', R, 4500, false, null],
    ['received', R, 4500, true, null],
    ['requested', null, 4500, false, 'not_received'],
    ['requested', null, 4500, true, null],
    ['on-its-way', null, 4500, false, 'not_received'],
    ['on-its-way', null, 4500, true, null],
    ['requested', null, 0, true, 'nothing_to_refund'],
    ['received', R, 0, false, 'nothing_to_refund'],
    ['refunded', R, 4500, false, 'settled'],
    ['refunded', null, 4500, true, 'settled'],
    ['closed', R, 4500, false, 'settled'],
    ['closed', null, 0, true, 'settled'],
  ] as const)(
    '%s (received %s), %i cents, without receipt %s -> %s',
    (status, at, amount, without, expected) => {
      expect(refundRefusal({ status, receivedAt: at, refundAmount: amount }, without)).toBe(
        expected,
      );
    },
  );
});

describe('statusOnReceipt', () => {
  it.each([
    ['requested', null, 'received'],
    ['on-its-way', null, 'received'],
    ['received', R, null],
    // A return marked received keeps its receipt; one row without a date is not received twice.
    ['received', null, null],
    // Refunded without receipt, or closed as lost: the parcel came after all.
    ['refunded', null, 'refunded'],
    ['closed', null, 'closed'],
    ['refunded', R, null],
    ['closed', R, null],
  ] as const)('%s (received %s) -> %s', (status, receivedAt, expected) => {
    expect(statusOnReceipt({ status, receivedAt })).toBe(expected);
  });
});

describe('returnActions', () => {
  it.each([
    [
      'requested',
      null,
      4500,
      { receive: true, refund: false, refundWithoutReceipt: true, close: true },
    ],
    [
      'requested',
      null,
      0,
      { receive: true, refund: false, refundWithoutReceipt: false, close: true },
    ],
    [
      'on-its-way',
      null,
      4500,
      { receive: true, refund: false, refundWithoutReceipt: true, close: true },
    ],
    [
      'received',
      R,
      4500,
      { receive: false, refund: true, refundWithoutReceipt: false, close: true },
    ],
    ['received', R, 0, { receive: false, refund: false, refundWithoutReceipt: false, close: true }],
    [
      'refunded',
      R,
      4500,
      { receive: false, refund: false, refundWithoutReceipt: false, close: false },
    ],
    [
      'refunded',
      null,
      4500,
      { receive: true, refund: false, refundWithoutReceipt: false, close: false },
    ],
    [
      'closed',
      null,
      0,
      { receive: true, refund: false, refundWithoutReceipt: false, close: false },
    ],
    ['closed', R, 0, { receive: false, refund: false, refundWithoutReceipt: false, close: false }],
  ] as const)('%s (received %s), %i cents -> %j', (status, receivedAt, refundAmount, expected) => {
    expect(returnActions({ status, receivedAt, refundAmount })).toEqual(expected);
  });
});

describe('orderStatusOnSettle', () => {
  it.each([
    // order status, other open returns, refunded, expected
    ['return', 0, true, 'refund'],
    ['return', 0, false, 'completed'],
    ['return', 1, true, null],
    ['return', 2, false, null],
    ['completed', 0, true, null],
    ['refund', 0, true, null],
    ['shipped', 0, false, null],
  ] as const)(
    'order %s, %i other open, refunded %s -> %s',
    (orderStatus, otherOpenReturns, refunded, expected) => {
      expect(orderStatusOnSettle({ orderStatus, otherOpenReturns, refunded })).toBe(expected);
    },
  );

  it('every move it asks for is one the order machine allows an operator', () => {
    for (const refunded of [true, false]) {
      const to = orderStatusOnSettle({ orderStatus: 'return', otherOpenReturns: 0, refunded });
      expect(to && mayTransition('return', to, 'operator')).toBe(true);
    }
  });
});
