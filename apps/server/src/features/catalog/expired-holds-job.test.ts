/**
 * Expired stock holds are deleted by a schedule (issue 25 item 2), on every test database: time is the
 * job engine's injected clock (pg-boss runs what is due by the database's clock, and a period's job is
 * due at once), moved past a hold's expiry and one period rather than waited for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appOnClock, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { advanceQueue, type manualClock } from '../../lib/jobs/testing/job-test-kit.ts';
import { insertReservations } from './catalog.repository.ts';
import { EXPIRED_HOLDS_EVERY_MS } from './expired-holds-job.ts';

const MINUTE = 60_000;

describe.each(DATABASE_KINDS)('expired stock holds on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock: ReturnType<typeof manualClock>;

  beforeAll(async () => {
    ({ app, database, clock } = await appOnClock(kind));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** A checkout in `status` holding one shirt until `expiresInMs` from the queue's now. */
  const holdFor = async (status: string, expiresInMs: number) => {
    const id = newId('co');
    const at = new Date(clock.now()).toISOString();
    await app.db
      .insertInto('checkouts')
      .values({
        id,
        payment_intent_id: newId('pi'),
        provider: 'sandbox',
        customer_id: null,
        email: null,
        lines: '[]',
        shipping_address: null,
        shipping_name: null,
        shipping_option: null,
        subtotal: 4500,
        shipping: null,
        sales_tax: null,
        total: 4500,
        status,
        lease_token: null,
        lease_until: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const until = new Date(clock.now() + expiresInMs).toISOString();
    await insertReservations(app.db, id, [{ product_id: 'prod', size: 'mdr', quantity: 1 }], until);
    return id;
  };
  const holders = async () =>
    (await app.db.selectFrom('stock_reservations').select('checkout_id').execute())
      .map((r) => r.checkout_id)
      .sort();

  it('deletes an abandoned checkout’s hold once past its expiry, and keeps the rest', async () => {
    const abandoned = await holdFor('open', 15 * MINUTE);
    const valid = await holdFor('open', 45 * MINUTE);
    const ordered = await holdFor('completed', 15 * MINUTE);
    const refunding = await holdFor('refunding', 15 * MINUTE);
    expect(await holders()).toContain(abandoned);
    await advanceQueue(app.db, app.jobs.engine, clock, 15 * MINUTE + EXPIRED_HOLDS_EVERY_MS);
    await expect
      .poll(holders, { timeout: 15_000, interval: 50 })
      .toEqual([valid, ordered, refunding].sort());
  });
});
