import type { Insertable, Selectable } from 'kysely';

export interface SupportRequestsTable {
  id: string;
  order_number: string | null;
  /** The sender's email: as given, else the signed-in customer's. */
  email: string | null;
  /** The signed-in sender's customer (a valid bearer token), else null. */
  customer_id: string | null;
  message: string;
  /** open | answered | closed: the operators'. */
  status: string;
  created_at: string;
  /** When the sender's personal data was erased: message and email emptied (migration 016). */
  erased_at: string | null;
}

/** A privacy request under California law (CCPA): answered within 45 days of `received_at`. */
export interface DataRequestsTable {
  id: string;
  email: string;
  message: string;
  status: string;
  created_at: string;
  /** When the request reached the shop (the 45 days count from its calendar date). Migration 011. */
  received_at: string;
  /** ISO date: the last day to answer. Migration 011. */
  due_by: string;
  customer_id: string | null;
  /** When an operator marked it completed (migration 016); null while open. */
  completed_at: string | null;
  /** The operator's note of what was done (migration 016). */
  completion_note: string | null;
  /** When the requester's personal data was erased: message and email emptied (migration 016). */
  erased_at: string | null;
  /**
   * When the requester opened the emailed link that proves `email` is theirs (migration 038, decision
   * 053); null until then. An export or erasure by the email needs it.
   */
  email_proven_at: string | null;
}

/** An operator's reply to a support message, emailed through the outbox (migration 016). */
export interface SupportRepliesTable {
  id: string;
  support_request_id: string;
  body: string;
  /** Where the reply went: the message's email, else its order's. */
  to_address: string;
  /** The outbox email that carries it. */
  email_id: string | null;
  operator_id: string;
  operator_email: string;
  /** The console's key for this submit: a double submit makes one reply (unique). */
  idempotency_key: string;
  created_at: string;
}

export type SupportRequestRow = Selectable<SupportRequestsTable>;
export type NewSupportRequest = Insertable<SupportRequestsTable>;
export type DataRequestRow = Selectable<DataRequestsTable>;
export type NewDataRequest = Insertable<DataRequestsTable>;
export type SupportReplyRow = Selectable<SupportRepliesTable>;

export interface SupportTables {
  support_requests: SupportRequestsTable;
  data_requests: DataRequestsTable;
  support_replies: SupportRepliesTable;
}
