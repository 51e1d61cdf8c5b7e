import type { Selectable } from 'kysely';

/** One comparison of the processor's payments with the shop's orders, over a period. */
export interface ReconciliationRunsTable {
  id: string;
  /** The payments created in [period_from, period_to) were compared. */
  period_from: string;
  period_to: string;
  /** 'scheduled' (the daily job) or the operator's id ("Reconcile now"). */
  started_by: string;
  started_at: string;
  finished_at: string | null;
  /** running | done | failed */
  status: string;
  payments_checked: number;
  findings: number;
  error: string | null;
}

/**
 * What a run found about one payment. One per (kind, payment): a later run that finds the same thing
 * again leaves it as it is.
 */
export interface ReconciliationFindingsTable {
  id: string;
  run_id: string;
  /**
   * charge_without_order | amount_mismatch | refund_mismatch | order_without_charge (see
   * reconciliation.service.ts)
   */
  kind: string;
  payment_intent_id: string;
  order_number: string | null;
  /** The shop's figure and the processor's, in cents, where the kind compares amounts. */
  shop_amount: number | null;
  processor_amount: number | null;
  /** What reconciliation did: order_recorded | refunded | open (an operator's to look at). */
  resolution: string;
  detail: string;
  created_at: string;
}

export type ReconciliationRunRow = Selectable<ReconciliationRunsTable>;
export type ReconciliationFindingRow = Selectable<ReconciliationFindingsTable>;

export interface ReconciliationTables {
  reconciliation_runs: ReconciliationRunsTable;
  reconciliation_findings: ReconciliationFindingsTable;
}
