import type { Insertable, Selectable } from 'kysely';

/** A return of an order (migration 010): one return form submitted, with its figures in cents. */
export interface ReturnsTable {
  /** The row's id; never shown (the customer sees `public_id`). */
  id: string;
  /** Random and unique: the record's `id` in the Order view and GET /orders/downloadReturnLabel/{id}. */
  public_id: string;
  order_id: string;
  /** 1 for the order's first return, 2 for the next, … (unique per order). */
  seq: number;
  /** The return's own progress (core/return-status.ts): requested, received, refunded or closed. */
  status: string;
  sales_tax_refund: number;
  shipping_fee: number;
  refund_amount: number;
  /** The label's URL once it exists. */
  return_label: string | null;
  /** The replacement order an exchange made (unique; at most one return with one per order). */
  exchange_order_id: string | null;
  created_at: string;
  updated_at: string;
  /** When an operator marked the parcel received, and who (their customer id) (migration 014). */
  received_at: string | null;
  received_by: string | null;
  /** A refund under way: set under the order's lock before the provider is asked, cleared if it fails. */
  refund_started_at: string | null;
  /** The idempotency key of the operator's request that refunded the return (or is refunding it). */
  refund_key: string | null;
  /** The order refund (`order_refunds.id`) that paid the return, and when. */
  refund_id: string | null;
  refunded_at: string | null;
  /** Closed with nothing refunded. */
  closed_at: string | null;
}

/** One unit of an order on a return form (Keep ones too). */
export interface ReturnItemsTable {
  id: string;
  return_id: string;
  order_id: string;
  order_item_id: string;
  /** The unit's index over the order's items in line order, each line expanded by its quantity. */
  item_id: number;
  /** Keep | Exchange | Refund; a unit is Exchange or Refund in at most one row per order. */
  return_type: string;
  return_reason: string | null;
  size_exchange: string | null;
  position_exchange: string | null;
  product_id: string;
  design: string;
  size: string;
  position: string;
  product_cost: number;
  /** Units sent back, once received: 1 restocked, 0 not (damaged); null before (migration 014). */
  restocked: number | null;
}

export type ReturnRow = Selectable<ReturnsTable>;
export type NewReturn = Insertable<ReturnsTable>;
export type ReturnItemRow = Selectable<ReturnItemsTable>;
export type NewReturnItem = Insertable<ReturnItemsTable>;

export interface ReturnTables {
  returns: ReturnsTable;
  return_items: ReturnItemsTable;
}
