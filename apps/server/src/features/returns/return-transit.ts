/**
 * A return's parcel on its way back (issue 27 item 2): when the carrier first scans the return label's
 * parcel, the tracking job moves a requested return to `on-its-way` (core/return-status.ts), so the
 * console's queue shows what is coming. Any later status (received, refunded, closed) is left alone.
 */
import type { Db } from '../../db/database.ts';
import * as repo from './admin-returns.repository.ts';

/** In the caller's transaction; answers whether the return moved (false: not requested any more). */
export function markReturnOnItsWay(trx: Db, returnId: string, at: string): Promise<boolean> {
  return repo.moveRequestedOnItsWay(trx, returnId, at);
}
