/**
 * Where the scans of a parcel come from (issue 27 item 2, docs/decisions/040): USPS's Tracking API v3
 * when the USPS credentials are set (usps-tracking.provider.ts), else the sandbox carrier
 * (sandbox-tracking.provider.ts), which moves parcels on a schedule seeded by their tracking number.
 */

/** One scan as the carrier reports it. */
export interface CarrierScan {
  /** ISO 8601 UTC, to the second. */
  at: string;
  /** The carrier's event code (USPS: OA accepted, 10 arrived at a facility, OF out for delivery, 01 delivered). */
  code: string;
  description: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  delivered: boolean;
}

export interface ParcelQuery {
  trackingNumber: string;
  /** core/carriers */
  carrier: string;
  /** When it was handed over (shipped, or the return label made): the sandbox's schedule starts here. */
  shippedAt: string;
  /** Where it goes, when known (the sandbox delivers it there). */
  destination?: Place | null;
}

export interface Place {
  city: string;
  state: string;
  zip: string;
}

export interface TrackingProvider {
  readonly name: 'sandbox' | 'usps-api';
  /** Whether it can follow a parcel of this carrier (USPS's API follows USPS parcels only). */
  follows(carrier: string): boolean;
  /**
   * The parcel's scans so far (any order; the caller stores each once). Throws when the carrier could
   * not answer (a timeout, a 5xx): the job runs again later. An unknown number answers no scans.
   */
  track(parcel: ParcelQuery, now: Date, signal?: AbortSignal): Promise<CarrierScan[]>;
}
