/**
 * Two servers on one database, each with its own connections and its own job engine, as two
 * processes behind a load balancer: operators on both buy the same orders' labels at once, several
 * times each (double clicks, retries). Each order gets one label, asked of the carrier once, one
 * shipped email; the jobs ran on whichever server claimed them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LabelsAnswer } from '@sunward/core/console-labels';
import type { FastifyInstance } from 'fastify';
import { DATABASE_KINDS, createTestApp, requester, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { cartLine, placeOrder } from '../checkout/checkout.factories.ts';
import { operatorToken, type Person } from '../operators/operators.factories.ts';
import { sandboxLabelProvider } from './sandbox-label.provider.ts';

describe.each(DATABASE_KINDS)('shipping labels from two servers on one %s database', (kind) => {
  let t: TestApp;
  let second: { app: FastifyInstance; database: DatabaseHandle; request: TestApp['request'] };
  let operator: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // The same configuration (the same site, so the same token issuer), its own connections and jobs.
    const database = await openDatabase(t.database.url);
    const app = await buildApp({ config: { ...t.config }, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    second = { app, database, request: requester(`http://127.0.0.1:${port}`) };
    operator = await operatorToken(t);
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it('buys each order’s label once however many times both are asked', async () => {
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) {
      orders.push((await placeOrder(t, { cart: [cartLine()] })).order.orderNumber);
    }
    const asks = vi.spyOn(sandboxLabelProvider, 'buyLabel');
    const servers = [t, second];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        servers[i % 2]!.request(
          'POST',
          '/api/admin/labels',
          { orders: i % 3 ? orders : [...orders].reverse() },
          operator.headers,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    for (const a of answers) {
      expect((a.body as LabelsAnswer).labels.every((l) => l.ok)).toBe(true);
    }

    const read = async () =>
      (
        (
          await second.request(
            'GET',
            `/api/admin/labels?orders=${orders.join(',')}`,
            undefined,
            operator.headers,
          )
        ).body as LabelsAnswer
      ).labels;
    await expect
      .poll(async () => (await read()).map((l) => (l.ok ? l.state : l.code)), { timeout: 20_000 })
      .toEqual(['bought', 'bought', 'bought']);

    expect(asks).toHaveBeenCalledTimes(3);
    expect(new Set(asks.mock.calls.map(([request]) => request.orderNumber))).toEqual(
      new Set(orders),
    );
    const db = t.database.db;
    const rows = await db
      .selectFrom('outbound_labels')
      .innerJoin('orders', 'orders.id', 'outbound_labels.order_id')
      .select(['orders.order_number', 'outbound_labels.status', 'orders.status as order_status'])
      .where('orders.order_number', 'in', orders)
      .execute();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.status === 'bought' && r.order_status === 'shipped')).toBe(true);
    const emails = await db
      .selectFrom('email_outbox')
      .innerJoin('orders', 'orders.id', 'email_outbox.order_id')
      .select('orders.order_number')
      .where('email_outbox.kind', '=', 'order-shipped')
      .where('orders.order_number', 'in', orders)
      .execute();
    expect(emails.map((e) => e.order_number).sort()).toEqual([...orders].sort());
  });
});
