/**
 * USPS Tracking v3 against a local HTTP stand-in that answers in USPS's documented shapes: the OAuth
 * token, then `GET /tracking/v3/tracking/{number}?expand=DETAIL` with `trackingEvents` newest first.
 * A carrier that fails (503) or does not answer in time makes the check throw and store nothing; asked
 * again it stores each scan once, and the job engine retries a failed check by itself.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  advanceQueue,
  FAST_JOBS,
  JOB_WAIT,
  manualClock,
} from '../../lib/jobs/testing/job-test-kit.ts';
import { UspsApiClient } from '../usps/usps-api.client.ts';
import { checkParcel, type TrackingDeps } from './tracking-jobs.ts';
import { insertShippedOrder } from './tracking.factories.ts';
import * as repo from './tracking.repository.ts';
import { createUspsTrackingProvider, scanOf } from './usps-tracking.provider.ts';

const SHIPPED = '2026-11-18T20:00:00.000Z';
/** USPS's answer for a delivered parcel, newest first, as USPS sends it. */
const EVENTS = [
  {
    eventType: 'Delivered, In/At Mailbox',
    eventCode: '01',
    eventTimestamp: '2026-11-20T14:02:00',
    GMTTimestamp: '2026-11-20T19:02:00Z',
    eventCity: 'CHARLOTTE',
    eventState: 'NC',
    eventZIP: '28202',
    eventCountry: '',
  },
  {
    eventType: 'Out for Delivery',
    eventCode: 'OF',
    eventTimestamp: '2026-11-20T07:10:00',
    GMTTimestamp: '2026-11-20T12:10:00Z',
    eventCity: 'CHARLOTTE',
    eventState: 'NC',
    eventZIP: '28202',
  },
  {
    eventType: 'Arrived at USPS Regional Facility',
    eventCode: '10',
    eventTimestamp: '2026-11-19T03:15:00Z',
    eventCity: 'GREENSBORO NC DISTRIBUTION CENTER',
    eventState: 'NC',
    eventZIPCode: '27498',
  },
  {
    eventType: 'Accepted at USPS Origin Facility',
    eventCode: 'OA',
    GMTTimestamp: '2026-11-18T22:40:00Z',
    eventCity: 'RALEIGH',
    eventState: 'NC',
    eventZIP: '27676',
  },
];

type Mode = 'ok' | 'fail' | 'hang';

describe('USPS tracking events', () => {
  it('reads the UTC time, the place and the delivery from a USPS event', () => {
    expect(scanOf(EVENTS[0]!)).toEqual({
      at: '2026-11-20T19:02:00.000Z',
      code: '01',
      description: 'Delivered, In/At Mailbox',
      city: 'CHARLOTTE',
      state: 'NC',
      zip: '28202',
      delivered: true,
    });
    expect(scanOf(EVENTS[2]!)).toMatchObject({ at: '2026-11-19T03:15:00.000Z', zip: '27498' });
    expect(scanOf({ eventType: 'No time' })).toBeNull();
  });
});

describe.each(DATABASE_KINDS)('USPS tracking on %s', (kind) => {
  let stand: Server;
  let t: TestApp;
  let base: string;
  const clock = manualClock();
  const modes: Mode[] = [];
  const asked: { url: string; auth: string | undefined }[] = [];
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    stand = createServer((req: IncomingMessage, res: ServerResponse) => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://stand-in');
      req.resume();
      if (req.method === 'POST' && url.pathname === '/oauth2/v3/token') {
        return json(200, { access_token: 'token-1', token_type: 'Bearer', expires_in: 28_800 });
      }
      const match = /^\/tracking\/v3\/tracking\/([A-Z0-9]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        asked.push({ url: req.url ?? '', auth: req.headers.authorization });
        const mode = modes.shift() ?? 'ok';
        if (mode === 'hang') return void held.push(res);
        if (mode === 'fail') return json(503, { error: { message: 'Service Unavailable' } });
        if (match[1]!.endsWith('0404')) {
          return json(404, { error: { message: 'tracking number not found' } });
        }
        return json(200, {
          trackingNumber: match[1],
          statusCategory: 'Delivered',
          trackingEvents: EVENTS,
        });
      }
      return json(404, { error: { message: 'not here' } });
    });
    await new Promise<void>((r) => stand.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(stand.address() as { port: number }).port}`;
    t = await createTestApp(
      kind,
      {},
      { USPS_CLIENT_ID: 'shop-id', USPS_CLIENT_SECRET: 'shop-secret', USPS_BASE_URL: base },
      false,
      { now: clock.now, ...FAST_JOBS },
    );
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    await t?.close();
    await new Promise((r) => stand?.close(r));
  });

  const db = () => t.database.db;
  const scanCount = async (tracking: string) => (await repo.scansOf(db(), tracking)).length;
  const orderOf = (id: string) =>
    db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const parcelOf = async (order: { id: string; tracking: string }, carrier = 'usps') => {
    await repo.addParcels(
      db(),
      [
        {
          kind: 'order',
          refId: order.id,
          trackingNumber: order.tracking,
          carrier,
          shippedAt: SHIPPED,
        },
      ],
      new Date(clock.now()).toISOString(),
    );
    return (await db()
      .selectFrom('tracked_parcels')
      .select('id')
      .where('ref_id', '=', order.id)
      .executeTakeFirstOrThrow())!.id;
  };

  it('asks USPS with its OAuth token; a 503 or a timeout stores nothing, the next answer once', async () => {
    expect(t.app.tracking.name).toBe('usps-api');
    const provider = createUspsTrackingProvider(
      new UspsApiClient({ baseUrl: base, clientId: 'shop-id', clientSecret: 'shop-secret' }),
      300,
    );
    const deps: TrackingDeps = {
      db: db(),
      jobs: t.app.jobs,
      provider,
      now: clock.now,
      everyMs: 15 * 60_000,
    };
    // Marked UPS so that the app's own sweep (which follows USPS parcels only) leaves it to this test;
    // the provider asks USPS whatever the carrier.
    const order = await insertShippedOrder(db(), { shippedAt: SHIPPED, carrier: 'ups' });
    const parcel = await parcelOf(order, 'ups');

    modes.push('fail', 'hang', 'ok', 'ok');
    await expect(checkParcel(deps, parcel)).rejects.toThrow(/503/);
    await expect(checkParcel(deps, parcel)).rejects.toThrow();
    expect(await scanCount(order.tracking)).toBe(0);
    expect((await orderOf(order.id)).status).toBe('shipped');

    await checkParcel(deps, parcel);
    expect(await scanCount(order.tracking)).toBe(4);
    const done = await orderOf(order.id);
    expect(done.status).toBe('completed');
    expect(done.delivered_at).toBe('2026-11-20T19:02:00.000Z');
    // Delivered: not asked again; asked anyway (a run again), nothing is stored twice.
    await checkParcel(deps, parcel);
    await db()
      .updateTable('tracked_parcels')
      .set({ delivered_at: null })
      .where('id', '=', parcel)
      .execute();
    await checkParcel(deps, parcel);
    expect(await scanCount(order.tracking)).toBe(4);

    const last = asked.at(-1)!;
    expect(last.url).toBe(`/tracking/v3/tracking/${order.tracking}?expand=DETAIL`);
    expect(last.auth).toBe('Bearer token-1');
  });

  it('an unknown number answers no scans and keeps the parcel followed', async () => {
    const order = await insertShippedOrder(db(), {
      shippedAt: SHIPPED,
      tracking: '9400111899223100000404',
    });
    const parcel = await parcelOf(order);
    const deps: TrackingDeps = {
      db: db(),
      jobs: t.app.jobs,
      provider: t.app.tracking,
      now: clock.now,
      everyMs: 15 * 60_000,
    };
    await checkParcel(deps, parcel);
    expect(await scanCount(order.tracking)).toBe(0);
    expect((await repo.findParcel(db(), parcel))?.checked_at).not.toBeNull();
    await db()
      .updateTable('orders')
      .set({ status: 'completed' })
      .where('id', '=', order.id)
      .execute();
    await db()
      .updateTable('tracked_parcels')
      .set({ delivered_at: SHIPPED })
      .where('id', '=', parcel)
      .execute();
  });

  it('the engine retries a check USPS failed, and the order is completed once', async () => {
    const order = await insertShippedOrder(db(), { shippedAt: SHIPPED });
    modes.push('fail');
    const before = asked.length;
    // The sweep's period, then the check fails once; the retry (30-60 s later) stores the scans.
    await advanceQueue(db(), t.app.jobs.engine, clock, 16 * 60_000);
    await expect.poll(() => asked.length - before, JOB_WAIT).toBeGreaterThanOrEqual(1);
    await expect
      .poll(async () => {
        await advanceQueue(db(), t.app.jobs.engine, clock, 61_000);
        return (await orderOf(order.id)).status;
      }, JOB_WAIT)
      .toBe('completed');
    expect(await scanCount(order.tracking)).toBe(4);
    const completions = await db()
      .selectFrom('order_events')
      .select('actor')
      .where('order_id', '=', order.id)
      .where('to_status', '=', 'completed')
      .execute();
    expect(completions).toEqual([{ actor: 'system' }]);
  });
});
