import type { Insertable, Selectable } from 'kysely';

/** Every operator action (migration 012): appended with the change it records, never updated. */
export interface OperatorActionsTable {
  id: string;
  at: string;
  /** The operator's customer id. */
  operator_id: string;
  /** The operator's email when they acted (kept if their account changes). */
  operator_email: string;
  /** `<area>.<verb>`, e.g. `order.ship`, `return.refund`, `settings.update`. */
  action: string;
  /** order | return | product | design | settings | customer | support | data-request | email | role */
  target_type: string;
  target_id: string;
  /** JSON object: what changed (amounts in cents, old and new values). */
  detail: string;
}

export type OperatorActionRow = Selectable<OperatorActionsTable>;
export type NewOperatorAction = Insertable<OperatorActionsTable>;

export interface OperatorTables {
  operator_actions: OperatorActionsTable;
}
