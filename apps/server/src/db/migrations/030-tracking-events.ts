import type { Kysely, Migration } from 'kysely';

/**
 * Tracking to delivery (issue 27 item 2, docs/decisions/040): every shipped order's parcel and every
 * return label's parcel is followed by a scheduled job (features/tracking).
 * - `tracked_parcels`: one row per parcel the shop follows (an order's shipment, a return's label),
 *   with when it was last asked about, its first scan and its delivery.
 * - `tracking_events`: the carrier's scans, unique per (tracking number, time, code), so a run again,
 *   or two processes at once, never store a scan twice.
 * - `orders.delivered_at`: the carrier's delivery time; the return window counts from it when known.
 */
export const trackingEvents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tracked_parcels')
      .addColumn('id', 'text', (c) => c.primaryKey())
      /** order | return */
      .addColumn('kind', 'text', (c) => c.notNull())
      /** The order's id (kind order) or the return's id (kind return). */
      .addColumn('ref_id', 'text', (c) => c.notNull())
      .addColumn('tracking_number', 'text', (c) => c.notNull())
      .addColumn('carrier', 'text', (c) => c.notNull())
      /** When it was handed to the carrier (shipped, or the label made). */
      .addColumn('shipped_at', 'text', (c) => c.notNull())
      /** Where it goes (an order's shipping address): the sandbox delivers it there. Null: unknown. */
      .addColumn('dest_city', 'text')
      .addColumn('dest_state', 'text')
      .addColumn('dest_zip', 'text')
      .addColumn('checked_at', 'text')
      .addColumn('first_scan_at', 'text')
      .addColumn('delivered_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('tracked_parcels_ref_unique', ['kind', 'ref_id', 'tracking_number'])
      .execute();
    await db.schema
      .createIndex('tracked_parcels_open_idx')
      .on('tracked_parcels')
      .columns(['delivered_at', 'shipped_at'])
      .execute();
    await db.schema
      .createTable('tracking_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tracking_number', 'text', (c) => c.notNull())
      /** ISO 8601 UTC, as the carrier dated the scan. */
      .addColumn('occurred_at', 'text', (c) => c.notNull())
      /** The carrier's event code (USPS: OA accepted, 10 in transit, OF out for delivery, 01 delivered). */
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('city', 'text')
      .addColumn('state', 'text')
      .addColumn('zip', 'text')
      .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('tracking_events_scan_unique', [
        'tracking_number',
        'occurred_at',
        'code',
      ])
      .execute();
    await db.schema.alterTable('orders').addColumn('delivered_at', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('orders').dropColumn('delivered_at').execute();
    await db.schema.dropTable('tracking_events').execute();
    await db.schema.dropTable('tracked_parcels').execute();
  },
};
