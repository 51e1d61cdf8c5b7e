import type { Insertable, Selectable } from 'kysely';

/** A buyer's review of one design of one order (migration 035, docs/decisions/048). */
export interface ReviewsTable {
  id: string;
  order_id: string;
  /** The signed-in buyer's customer id, or null (a guest's order, reviewed by the emailed link). */
  customer_id: string | null;
  design: string;
  /** The size bought (a size code). */
  size: string;
  /** 1 to 5. */
  stars: number;
  /** core FitAnswer: runs-small | true-to-size | runs-large. */
  fit: string;
  title: string | null;
  body: string | null;
  first_name: string | null;
  /** A US state code. */
  state: string | null;
  /** core ReviewStatus: new | published | hidden. */
  status: string;
  /** The shop's public reply, and when it was last written. */
  reply: string | null;
  reply_at: string | null;
  /** When an operator last published or hid it, and who (their customer id). */
  moderated_at: string | null;
  moderated_by: string | null;
  created_at: string;
  updated_at: string;
}

export type ReviewRow = Selectable<ReviewsTable>;
export type NewReview = Insertable<ReviewsTable>;

export interface ReviewTables {
  reviews: ReviewsTable;
}
