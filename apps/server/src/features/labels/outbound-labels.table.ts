import type { Insertable, Selectable } from 'kysely';
import type { LabelState } from '@sunward/core/console-labels';

/**
 * The states of one purchase of an order's shipping label (migration 029, decision 039): the
 * console's label states but `none` (an order without a row).
 */
export type OutboundLabelState = Exclude<LabelState, 'none'>;

/** One attempt at an order's shipping label: claimed, asked of the provider, settled. */
export interface OutboundLabelsTable {
  id: string;
  order_id: string;
  /** 1, 2, ...: a refused or voided label's order buys its next with the next attempt. */
  attempt: number;
  /** `order:<orderId>:label:<attempt>`, what the provider is asked with. */
  idempotency_key: string;
  status: OutboundLabelState;
  /** Claims of this attempt (a purchase with no answer is claimed again, same key). */
  claims: number;
  /** sandbox | usps-api */
  provider: string;
  tracking_number: string | null;
  /** Postage paid, cents. */
  postage: number | null;
  pdf: Uint8Array | null;
  /** The carrier's (or the address check's) reason when it refused, or a void it refused. */
  reason: string | null;
  /** 1 when the provider may have made the label without answering: the next purchase reuses the key. */
  outcome_unknown: number;
  /** refunded | requested | none, once voided. */
  refund: string | null;
  /** JSON Operator: who bought it (the settling job acts for them). */
  operator: string;
  asked_at: string | null;
  created_at: string;
  bought_at: string | null;
  voided_at: string | null;
  updated_at: string;
}

export type OutboundLabelRow = Selectable<OutboundLabelsTable>;
export type NewOutboundLabel = Insertable<OutboundLabelsTable>;

export interface OutboundLabelTables {
  outbound_labels: OutboundLabelsTable;
}
