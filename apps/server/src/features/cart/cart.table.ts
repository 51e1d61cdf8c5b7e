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

export type CartRow = Selectable<CartsTable>;
export type NewCart = Insertable<CartsTable>;

export interface CartTables {
  carts: CartsTable;
}
