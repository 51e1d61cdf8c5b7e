import type { Selectable } from 'kysely';

/** A parcel the shop follows (migration 030): an order's shipment or a return's label. */
export interface TrackedParcelsTable {
  id: string;
  /** order | return */
  kind: string;
  /** The order's id (kind order) or the return's id (kind return). */
  ref_id: string;
  tracking_number: string;
  /** core/carriers; a return label is always usps. */
  carrier: string;
  shipped_at: string;
  /** Where it goes (an order's shipping address); null for a return parcel. */
  dest_city: string | null;
  dest_state: string | null;
  dest_zip: string | null;
  checked_at: string | null;
  first_scan_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** One scan of a parcel by its carrier, unique per (tracking number, time, code). */
export interface TrackingEventsTable {
  id: string;
  tracking_number: string;
  occurred_at: string;
  code: string;
  description: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** 1 for the delivery scan. */
  delivered: number;
  created_at: string;
}

export type TrackedParcelRow = Selectable<TrackedParcelsTable>;
export type TrackingEventRow = Selectable<TrackingEventsTable>;

export interface TrackingTables {
  tracked_parcels: TrackedParcelsTable;
  tracking_events: TrackingEventsTable;
}
