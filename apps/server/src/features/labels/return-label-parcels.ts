/**
 * The parcels of return labels the tracking job follows (issue 27 item 2): a label whose return still
 * waits for its parcel (requested). Return labels are USPS's (or the sandbox's, as if USPS's).
 */
import type { Db } from '../../db/database.ts';

export interface ReturnParcel {
  returnId: string;
  trackingNumber: string;
  /** When the label was made: the parcel cannot be scanned before. */
  createdAt: string;
}

export async function returnParcels(db: Db): Promise<ReturnParcel[]> {
  const rows = await db
    .selectFrom('return_labels as l')
    .innerJoin('returns as r', 'r.id', 'l.return_id')
    .select(['l.return_id', 'l.tracking_number', 'l.created_at'])
    .where('r.status', '=', 'requested')
    .orderBy('l.created_at')
    .execute();
  return rows.map((r) => ({
    returnId: r.return_id,
    trackingNumber: r.tracking_number,
    createdAt: r.created_at,
  }));
}
