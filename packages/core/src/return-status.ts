/**
 * A return's own progress (issue 15), apart from its order's status (order-status.ts, the one machine
 * of orders): a return is made `requested` (its label is made and emailed as it is submitted), an
 * operator marks it `received` when the parcel arrives (each unit restocked or not), then either
 * refunds it through the payment provider (`refunded`) or closes it with nothing refunded (`closed`:
 * only exchanges and kept units, or the operator's decision, e.g. the parcel never came). When the
 * carrier first scans the return label's parcel (features/tracking, issue 27 item 2) the system moves a
 * requested return to `on-its-way`: the console's queue shows it coming.
 *
 *   requested -> on-its-way -> received -> refunded
 *       |            |             |
 *       |            |             +-----> closed
 *       +------------+-> received, refunded (refund without receipt: the operator says so), closed
 *
 * `refunded` and `closed` are final. The parcel may still arrive after either (a refund without
 * receipt, a return closed as lost): the receipt is then recorded and the units restocked, and the
 * status stays.
 */
import type { OrderStatus } from './order-status.ts';

export const RETURN_STATUSES = [
  'requested',
  'on-its-way',
  'received',
  'refunded',
  'closed',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The statuses of a return an operator still has to finish (the console's queue). */
export const OPEN_RETURN_STATUSES = [
  'requested',
  'on-its-way',
  'received',
] as const satisfies readonly ReturnStatus[];

/** Every allowed change of a return's status; anything not listed is refused (no change to itself). */
export const RETURN_TRANSITIONS: { readonly [F in ReturnStatus]: readonly ReturnStatus[] } = {
  requested: ['on-its-way', 'received', 'refunded', 'closed'],
  'on-its-way': ['received', 'refunded', 'closed'],
  received: ['refunded', 'closed'],
  refunded: [],
  closed: [],
};

export function isReturnStatus(value: string): value is ReturnStatus {
  return (RETURN_STATUSES as readonly string[]).includes(value);
}

export function canChangeReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return RETURN_TRANSITIONS[from].includes(to);
}

export function isOpenReturn(status: ReturnStatus): boolean {
  return (OPEN_RETURN_STATUSES as readonly ReturnStatus[]).includes(status);
}

/** What the rules read of a return. */
export interface ReturnState {
  status: ReturnStatus;
  /** When the parcel was marked received; null until then. */
  receivedAt: string | null;
  /** What the return refunds (cents, computed when it was submitted); 0 for exchanges and keeps. */
  refundAmount: number;
}

/** Why a return cannot be refunded now. */
export type RefundRefusal = 'settled' | 'nothing_to_refund' | 'not_received';

/**
 * Whether the return can be refunded now, or why not. A return is refunded once the parcel is received,
 * or before that when the operator says so (`withoutReceipt`: a parcel lost in the mail, a goodwill
 * refund); never once settled, never with nothing to refund (close it instead).
 */
export function refundRefusal(r: ReturnState, withoutReceipt: boolean): RefundRefusal | null {
  if (!canChangeReturn(r.status, 'refunded')) return 'settled';
  if (r.refundAmount <= 0) return 'nothing_to_refund';
  if (r.status !== 'received' && !withoutReceipt) return 'not_received';
  return null;
}

/**
 * The status a return takes when its parcel is received: requested -> received; a settled return whose
 * parcel comes late keeps its status (the receipt is recorded). Null: the receipt is recorded already.
 */
export function statusOnReceipt(
  r: Pick<ReturnState, 'status' | 'receivedAt'>,
): ReturnStatus | null {
  if (r.receivedAt !== null || r.status === 'received') return null;
  return r.status === 'requested' || r.status === 'on-its-way' ? 'received' : r.status;
}

/** What an operator may do with a return now (the console shows these buttons). */
export interface ReturnActions {
  receive: boolean;
  refund: boolean;
  refundWithoutReceipt: boolean;
  close: boolean;
}

export function returnActions(r: ReturnState): ReturnActions {
  return {
    receive: statusOnReceipt(r) !== null,
    refund: refundRefusal(r, false) === null,
    refundWithoutReceipt:
      (r.status === 'requested' || r.status === 'on-its-way') && refundRefusal(r, true) === null,
    close: canChangeReturn(r.status, 'closed'),
  };
}

/**
 * The order's status once one of its returns settles (refunded or closed), or null to leave it. An
 * order in `return` stays there while another of its returns is open (the order still has shirts on
 * the way back: moving it to `refund`, a final status, would leave that return's end unrecorded on the
 * order); when its last open return settles it moves to `refund` if any of its returns was refunded,
 * else back to `completed` (exchanges only: the order is done again). An order an operator moved out of
 * `return` some other way is left where it is.
 */
export function orderStatusOnSettle(input: {
  orderStatus: string;
  /** The order's other returns still open. */
  otherOpenReturns: number;
  /** This return, or an earlier one of the order, was refunded. */
  refunded: boolean;
}): OrderStatus | null {
  if (input.orderStatus !== 'return' || input.otherOpenReturns > 0) return null;
  return input.refunded ? 'refund' : 'completed';
}
