import type { Insertable, Selectable } from 'kysely';

/** An operator's note on an order (migration 013): appended, never changed. */
export interface OrderNotesTable {
  id: string;
  order_id: string;
  at: string;
  /** The operator's customer id, and their email as it was when they wrote. */
  operator_id: string;
  operator_email: string;
  body: string;
  /** The client's key: the same key answers the same note (a double click writes one). */
  idempotency_key: string | null;
}

export type OrderNoteRow = Selectable<OrderNotesTable>;
export type NewOrderNote = Insertable<OrderNotesTable>;

export interface OrderNoteTables {
  order_notes: OrderNotesTable;
}
