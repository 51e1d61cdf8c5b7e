/**
 * The parcels of return labels the tracking job follows (issue 27 item 2): a label whose return still
 * waits for its parcel (requested). Return labels are USPS's (or the sandbox's, as if USPS's).
 */
import type { Db } from '../../db/database.ts';
import * as repo from './return-labels.repository.ts';

export interface ReturnParcel {
  returnId: string;
  trackingNumber: string;
  /** When the label was made: the parcel cannot be scanned before. */
  createdAt: string;
}

export async function returnParcels(db: Db): Promise<ReturnParcel[]> {
  const rows = await repo.labelsOfRequestedReturns(db);
  return rows.map((r) => ({
    returnId: r.return_id,
    trackingNumber: r.tracking_number,
    createdAt: r.created_at,
  }));
}
