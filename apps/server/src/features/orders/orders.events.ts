/**
 * What the orders feature publishes (lib/jobs/events.ts), for the features that react to it. The
 * writer does not know who reacts: the cart takes what was bought out of the customer's bag.
 */

/** A paid order was recorded (createOrderForIntent), in the transaction that recorded it. */
export const ORDER_PLACED = 'order.placed';

export interface OrderPlaced {
  /** `orders.id`. */
  orderId: string;
  /** The signed-in customer's id; null for a guest. (Absent from events published before it.) */
  customerId?: string | null;
  /** The order's number. (Absent from events published before it.) */
  orderNumber?: string;
  /** Stripe Tax's calculation the order was taxed by, to record as a transaction; else null. */
  taxCalculation?: string | null;
}

/** A refund of an order was recorded (order-refunds.service.ts settle), in the transaction that did. */
export const ORDER_REFUNDED = 'order.refunded';

export interface OrderRefunded {
  /** `orders.id`. */
  orderId: string;
  /** `order_refunds.id`. */
  refundId: string;
  /** The order's Stripe Tax calculation, when Stripe Tax taxed it; else null. */
  taxCalculation: string | null;
}

/**
 * An order's parcel arrived: the carrier scanned it delivered (recordDelivery), or an operator
 * completed the shipped order by hand; in the transaction that recorded it, keyed by the order, so
 * its reactions run once per order whichever comes first. Reviews invite its buyer (decision 048).
 */
export const ORDER_DELIVERED = 'order.delivered';

export interface OrderDelivered {
  /** `orders.id`. */
  orderId: string;
  /** The carrier's delivery scan's time, or when the operator completed the order. */
  deliveredAt: string;
}
