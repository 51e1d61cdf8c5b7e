/**
 * Two server instances, each with its own connection (pool) to one database, race the success page and
 * the webhook for the same paid intent: one order, one email (ARCHITECTURE.md, scale-out); and shoppers
 * on both price the last units of a size at once: as many holds as units.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import {
  address,
  cartLine,
  countRows,
  markPaidSilently,
  readyCheckout,
  startCheckout,
} from '../checkout/checkout.factories.ts';
import { signPayload } from '../payments/webhook-signature.ts';

describe.each(DATABASE_KINDS)('two servers on one %s database', (kind) => {
  let t: TestApp;
  let second: { app: FastifyInstance; database: DatabaseHandle; url: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const database = await openDatabase(t.database.url);
    const app = await buildApp({ config: { ...t.config }, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    second = { app, database, url: `http://127.0.0.1:${port}` };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  /** A shopper's JSON POST to the server at `base`. */
  const postJson = (base: string, path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('race to exactly one order and one email', async () => {
    const c = await readyCheckout(t);
    await markPaidSilently(t, c.paymentIntentId);
    const before = await countRows(t);
    const isWebhook = (i: number) => i % 3 === 2;
    const call = (base: string, i: number) => {
      if (isWebhook(i)) {
        const payload = JSON.stringify({
          id: `evt_two_${kind}_${i}`,
          type: 'payment_intent.succeeded',
          data: { object: { id: c.paymentIntentId } },
        });
        const sig = signPayload(
          t.app.sandboxWebhooks.secret,
          payload,
          Math.floor(Date.now() / 1000),
        );
        return fetch(`${base}/api/webhooks/payments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': sig },
          body: payload,
        });
      }
      return postJson(base, '/api/orders', {
        paymentIntentId: c.paymentIntentId,
        clientSecret: c.clientSecret,
      });
    };
    const base = (i: number) => (i % 2 ? second.url : t.baseUrl);
    const responses = await Promise.all(Array.from({ length: 24 }, (_, i) => call(base(i), i)));
    const statuses = responses.map((r) => r.status);
    // The success pages wait for the order; a webhook finding it being recorded gives way (503,
    // delivered again, as the provider does) rather than waiting in a lock.
    expect(statuses.filter((_, i) => !isWebhook(i))).toEqual(Array(16).fill(200));
    for (const [i, status] of statuses.entries()) {
      if (!isWebhook(i)) continue;
      if (status === 503) expect((await call(base(i), i)).status).toBe(200);
      else expect(status).toBe(200);
    }
    const after = await countRows(t);
    expect(after.orders - before.orders).toBe(1);
    expect(after.emails - before.emails).toBe(1);
    expect(after.events - before.events).toBe(1);
  });

  it('the last units of a size go to as many shoppers as there are units, whichever server prices', async () => {
    const db = t.database.db;
    const units = 3;
    const stockLgs = (stock: number | null) =>
      db
        .updateTable('inventory')
        .set({ stock })
        .where('product_id', '=', SHIRT_PRODUCT_ID)
        .where('size', '=', 'lgs')
        .execute();
    await stockLgs(units);
    try {
      const shoppers = await Promise.all(
        Array.from({ length: 12 }, () => startCheckout(t, [cartLine({ size: 'lgs' })])),
      );
      const priced = await Promise.all(
        shoppers.map((c, i) =>
          postJson(i % 2 ? second.url : t.baseUrl, '/api/orders/update-pi', {
            paymentIntentId: c.paymentIntentId,
            clientSecret: c.clientSecret,
            shippingOption: 'ground',
            address: address(),
            name: 'Jamie Rivera',
            email: 'jamie@example.com',
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code?: string } })),
        ),
      );
      expect(priced.filter((p) => p.status === 200)).toHaveLength(units);
      const refused = priced.filter((p) => p.status !== 200);
      expect(refused.map((p) => [p.status, p.body.code])).toEqual(
        Array(12 - units).fill([422, 'out_of_stock']),
      );
      const held = await db
        .selectFrom('stock_reservations')
        .select((eb) => eb.fn.sum<number | string>('quantity').as('n'))
        .where('product_id', '=', SHIRT_PRODUCT_ID)
        .where('size', '=', 'lgs')
        .executeTakeFirstOrThrow();
      expect(Number(held.n)).toBe(units);
    } finally {
      await stockLgs(null);
      await db.deleteFrom('stock_reservations').where('size', '=', 'lgs').execute();
    }
  });
});
