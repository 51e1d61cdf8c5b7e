/** What a `tracking.check` job was for, for the console's jobs screen (console-jobs/job-kinds.ts). */
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { findParcel } from './tracking.repository.ts';

export async function aboutTrackingCheckJob(
  db: Db,
  data: unknown,
): Promise<{ about: string; target: null } | null> {
  const parsed = z.object({ parcelId: z.string() }).safeParse(data);
  if (!parsed.success) return null;
  const parcel = await findParcel(db, parsed.data.parcelId);
  if (!parcel) return { about: 'A parcel no longer followed', target: null };
  const what = parcel.kind === 'return' ? 'return parcel' : 'parcel';
  return { about: `Tracking of ${what} ${parcel.tracking_number}`, target: null };
}
