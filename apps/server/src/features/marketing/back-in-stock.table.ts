import type { Selectable } from 'kysely';

/**
 * A shopper's address waiting for a size of a design to be back on sale (migration 036, decision
 * 050). Consumed (deleted) in the transaction that queues its one email.
 */
export interface BackInStockRequestsTable {
  id: string;
  /** Lower-cased. */
  email: string;
  /** The design the shopper was looking at (the email links back to it). */
  design: string;
  product_id: string;
  size: string;
  created_at: string;
}

export type BackInStockRequestRow = Selectable<BackInStockRequestsTable>;

export interface BackInStockTables {
  back_in_stock_requests: BackInStockRequestsTable;
}
