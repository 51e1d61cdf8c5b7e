import type { Insertable, Selectable } from 'kysely';

/** A signed-in customer's bag (spec 3, "Cart (per user)"): one per customer (001, `version` since 008). */
export interface CartsTable {
  id: string;
  /** Unique: one cart per customer. */
  customer_id: string;
  /** JSON array of @sunward/core/cart CartLine, as checked and priced when written. */
  lines: string;
  /** Raised by every write; a client's PATCH with `version` is a compare-and-set on it. */
  version: number;
  created_at: string;
  updated_at: string;
}

/**
 * Each placed order whose bought lines have been taken out of its customer's bag (migration 020),
 * recorded in the transaction that took them, so the job and the bag's reads settle an order once
 * (cart-purchases.ts). No customer id: an erased customer's orders move to a placeholder, and this
 * table must not tie them back.
 */
export interface CartSettledOrdersTable {
  order_id: string;
  settled_at: string;
}

export type CartRow = Selectable<CartsTable>;
export type NewCart = Insertable<CartsTable>;

export interface CartTables {
  carts: CartsTable;
  cart_settled_orders: CartSettledOrdersTable;
}
