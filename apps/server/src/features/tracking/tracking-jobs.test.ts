/**
 * Tracking to delivery (issue 27 item 2) on every test database, with the sandbox carrier and the job
 * engine's clock moved by hand (no test waits on real time): a shipped order's scans are stored once
 * each as the parcel moves, shown on the order (lookup), and its delivery completes the order with the
 * carrier's date, from which the return window runs; a return label's first scan puts the return on
 * its way in the console's queue; a check run twice, or by two servers at once, stores each scan once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@sunward/core/checkout-schemas';
import { DATABASE_KINDS, attachApp, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  advanceQueue,
  FAST_JOBS,
  JOB_WAIT,
  jobsLeft,
  manualClock,
} from '../../lib/jobs/testing/job-test-kit.ts';
import { SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { insertReturnedOrder } from '../labels/return-labels.factories.ts';
import { orderRow } from '../orders/orders.factories.ts';
import { listReturnQueue } from '../returns/admin-returns.repository.ts';
import { refund, returnBody } from '../returns/returns.factories.ts';
import { sandboxSchedule, sandboxTrackingProvider } from './sandbox-tracking.provider.ts';
import {
  checkParcel,
  TRACKING_CHECK_JOB,
  TRACKING_SWEEP_JOB,
  type TrackingDeps,
} from './tracking-jobs.ts';
import { insertReturnLabel, insertShippedOrder } from './tracking.factories.ts';
import * as repo from './tracking.repository.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const EVERY_MS = 10 * MINUTE;
const ENV = { TRACKING_EVERY_MS: String(EVERY_MS) };
const ms = (iso: string) => new Date(iso).getTime();
const iso = (t: number) => new Date(t).toISOString();
/** Bought well outside the holiday window (Nov 15 - Dec 24), so only the 15 days count. */
const BOUGHT = iso(Date.now() - 70 * DAY);

describe.each(DATABASE_KINDS)('tracking to delivery on %s', (kind) => {
  let t: TestApp;
  // The engine's clock starts three weeks back, so a parcel shipped "now" is delivered in the past.
  const clock = manualClock(Date.now() - 21 * DAY);
  beforeAll(async () => {
    t = await createTestApp(kind, {}, ENV, false, { now: clock.now, ...FAST_JOBS });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const deps = (): TrackingDeps => ({
    db: db(),
    jobs: t.app.jobs,
    provider: sandboxTrackingProvider,
    now: clock.now,
    everyMs: EVERY_MS,
  });
  /** Moves the clock to `at` (one period at least), and waits until the sweeps and checks are done. */
  const runUntil = async (at: number) => {
    await advanceQueue(db(), t.app.jobs.engine, clock, Math.max(at - clock.now(), EVERY_MS));
    await expect
      .poll(() => jobsLeft(t.app.jobs, TRACKING_SWEEP_JOB, TRACKING_CHECK_JOB), JOB_WAIT)
      .toBe(0);
  };
  const scanCount = async (tracking: string) => (await repo.scansOf(db(), tracking)).length;
  const orderOf = (id: string) =>
    db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const lookUp = async (orderNumber: string, email: string) => {
    const res = await t.request('POST', '/api/orders/lookup', { orderNumber, email });
    expect(res.status).toBe(200);
    return res.body as Order;
  };

  it('stores each scan once as the parcel moves, and completes the order with the delivery date', async () => {
    const shippedAt = iso(clock.now());
    const order = await insertShippedOrder(db(), { shippedAt, createdAt: BOUGHT });
    const all = sandboxSchedule({ trackingNumber: order.tracking, shippedAt });
    const due = (now: number) => all.filter((s) => ms(s.at) <= now).length;

    // Accepted and the first in-transit scan, not delivered.
    await runUntil(ms(all[1]!.at) + MINUTE);
    await expect.poll(() => scanCount(order.tracking), JOB_WAIT).toBe(due(clock.now()));
    expect((await orderOf(order.id)).status).toBe('shipped');
    const moving = await lookUp(order.orderNumber, order.email);
    expect(moving.deliveredAt).toBeNull();
    expect(moving.trackingEvents.map((e) => e.description)).toEqual(
      all
        .slice(0, due(clock.now()))
        .reverse()
        .map((s) => s.description),
    );
    expect(moving.trackingEvents.at(-1)).toMatchObject({
      place: 'Raleigh, NC 27676',
      description: 'Accepted at USPS Origin Facility',
      delivered: false,
    });

    // Out for delivery, then delivered: checked a day before the real now, the order is completed.
    await runUntil(ms(all.at(-2)!.at) + MINUTE);
    await expect.poll(() => scanCount(order.tracking), JOB_WAIT).toBe(all.length - 1);
    await runUntil(Date.now() - DAY);
    await expect.poll(async () => (await orderOf(order.id)).status, JOB_WAIT).toBe('completed');
    const done = await orderOf(order.id);
    expect(done.delivered_at).toBe(all.at(-1)!.at);
    const events = await db()
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('to_status', '=', 'completed')
      .execute();
    expect(events).toMatchObject([{ actor: 'system', from_status: 'shipped' }]);
    expect(await scanCount(order.tracking)).toBe(all.length);

    // More periods: the delivered parcel is not asked about again, nothing is stored twice.
    await runUntil(clock.now() + 3 * EVERY_MS);
    expect(await scanCount(order.tracking)).toBe(all.length);
    const shown = await lookUp(order.orderNumber, order.email);
    expect(shown.status).toBe('completed');
    expect(shown.deliveredAt).toBe(all.at(-1)!.at);
    // Delivered where it was shipped to (the factory's order goes to Raleigh, NC 27601).
    expect(shown.trackingEvents[0]).toMatchObject({
      description: 'Delivered, In/At Mailbox',
      place: 'Raleigh, NC 27601',
      delivered: true,
    });
    expect(shown.trackingEvents.map((e) => e.at)).toEqual(all.map((s) => s.at).reverse());

    // The return window ran from the delivery (over 15 days ago), not from the order's last change
    // (a day ago): the return is refused.
    const refused = await t.request(
      'POST',
      '/api/orders/return',
      returnBody(shown, { 0: refund() }, { email: order.email }),
    );
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('return window for this order has closed');
  });

  it('the return window counts from the delivery date when known, else from the last change', async () => {
    const recentDelivery = orderRow({
      status: 'completed',
      email: 'pat.shopper@example.com',
      tracking: '9400111899223100000777',
      carrier: 'usps',
      created_at: BOUGHT,
      updated_at: iso(Date.now() - 30 * DAY),
      delivered_at: iso(Date.now() - 3 * DAY),
    });
    const byHand = orderRow({
      status: 'completed',
      email: 'pat.shopper@example.com',
      created_at: BOUGHT,
      updated_at: iso(Date.now() - 3 * DAY),
    });
    for (const row of [recentDelivery, byHand]) {
      await db().insertInto('orders').values(row).execute();
      await db()
        .insertInto('order_items')
        .values({
          id: `item_${row.id}`,
          order_id: row.id,
          line_no: 1,
          product_id: SHIRT_PRODUCT_ID,
          price_id: SHIRT_PRICE_ID,
          design: 'alaska',
          size: 'mdr',
          position: 'Front',
          quantity: 1,
          unit_amount: 4500,
        })
        .execute();
      const view = await lookUp(row.order_number, row.email);
      const res = await t.request(
        'POST',
        '/api/orders/return',
        returnBody(view, { 0: refund() }, { email: row.email }),
      );
      expect(res.status, res.text).toBe(200);
    }
  });

  it('a check run again, or several at once, stores each scan once', async () => {
    const shippedAt = iso(clock.now() - 3 * DAY);
    const order = await insertShippedOrder(db(), { shippedAt, createdAt: BOUGHT });
    await repo.addParcels(
      db(),
      [
        {
          kind: 'order',
          refId: order.id,
          trackingNumber: order.tracking,
          carrier: 'usps',
          shippedAt,
        },
      ],
      iso(clock.now()),
    );
    const [parcel] = await db()
      .selectFrom('tracked_parcels')
      .select('id')
      .where('ref_id', '=', order.id)
      .execute();
    const due = sandboxSchedule({ trackingNumber: order.tracking, shippedAt }).filter(
      (s) => ms(s.at) <= clock.now(),
    ).length;
    expect(due).toBeGreaterThan(1);
    await Promise.all([1, 2, 3].map(() => checkParcel(deps(), parcel!.id)));
    await checkParcel(deps(), parcel!.id);
    expect(await scanCount(order.tracking)).toBe(due);
  });

  it('puts a return on its way in the console queue at its label’s first scan', async () => {
    const returned = await insertReturnedOrder(db(), { order: { created_at: BOUGHT } });
    const labelAt = iso(clock.now());
    const tracking = await insertReturnLabel(db(), returned.returnId, labelAt);
    const [accepted] = sandboxSchedule({ trackingNumber: tracking, shippedAt: labelAt });
    const statusOf = async () =>
      (
        await db()
          .selectFrom('returns')
          .select('status')
          .where('id', '=', returned.returnId)
          .executeTakeFirstOrThrow()
      ).status;

    await runUntil(ms(accepted!.at) - MINUTE);
    expect(await statusOf()).toBe('requested');
    await runUntil(ms(accepted!.at) + MINUTE);
    await expect.poll(statusOf, JOB_WAIT).toBe('on-its-way');
    const queue = await listReturnQueue(db(), { filter: 'on-its-way', after: null, limit: 50 });
    expect(queue.map((r) => r.public_id)).toContain(returned.publicId);
    const open = await listReturnQueue(db(), { filter: 'open', after: null, limit: 50 });
    expect(open.map((r) => r.public_id)).toContain(returned.publicId);
    expect(await scanCount(tracking)).toBe(1);
  });
  it('gives up on a parcel not delivered 30 days after it was handed over', async () => {
    const lost = await insertShippedOrder(db(), {
      shippedAt: iso(clock.now() - 31 * DAY),
      createdAt: BOUGHT,
    });
    await runUntil(clock.now() + EVERY_MS);
    const parcelOf = () =>
      db()
        .selectFrom('tracked_parcels')
        .selectAll()
        .where('ref_id', '=', lost.id)
        .executeTakeFirst();
    // Followed (the sweep found it), then the sweep and any check done: it was not asked about.
    await expect.poll(async () => (await parcelOf()) !== undefined, JOB_WAIT).toBe(true);
    await expect
      .poll(() => jobsLeft(t.app.jobs, TRACKING_SWEEP_JOB, TRACKING_CHECK_JOB), JOB_WAIT)
      .toBe(0);
    expect((await parcelOf())?.checked_at).toBeNull();
    expect(await scanCount(lost.tracking)).toBe(0);
    expect((await orderOf(lost.id)).status).toBe('shipped');
  });
});

describe.each(DATABASE_KINDS)('tracking with two servers on one %s database', (kind) => {
  let t: TestApp;
  let second: TestApp;
  const clock = manualClock(Date.now() - 21 * DAY);
  beforeAll(async () => {
    t = await createTestApp(kind, {}, ENV, false, { now: clock.now, ...FAST_JOBS });
    second = await attachApp(t.database, {}, ENV, { now: clock.now, ...FAST_JOBS });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('both sweep and check: every parcel delivered once, every scan stored once', async () => {
    const db = t.database.db;
    const shippedAt = iso(clock.now());
    const orders = [];
    for (let i = 0; i < 6; i++)
      orders.push(await insertShippedOrder(db, { shippedAt, createdAt: BOUGHT }));
    const expected = orders.reduce(
      (n, o) => n + sandboxSchedule({ trackingNumber: o.tracking, shippedAt }).length,
      0,
    );
    // Period by period through the whole journey, each server's workers claiming.
    for (let day = 0; day < 6; day++) {
      await advanceQueue(db, t.app.jobs.engine, clock, DAY);
      await expect
        .poll(
          async () =>
            (await jobsLeft(t.app.jobs, TRACKING_SWEEP_JOB, TRACKING_CHECK_JOB)) +
            (await jobsLeft(second.app.jobs, TRACKING_SWEEP_JOB, TRACKING_CHECK_JOB)),
          JOB_WAIT,
        )
        .toBe(0);
    }
    const ids = orders.map((o) => o.id);
    await expect
      .poll(
        async () =>
          (await db.selectFrom('orders').select('status').where('id', 'in', ids).execute()).map(
            (r) => r.status,
          ),
        JOB_WAIT,
      )
      .toEqual(ids.map(() => 'completed'));
    const stored = await db
      .selectFrom('tracking_events')
      .select(['tracking_number', 'occurred_at', 'code'])
      .where(
        'tracking_number',
        'in',
        orders.map((o) => o.tracking),
      )
      .execute();
    expect(stored).toHaveLength(expected);
    const completions = await db
      .selectFrom('order_events')
      .select('order_id')
      .where('order_id', 'in', ids)
      .where('to_status', '=', 'completed')
      .execute();
    expect(completions).toHaveLength(ids.length);
  });
});
