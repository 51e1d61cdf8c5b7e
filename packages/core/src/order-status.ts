/**
 * The order's state machine (spec section 4). The statuses are the spec's seven, no more: how much was
 * refunded is a recorded amount (order refunds), not a status, so a partial refund leaves the status
 * alone; a return's own progress (label sent, received, inspected) belongs to the return, not here.
 *
 *   pending -> in-progress -> shipped -> completed -> return -> refund
 *      |            |    ^         |            ^            |
 *      +-> cancelled <+  +---------+            +------------+ (a return closed without a refund)
 *                      (its label voided before the carrier scanned it)
 *
 * Who may make each change: the customer (from the account page or a return form), an operator (the
 * console) or the system (payments, carriers, timers). A new order starts `pending` (system).
 */

export const ORDER_STATUSES = [
  'pending',
  'in-progress',
  'shipped',
  'completed',
  'cancelled',
  'return',
  'refund',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ACTORS = ['customer', 'operator', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** The status every order is created in (paid orders, exchanges and replacements alike). */
export const INITIAL_ORDER_STATUS: OrderStatus = 'pending';

/**
 * Every allowed change and who may make it. Anything not listed is refused, including a change to the
 * same status (a second return on an order already in `return` is a new return record, not a status
 * change).
 */
export const ORDER_TRANSITIONS: {
  readonly [F in OrderStatus]: { readonly [T in OrderStatus]?: readonly OrderActor[] };
} = {
  pending: {
    // Fulfilment starts: the shirts go to print. Only the shop decides that.
    'in-progress': ['operator'],
    // Spec 4: the customer may cancel while pending; the shop may too (it cannot fulfil), and so may
    // the system (the payment was refunded or disputed outside the shop).
    cancelled: ['customer', 'operator', 'system'],
  },
  'in-progress': {
    // Handed to the carrier, with a tracking number.
    shipped: ['operator'],
    // Once printing began the customer can no longer cancel (spec: Cancel Order only for pending); the
    // shop still can (a misprint it cannot redo, stock lost), and refunds the payment.
    cancelled: ['operator'],
  },
  shipped: {
    // The shop's own label voided before the carrier scanned the parcel (decision 039): the order is
    // ready to ship again, without its tracking number. Only through Void label (an operator), or the
    // shop settling a void (system); never the customer.
    'in-progress': ['operator', 'system'],
    // Delivered: the carrier's tracking says so (system) or an operator confirms it.
    completed: ['operator', 'system'],
  },
  completed: {
    // Spec 4: submitting a return sets `return`; an operator may file one for a customer.
    return: ['customer', 'operator'],
  },
  return: {
    // The returned shirts were received and refunded (issued by an operator, or automatically).
    refund: ['operator', 'system'],
    // The return is closed with nothing to refund (only exchanges, or the shirts never came back):
    // the order is done again, and a later return stays possible within the window.
    completed: ['operator', 'system'],
  },
  // Final: money and goods are settled. Further refunds are recorded amounts, not status changes.
  refund: {},
  cancelled: {},
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Whether `from -> to` is a change the machine allows at all (by anyone). */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from][to] !== undefined;
}

/** Whether `actor` may change an order from `from` to `to`. */
export function mayTransition(from: OrderStatus, to: OrderStatus, actor: OrderActor): boolean {
  return ORDER_TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The statuses reachable from `status` in one step, for anyone or for one actor, in spec order. */
export function allowedFrom(status: OrderStatus, actor?: OrderActor): OrderStatus[] {
  return ORDER_STATUSES.filter((to) =>
    actor ? mayTransition(status, to, actor) : canTransition(status, to),
  );
}

/** No change is allowed from a final status. */
export function isFinalStatus(status: OrderStatus): boolean {
  return allowedFrom(status).length === 0;
}
