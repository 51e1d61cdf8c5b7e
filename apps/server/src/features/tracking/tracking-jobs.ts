/**
 * Tracking to delivery (issue 27 item 2, docs/decisions/040). A schedule, `tracking.sweep`, runs once
 * per period across every process (TRACKING_EVERY_MS, default 15 minutes): it starts following the
 * parcels of shipped orders and of return labels whose return waits for its parcel, then enqueues one
 * `tracking.check` per parcel not delivered yet (for 30 days after its handover), keyed by the parcel and the period, so a sweep run
 * twice enqueues each check once.
 *
 * A check asks the carrier (outside any transaction, decision 034), then in one short transaction
 * stores the scans it has not stored yet (unique per number, time and code: two processes, or a run
 * again, store each scan once), notes what the parcel's state became, and acts on it: an order's
 * parcel delivered completes the order with the delivery date (through the orders' door, actor
 * system); a return's parcel scanned marks the return on its way (through the returns' door). A
 * carrier that does not answer makes the check throw: the engine retries it with backoff.
 */
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { PeriodData } from '../../lib/jobs/job-schedules.ts';
import { returnParcels } from '../labels/labels.api.ts';
import { recordDelivery, shippedParcels } from '../orders/orders.api.ts';
import { markReturnOnItsWay } from '../returns/returns.api.ts';
import * as repo from './tracking.repository.ts';
import type { CarrierScan, TrackingProvider } from './tracking-provider.ts';

export const TRACKING_SWEEP_JOB = 'tracking.sweep';
export const TRACKING_CHECK_JOB = 'tracking.check';

export interface TrackingCheck {
  parcelId: string;
}

export interface TrackingDeps {
  db: Db;
  jobs: JobQueue;
  provider: TrackingProvider;
  /** The clock (the job engine's: tests move it by hand). */
  now: () => number;
  everyMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A parcel not delivered 30 days after it was handed over is lost: no longer asked about. */
export const GIVE_UP_AFTER_MS = 30 * 24 * 3_600_000;

/** Starts following the parcels that need it; answers nothing (idempotent). */
async function discover(deps: TrackingDeps): Promise<void> {
  const at = iso(deps.now());
  const orders = (await shippedParcels(deps.db)).filter((p) => deps.provider.follows(p.carrier));
  const returns = (await returnParcels(deps.db)).filter(() => deps.provider.follows('usps'));
  await repo.addParcels(
    deps.db,
    [
      ...orders.map((p) => ({
        kind: 'order' as const,
        refId: p.orderId,
        trackingNumber: p.trackingNumber,
        carrier: p.carrier,
        shippedAt: p.shippedAt,
        destination: p.destination,
      })),
      ...returns.map((p) => ({
        kind: 'return' as const,
        refId: p.returnId,
        trackingNumber: p.trackingNumber,
        carrier: 'usps',
        shippedAt: p.createdAt,
      })),
    ],
    at,
  );
}

/** One period's sweep: follow new parcels, then one check per parcel not delivered, once per period. */
export async function sweep(deps: TrackingDeps, periodStart: string): Promise<void> {
  await discover(deps);
  const since = iso(deps.now() - GIVE_UP_AFTER_MS);
  const open = (await repo.openParcels(deps.db, since)).filter((p) =>
    deps.provider.follows(p.carrier),
  );
  for (let i = 0; i < open.length; i += 100) {
    const chunk = open.slice(i, i + 100);
    await deps.db.transaction().execute(async (trx) => {
      for (const parcel of chunk) {
        await deps.jobs.enqueue<TrackingCheck>(trx, {
          name: TRACKING_CHECK_JOB,
          data: { parcelId: parcel.id },
          key: `tracking:${parcel.id}:${periodStart}`,
        });
      }
    });
  }
}

const earliest = (scans: readonly CarrierScan[]) =>
  scans.reduce<string | null>((min, s) => (min === null || s.at < min ? s.at : min), null);

/** Asks the carrier about one parcel and records what is new. */
export async function checkParcel(
  deps: TrackingDeps,
  parcelId: string,
  signal?: AbortSignal,
): Promise<void> {
  const parcel = await repo.findParcel(deps.db, parcelId);
  if (!parcel || parcel.delivered_at !== null) return;
  // Outside any transaction: nothing is locked while the carrier answers.
  const scans = await deps.provider.track(
    {
      trackingNumber: parcel.tracking_number,
      carrier: parcel.carrier,
      shippedAt: parcel.shipped_at,
      destination:
        parcel.dest_city && parcel.dest_state && parcel.dest_zip
          ? { city: parcel.dest_city, state: parcel.dest_state, zip: parcel.dest_zip }
          : null,
    },
    new Date(deps.now()),
    signal,
  );
  const at = iso(deps.now());
  const firstScanAt = earliest(scans);
  const delivered = scans.find((s) => s.delivered) ?? null;
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertScans(trx, parcel.tracking_number, scans, at);
    await repo.updateParcel(trx, parcel.id, {
      checkedAt: at,
      firstScanAt,
      deliveredAt: delivered?.at ?? null,
    });
    if (parcel.kind === 'order' && delivered) {
      await recordDelivery(trx, {
        orderId: parcel.ref_id,
        trackingNumber: parcel.tracking_number,
        deliveredAt: delivered.at,
        at,
      });
    }
    if (parcel.kind === 'return' && firstScanAt !== null) {
      await markReturnOnItsWay(trx, parcel.ref_id, at);
    }
  });
}

/** Declares the sweep's schedule and the checks on `jobs` (before the queue starts). */
export function registerTracking(deps: TrackingDeps): void {
  // A sweep again in the same period enqueues nothing more (the checks' keys).
  deps.jobs.work<PeriodData>(TRACKING_SWEEP_JOB, async ({ data }) => {
    await sweep(deps, data.periodStart);
  });
  deps.jobs.work<TrackingCheck>(
    TRACKING_CHECK_JOB,
    async ({ data, signal }) => {
      await checkParcel(deps, data.parcelId, signal);
    },
    // A carrier out of reach: asked again from 30 s, doubling to 10 minutes; the next period's sweep
    // asks again anyway.
    {
      maxAttempts: 6,
      backoff: { firstMs: 30_000, maxMs: 10 * 60_000 },
      timeoutMs: 60_000,
      concurrency: 4,
    },
  );
  deps.jobs.schedule(TRACKING_SWEEP_JOB, { everyMs: deps.everyMs });
}
