/**
 * The console's returns under pressure, on every test database: refunds of one return fired at once
 * (double clicks with one key, two operators with their own) make exactly one refund at the sandbox;
 * receipts fired at once restock once; a refund racing a close ends one way or the other, never both;
 * and migration 014 goes down and up again.
 */
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DATABASE_KINDS,
  createTestApp,
  flatStateTax,
  type TestApp,
} from '../../../test/test-app.ts';
import { beforeTransactions } from '../../../test/interleavings.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { migrationProvider } from '../../db/migrations/index.ts';
import * as orders from '../orders/orders.repository.ts';
import { operatorToken } from '../operators/operators.factories.ts';
import { consoleCalls, detailOf, key, returnedOrder } from './admin-returns.factories.ts';

describe.each(DATABASE_KINDS)('console returns under pressure on %s', (kind) => {
  let t: TestApp;
  let ops: ReturnType<typeof consoleCalls>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // The figures below are worked by hand at North Carolina's 4.75% alone.
    await flatStateTax(t, 'NC', 47500);
    ops = consoleCalls(t, (await operatorToken(t)).headers);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const sandboxRefunds = (paymentIntentId: string) =>
    db()
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('payment_intent_id', '=', paymentIntentId)
      .execute();
  const actionsOn = (publicId: string) =>
    db()
      .selectFrom('operator_actions')
      .select('action')
      .where('target_id', '=', publicId)
      .execute();
  const refundEmails = (orderNumber: string) =>
    db()
      .selectFrom('email_outbox')
      .select('id')
      .where('kind', '=', 'return-refunded')
      .where('subject', 'like', `%${orderNumber}`)
      .execute();
  /** A refund of the return is under way (its claim committed), not finished. */
  const claimed = async (publicId: string) => {
    const row = await db()
      .selectFrom('returns')
      .select(['refund_started_at', 'refund_id'])
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    return row.refund_started_at !== null && row.refund_id === null;
  };

  it('eight refunds with one key (a double click) make one refund; every answer is the return', async () => {
    const { returnId, paymentIntentId, order, orderId } = await returnedOrder(t);
    detailOf(await ops.receive(returnId, [{ itemId: 0, restock: false }]));
    const idempotencyKey = key();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => ops.refund(returnId, { idempotencyKey })),
    );
    for (const a of answers) expect(detailOf(a).status).toBe('refunded');
    expect((await sandboxRefunds(paymentIntentId)).map((r) => r.amount)).toEqual([4714]);
    expect(await orders.listRefunds(db(), orderId)).toHaveLength(1);
    expect(await refundEmails(order.orderNumber)).toHaveLength(1);
    expect((await actionsOn(returnId)).filter((a) => a.action === 'return.refund')).toHaveLength(1);
  });

  it('eight refunds with their own keys (two operators) make one refund; the others are 409', async () => {
    const { returnId, paymentIntentId, order, orderId } = await returnedOrder(t);
    detailOf(await ops.receive(returnId, [{ itemId: 0, restock: false }]));
    const answers = await Promise.all(Array.from({ length: 8 }, () => ops.refund(returnId)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(7).fill(409)]);
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.body).toEqual({
        code: 'already_refunded',
        message: 'This return has been refunded already.',
      });
    }
    expect((await sandboxRefunds(paymentIntentId)).map((r) => r.amount)).toEqual([4714]);
    const refunds = await orders.listRefunds(db(), orderId);
    expect(refunds).toHaveLength(1);
    expect(await refundEmails(order.orderNumber)).toHaveLength(1);
    const events = await orders.listEvents(db(), orderId);
    expect(events.filter((e) => e.to_status === 'refund')).toHaveLength(1);
    const row = await db()
      .selectFrom('returns')
      .select(['refund_id', 'refund_started_at'])
      .where('public_id', '=', returnId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ refund_id: refunds[0]!.id, refund_started_at: null });
  });

  it('eight receipts at once restock once', async () => {
    await db()
      .updateTable('inventory')
      .set({ stock: 4 })
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', 'xxlr')
      .execute();
    const { returnId } = await returnedOrder(t, { size: 'xxlr', quantity: 2 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => ops.receive(returnId, [{ itemId: 0, restock: true }])),
    );
    for (const a of answers) expect(detailOf(a).status).toBe('received');
    const stock = await db()
      .selectFrom('inventory')
      .select('stock')
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', 'xxlr')
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(3);
    expect(await actionsOn(returnId)).toEqual([{ action: 'return.receive' }]);
  });

  it('a refund racing a close ends one way or the other, never both', async () => {
    type Answer = Awaited<ReturnType<typeof ops.close>>;
    /**
     * The close comes at one step of the refund (admin-return-refund.service.ts), reached through a
     * hook rather than a delay, so each run takes the same path: before it; after its claim committed
     * and before the refund's transactions; while the provider is asked (the order's refund claimed,
     * no lock held); after it. `refused` is the code of the close's 409 when the refund wins.
     */
    const moments: Array<{
      moment: string;
      refused?: 'refund_under_way' | 'not_closable';
      race: (returnId: string) => Promise<[Answer, Answer]>;
    }> = [
      {
        moment: 'before the refund',
        race: async (returnId) => {
          const closed = await ops.close(returnId, { reason: 'Never arrived' });
          return [await ops.refund(returnId), closed];
        },
      },
      {
        moment: 'after the claim, before the refund’s transaction',
        refused: 'refund_under_way',
        race: async (returnId) => {
          let closed: Answer | undefined;
          const stop = beforeTransactions(db(), async () => {
            if (!(await claimed(returnId))) return false;
            closed = await ops.close(returnId, { reason: 'Never arrived' });
            return true;
          });
          try {
            const refunded = await ops.refund(returnId);
            expect(closed, 'the close came inside the refund').toBeDefined();
            return [refunded, closed!];
          } finally {
            stop();
          }
        },
      },
      {
        moment: 'while the refund asks the provider',
        refused: 'refund_under_way',
        race: async (returnId) => {
          const refund = t.app.payments.refund.bind(t.app.payments);
          let closed: Answer | undefined;
          const asked = vi
            .spyOn(t.app.payments, 'refund')
            .mockImplementationOnce(async (...args) => {
              // No lock is held while the provider is asked (one held here would keep the close
              // waiting for ever): the close runs to its end, refused by the refund's claim.
              closed = await ops.close(returnId, { reason: 'Never arrived' });
              return refund(...args);
            });
          try {
            const refunded = await ops.refund(returnId);
            expect(closed, 'the close came inside the refund').toBeDefined();
            return [refunded, closed!];
          } finally {
            asked.mockRestore();
          }
        },
      },
      {
        moment: 'after the refund',
        refused: 'not_closable',
        race: async (returnId) => {
          const refunded = await ops.refund(returnId);
          return [refunded, await ops.close(returnId, { reason: 'Never arrived' })];
        },
      },
    ];
    const outcomes = new Set<string>();
    for (const { moment, refused, race } of moments) {
      const { returnId, paymentIntentId, orderId } = await returnedOrder(t);
      detailOf(await ops.receive(returnId, [{ itemId: 0, restock: false }]));
      // Nothing of the purchase left running in the background to take a hook meant for the refund.
      await t.app.sandboxWebhooks.drain();
      await t.app.mailer.drain();
      const [refunded, closed] = await race(returnId);
      const paid = await sandboxRefunds(paymentIntentId);
      const order = (await orders.findOrder(db(), orderId))!;
      expect(refunded.status, moment).toBe(refused ? 200 : 409);
      if (refunded.status === 200) {
        expect(closed.status).toBe(409);
        expect(['refund_under_way', 'not_closable']).toContain(
          (closed.body as { code: string }).code,
        );
        expect((closed.body as { code: string }).code, moment).toBe(refused);
        expect(paid).toHaveLength(1);
        expect(order.status).toBe('refund');
        outcomes.add('refunded');
      } else {
        expect(detailOf(closed).status).toBe('closed');
        expect(refunded.status).toBe(409);
        expect(refunded.body).toMatchObject({ code: 'not_refundable' });
        expect(paid).toHaveLength(0);
        expect(order.status).toBe('completed');
        outcomes.add('closed');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
    expect([...outcomes].sort()).toEqual(['closed', 'refunded']);
  });

  it('migration 014 goes down and up again', async () => {
    const migrator = new Migrator({ db: db(), provider: migrationProvider });
    // Down to the migration before 014 (any later one goes down first, and up again below).
    const down = await migrator.migrateTo('012-operators');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => [r.migrationName, r.status])).toContainEqual([
      '014-console-returns',
      'Success',
    ]);
    const columns = async () =>
      (await db().introspection.getTables())
        .find((table) => table.name === 'returns')!
        .columns.map((c) => c.name);
    expect(await columns()).not.toContain('refund_id');
    expect(await migrateToLatest(db())).toContain('014-console-returns');
    expect(await columns()).toEqual(
      expect.arrayContaining(['received_at', 'refund_id', 'closed_at']),
    );
  });
});
