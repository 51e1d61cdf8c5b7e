import type { Generated, Insertable, Selectable } from 'kysely';

/** A discount code (migration 032, docs/decisions/042); `code` as normalized by core's normalizeCode. */
export interface DiscountCodesTable {
  id: string;
  code: string;
  /** core DiscountKind: percent | amount | free_shipping */
  kind: string;
  percent: number | null;
  amount_off: number | null;
  min_subtotal: number | null;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  /** Uses held for a payment under way or used by an order; raised only while below max_uses. */
  uses: Generated<number>;
  once_per_customer: number;
  first_order_only: number;
  /** JSON array of design slugs, or null for every design. */
  designs: string | null;
  active: number;
  created_at: string;
  updated_at: string;
}

/** One checkout's claim on a code: held (payment under way), used (by an order) or released. */
export interface DiscountRedemptionsTable {
  id: string;
  code_id: string;
  checkout_id: string;
  customer_id: string | null;
  email: string | null;
  status: 'held' | 'used' | 'released';
  order_id: string | null;
  discount: number;
  order_total: number | null;
  created_at: string;
  updated_at: string;
}

export type DiscountCodeRow = Selectable<DiscountCodesTable>;
export type NewDiscountCode = Insertable<DiscountCodesTable>;
export type DiscountRedemptionRow = Selectable<DiscountRedemptionsTable>;

export interface DiscountTables {
  discount_codes: DiscountCodesTable;
  discount_redemptions: DiscountRedemptionsTable;
}
