import type { Selectable } from 'kysely';

/** An address that unsubscribed from the shop's marketing email (migration 034, decision 044). */
export interface MarketingUnsubscribesTable {
  /** Lower-cased. */
  email: string;
  unsubscribed_at: string;
  /** one-click (the mail client's RFC 8058 POST) or page (the storefront's button). */
  source: string;
}

export type MarketingUnsubscribeRow = Selectable<MarketingUnsubscribesTable>;

export interface MarketingTables {
  marketing_unsubscribes: MarketingUnsubscribesTable;
}
