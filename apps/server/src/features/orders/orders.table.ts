import type { Generated, Insertable, Selectable } from 'kysely';

export interface OrdersTable {
  id: string;
  order_number: string;
  /** Null for an order nobody pays for (an exchange, a replacement); unique otherwise (migration 005). */
  payment_intent_id: string | null;
  customer_id: string | null;
  status: string;
  email: string;
  shipping_name: string;
  /** JSON address */
  shipping_address: string;
  shipping_option: string;
  billing_name: string;
  billing_phone: string | null;
  /** JSON address */
  billing_address: string;
  card_brand: string | null;
  card_last4: string | null;
  subtotal: number;
  shipping: number;
  sales_tax: number;
  /** The rate the sales tax was computed at (ppm), and its parts as JSON (core TaxPart[]). */
  tax_rate: number | null;
  tax_parts: string | null;
  /** Stripe Tax's calculation behind the tax (TAX_PROVIDER=stripe), else null. */
  tax_calculation: string | null;
  /** Stripe Tax's transaction made from it once paid (migration 037), else null. */
  tax_transaction_id: Generated<string | null>;
  /** The discount code applied (migration 032), the whole discount, and the shipping's part of it. */
  discount_code: string | null;
  discount: Generated<number>;
  shipping_discount: Generated<number>;
  total: number;
  amount_refunded: number;
  tracking: string | null;
  /** core/carriers: usps | ups | fedex | dhl, set with the tracking number when shipped (migration 012). */
  carrier: string | null;
  /** When the carrier scanned the parcel delivered (migration 030); null before, or when not tracked. */
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  line_no: number;
  product_id: string;
  price_id: string;
  design: string;
  size: string;
  position: string;
  quantity: number;
  unit_amount: number;
  /** The line's share of the order's discount, whole line (migration 032). */
  discount: Generated<number>;
}

export interface OrderEventsTable {
  id: string;
  order_id: string;
  at: string;
  actor: string;
  from_status: string | null;
  to_status: string;
  reason: string | null;
  /** The operator's customer id when an operator made the change (migration 012). */
  actor_id: string | null;
}

/** A refund of an order (migration 005); their sum never exceeds the order's total. */
export interface OrderRefundsTable {
  id: string;
  order_id: string;
  amount: number;
  reason: string | null;
  idempotency_key: string;
  provider_refund_id: string | null;
  /** customer | operator | system */
  actor: string;
  created_at: string;
  /** The operator's customer id when an operator refunded (migration 013). */
  actor_id: string | null;
  /** JSON `{ items: [{ line, quantity }], shipping }` of a refund by items; null otherwise (013). */
  scope: string | null;
  /** Stripe Tax's reversal of the order's tax transaction for this refund (migration 037). */
  tax_reversal_id: Generated<string | null>;
}

/** A refund decided and not yet recorded (migration 021, order-refunds.service.ts). */
export interface OrderRefundClaimsTable {
  id: string;
  order_id: string;
  idempotency_key: string;
  amount: number;
  reason: string | null;
  actor: string;
  actor_id: string | null;
  scope: string | null;
  /** The status change that goes with the refund, if any: the order stays in `from` meanwhile. */
  transition_from: string | null;
  transition_to: string | null;
  /** The name of what the asking feature does when the refund is recorded (RefundCompletions). */
  completion: string | null;
  /** Its data, JSON. */
  completion_data: string | null;
  /** The call that made the claim and still waits on it; null once it gave up (taken over). */
  claimed_by: string | null;
  created_at: string;
}

export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
export type OrderRefundRow = Selectable<OrderRefundsTable>;
export type OrderRefundClaimRow = Selectable<OrderRefundClaimsTable>;

export interface OrderTables {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  order_refunds: OrderRefundsTable;
  order_refund_claims: OrderRefundClaimsTable;
}
