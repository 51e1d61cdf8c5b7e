/**
 * The carrier's scans of orders' parcels for the Order view (issue 27 item 2): a whole page of orders in
 * one query, each order's newest first. The tracking feature writes `tracking_events`; the orders
 * feature reads them for the view it owns (see order-delivery.ts).
 */
import type { TrackingEvent } from '@sunward/core/checkout-schemas';
import type { Db } from '../../db/database.ts';
import * as repo from './orders.repository.ts';

/** "Atlanta, GA 30320" from a scan's parts, as carriers print places (upper case) made readable. */
export function placeOf(city: string | null, state: string | null, zip: string | null): string {
  const town = city
    ? city
        .toLowerCase()
        .replace(/(^|[\s-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase())
    : '';
  const region = [state?.toUpperCase(), zip].filter(Boolean).join(' ');
  return [town, region].filter(Boolean).join(', ');
}

/** Scans per tracking number, newest first; a number without scans is absent. */
export async function trackingEventsOf(
  db: Db,
  trackingNumbers: readonly string[],
): Promise<Map<string, TrackingEvent[]>> {
  const byNumber = new Map<string, TrackingEvent[]>();
  if (trackingNumbers.length === 0) return byNumber;
  const rows = await repo.trackingScans(db, [...new Set(trackingNumbers)]);
  for (const row of rows) {
    const list = byNumber.get(row.tracking_number) ?? [];
    list.push({
      at: row.occurred_at,
      place: placeOf(row.city, row.state, row.zip),
      description: row.description,
      delivered: Number(row.delivered) === 1,
    });
    byNumber.set(row.tracking_number, list);
  }
  return byNumber;
}
