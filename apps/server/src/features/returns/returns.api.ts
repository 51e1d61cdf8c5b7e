/**
 * The returns' door (decision 032): what the returns feature publishes (returns.events.ts) and what
 * the labels feature reads of a return to issue or resend its label in the console; the tracking
 * feature marks a return's parcel on its way; reviews read the reasons for fit advice. Anything not
 * exported here is the returns feature's own (eslint.config.js).
 */
import type { ReturnDetail } from '@sunward/core/console-returns-schemas';
import type { Db } from '../../db/database.ts';
import { detailAfter, RETURN_NOT_FOUND } from './admin-returns.service.ts';
import { findReturnByPublicId } from './admin-returns.repository.ts';
import { countReturnReasons } from './returns.repository.ts';

export * from './returns.events.ts';
export { markReturnOnItsWay } from './return-transit.ts';
export { RETURN_NOT_FOUND };

/** The return behind a console URL: its id, its order's number and its label (null: none yet). */
export async function findReturnForLabel(
  db: Db,
  publicId: string,
): Promise<{ id: string; orderNumber: string; returnLabel: string | null } | undefined> {
  const row = await findReturnByPublicId(db, publicId);
  return row && { id: row.id, orderNumber: row.order_number, returnLabel: row.return_label };
}

/** The return as the console shows it now (after a change made outside the returns feature). */
export function returnDetailNow(db: Db, publicId: string): Promise<ReturnDetail> {
  return detailAfter(db, publicId);
}

/** Returned units with a reason, by size and reason: of `design`, or every design (null). */
export async function returnReasonCounts(
  db: Db,
  design: string | null,
): Promise<{ size: string; reason: string; count: number }[]> {
  const rows = await countReturnReasons(db, design);
  return rows.map((r) => ({ size: r.size, reason: r.return_reason!, count: Number(r.n) }));
}
