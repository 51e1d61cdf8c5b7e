/**
 * Scans from USPS's Tracking API v3 (https://developers.usps.com): `GET
 * /tracking/v3/tracking/{trackingNumber}?expand=DETAIL` with the OAuth token of the USPS client
 * (features/usps/usps-api.client.ts, the same token as addresses, prices and return labels). Selected
 * when USPS_CLIENT_ID and USPS_CLIENT_SECRET are set (plugins/providers.ts).
 *
 * Each of `trackingEvents` is a scan: `eventType` (the words), `eventCode`, `eventTimestamp` (local to
 * the scan's place) and `GMTTimestamp` (UTC, used when present), `eventCity`, `eventState`, `eventZIP`.
 * An unknown number (404, or 400 for one USPS does not know yet) answers no scans; a 429 or 5xx, or no
 * answer in time, throws so the job asks again later.
 */
import type { CarrierScan, TrackingProvider } from './tracking-provider.ts';

/** The authorised call of the USPS client: its OAuth token, renewed on a 401. */
export interface UspsTrackingCaller {
  call(path: string, init?: RequestInit): Promise<Response>;
}

interface UspsTrackingEvent {
  eventType?: unknown;
  eventCode?: unknown;
  eventTimestamp?: unknown;
  GMTTimestamp?: unknown;
  eventCity?: unknown;
  eventState?: unknown;
  eventZIP?: unknown;
  eventZIPCode?: unknown;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** A USPS time as ISO 8601 UTC to the second; a time without a zone is taken as UTC. */
function utc(value: string): string | null {
  const zoned = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const ms = new Date(zoned).getTime();
  return Number.isNaN(ms) ? null : new Date(Math.floor(ms / 1000) * 1000).toISOString();
}

/** USPS's scan as the shop keeps it, or null when it has no usable time. */
export function scanOf(event: UspsTrackingEvent): CarrierScan | null {
  const when = text(event.GMTTimestamp) ?? text(event.eventTimestamp);
  const at = when ? utc(when) : null;
  if (!at) return null;
  const description = text(event.eventType) ?? 'Tracking update';
  const code = text(event.eventCode) ?? description.toUpperCase().slice(0, 40);
  return {
    at,
    code,
    description,
    city: text(event.eventCity),
    state: text(event.eventState),
    zip: text(event.eventZIP) ?? text(event.eventZIPCode),
    delivered: code === '01' || /^delivered\b/i.test(description),
  };
}

/** How long one tracking request may take (the job asks again later). */
export const USPS_TRACKING_TIMEOUT_MS = 10_000;

export function createUspsTrackingProvider(
  usps: UspsTrackingCaller,
  timeoutMs = USPS_TRACKING_TIMEOUT_MS,
): TrackingProvider {
  return {
    name: 'usps-api',
    follows: (carrier) => carrier === 'usps',
    async track(parcel, _now, signal) {
      const path = `/tracking/v3/tracking/${encodeURIComponent(parcel.trackingNumber)}?expand=DETAIL`;
      const timeout = AbortSignal.timeout(timeoutMs);
      const res = await usps.call(path, {
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (res.status === 404 || res.status === 400) {
        await res.body?.cancel();
        return [];
      }
      if (!res.ok) {
        const body = await res.text().catch(() => '');
        throw new Error(`USPS tracking answered ${res.status}: ${body.slice(0, 200)}`);
      }
      const body = (await res.json()) as { trackingEvents?: unknown };
      const events = Array.isArray(body.trackingEvents) ? body.trackingEvents : [];
      return events
        .map((e) => scanOf((e ?? {}) as UspsTrackingEvent))
        .filter((s): s is CarrierScan => s !== null);
    },
  };
}
