/** Every query of the tracking feature: the parcels it follows and the scans it stores (migration 030). */
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { CarrierScan } from './tracking-provider.ts';

export interface NewParcel {
  kind: 'order' | 'return';
  refId: string;
  trackingNumber: string;
  carrier: string;
  shippedAt: string;
  destination?: { city: string; state: string; zip: string } | null;
}

/** Follows these parcels; one already followed is left as it is (two sweeps at once add it once). */
export async function addParcels(db: Db, parcels: readonly NewParcel[], at: string): Promise<void> {
  for (let i = 0; i < parcels.length; i += 200) {
    const chunk = parcels.slice(i, i + 200);
    await db
      .insertInto('tracked_parcels')
      .values(
        chunk.map((p) => ({
          id: newId('tp'),
          kind: p.kind,
          ref_id: p.refId,
          tracking_number: p.trackingNumber,
          carrier: p.carrier,
          shipped_at: p.shippedAt,
          dest_city: p.destination?.city ?? null,
          dest_state: p.destination?.state ?? null,
          dest_zip: p.destination?.zip ?? null,
          checked_at: null,
          first_scan_at: null,
          delivered_at: null,
          created_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['kind', 'ref_id', 'tracking_number']).doNothing())
      .execute();
  }
}

/**
 * The parcels not delivered yet and handed over since `since` (one never delivered is given up then),
 * the longest unchecked first.
 */
export function openParcels(db: Db, since: string) {
  return db
    .selectFrom('tracked_parcels')
    .select(['id', 'carrier'])
    .where('delivered_at', 'is', null)
    .where('shipped_at', '>=', since)
    .orderBy('checked_at')
    .orderBy('shipped_at')
    .execute();
}

export function findParcel(db: Db, id: string) {
  return db.selectFrom('tracked_parcels').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Stores each scan once: a scan already stored (same number, time and code) is skipped. */
export async function insertScans(
  trx: Db,
  trackingNumber: string,
  scans: readonly CarrierScan[],
  at: string,
): Promise<void> {
  if (scans.length === 0) return;
  await trx
    .insertInto('tracking_events')
    .values(
      scans.map((s) => ({
        id: newId('te'),
        tracking_number: trackingNumber,
        occurred_at: s.at,
        code: s.code,
        description: s.description,
        city: s.city,
        state: s.state,
        zip: s.zip,
        delivered: s.delivered ? 1 : 0,
        created_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(['tracking_number', 'occurred_at', 'code']).doNothing())
    .execute();
}

/** What the last check learnt; a first scan or a delivery already recorded is kept. */
export function updateParcel(
  trx: Db,
  id: string,
  state: { checkedAt: string; firstScanAt: string | null; deliveredAt: string | null },
) {
  return trx
    .updateTable('tracked_parcels')
    .set((eb) => ({
      checked_at: state.checkedAt,
      first_scan_at: eb.fn.coalesce('first_scan_at', eb.val(state.firstScanAt)),
      delivered_at: eb.fn.coalesce('delivered_at', eb.val(state.deliveredAt)),
    }))
    .where('id', '=', id)
    .execute();
}

/** A parcel's stored scans, oldest first (tests, and the console). */
export function scansOf(db: Db, trackingNumber: string) {
  return db
    .selectFrom('tracking_events')
    .selectAll()
    .where('tracking_number', '=', trackingNumber)
    .orderBy('occurred_at')
    .orderBy('code')
    .execute();
}
