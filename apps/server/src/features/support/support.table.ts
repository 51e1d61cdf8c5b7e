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
}

export type SupportRequestRow = Selectable<SupportRequestsTable>;
export type NewSupportRequest = Insertable<SupportRequestsTable>;
export type DataRequestRow = Selectable<DataRequestsTable>;
export type NewDataRequest = Insertable<DataRequestsTable>;

export interface SupportTables {
  support_requests: SupportRequestsTable;
  data_requests: DataRequestsTable;
}
