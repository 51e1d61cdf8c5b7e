import type { Insertable, Selectable } from 'kysely';

/** One return label per return (migration 011): the PDF itself, served at its token's URL. */
export interface ReturnLabelsTable {
  id: string;
  /** `returns.id`, unique: a return has at most one label. */
  return_id: string;
  /** Unguessable: the label's URL is `/api/returns/labels/{token}.pdf`. */
  token: string;
  tracking_number: string;
  /** sandbox | usps-api */
  provider: string;
  /** The PDF's bytes (a blob on SQLite, bytea on PostgreSQL). */
  pdf: Uint8Array;
  created_at: string;
}

export type ReturnLabelRow = Selectable<ReturnLabelsTable>;
export type NewReturnLabel = Insertable<ReturnLabelsTable>;

export interface LabelTables {
  return_labels: ReturnLabelsTable;
}
