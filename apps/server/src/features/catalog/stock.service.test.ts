/**
 * Stock holds (issue 26 item 1, docs/decisions/037), on every test database: a size short leaves the
 * checkout's earlier holds as they were; a size whose stock is not counted is neither held nor locked;
 * on PostgreSQL the hold (one statement, migration 023) waits its turn on a counted size's row. The
 * race of many buyers for the last units is in orders-two-servers.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { someoneWaitsOnLock } from '../../../test/interleavings.ts';
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { startCheckout } from '../checkout/checkout.factories.ts';
import type { PricedLine } from './price-bag.ts';
import { reserveStock, reserveStockWith } from './stock.service.ts';

describe.each(DATABASE_KINDS)('stock holds on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const setStock = (size: string, stock: number | null) =>
    db()
      .updateTable('inventory')
      .set({ stock, out_of_stock: 0 })
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', size)
      .execute();
  const line = (size: string, quantity: number) =>
    ({ productId: SHIRT_PRODUCT_ID, size, quantity }) as PricedLine;
  /** A checkout's row (its holds refer to it). */
  const checkout = async () => {
    const { paymentIntentId } = await startCheckout(t);
    const row = await db()
      .selectFrom('checkouts')
      .select('id')
      .where('payment_intent_id', '=', paymentIntentId)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const holds = (checkoutId: string) =>
    db()
      .selectFrom('stock_reservations')
      .select(['size', 'quantity', 'expires_at'])
      .where('checkout_id', '=', checkoutId)
      .orderBy('size')
      .execute();

  it('a size short rolls the whole hold back: the earlier holds stay as they were', async () => {
    await setStock('mdr', 5);
    await setStock('lgr', 1);
    const mine = await checkout();
    // An hour ahead, on the minute: holds the shop's purge of expired holds (a job on the real
    // clock) must leave alone while the test runs (a past time was purged once under load).
    const first = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3_600_000);
    expect(await reserveStock(db(), mine, [line('mdr', 2)], 60_000, first)).toEqual({ ok: true });
    const before = await holds(mine);
    expect(before).toEqual([
      { size: 'mdr', quantity: 2, expires_at: new Date(first.getTime() + 60_000).toISOString() },
    ]);
    // Someone else holds the one LG - Regular.
    const other = await checkout();
    expect(await reserveStock(db(), other, [line('lgr', 1)], 60_000, first)).toEqual({ ok: true });

    const later = new Date(first.getTime() + 30_000);
    const refused = await reserveStock(db(), mine, [line('mdr', 3), line('lgr', 1)], 60_000, later);
    expect(refused).toEqual({
      ok: false,
      message: 'Size LG - Regular is out of stock. Please choose another size.',
    });
    expect(await holds(mine)).toEqual(before);
    // More than is left of a size names what is left.
    const many = await reserveStock(db(), mine, [line('mdr', 6)], 60_000, later);
    expect(many).toEqual({
      ok: false,
      message: 'Only 5 left in size MD - Regular. Please lower the quantity.',
    });
    expect(await holds(mine)).toEqual(before);
  });

  it("a hold with the caller's write: both or neither (a short size, a declined write)", async () => {
    await setStock('xlr', 2);
    const mine = await checkout();
    const other = await checkout();
    expect(await reserveStock(db(), other, [line('xlr', 1)], 60_000)).toEqual({ ok: true });
    /** The caller's write: a note on the checkout's email, or none when declined. */
    const noting =
      (note: string, accept = true) =>
      async (trx: typeof t.database.db) => {
        if (!accept) {
          await trx
            .updateTable('checkouts')
            .set({ email: 'declined@example.com' })
            .where('id', '=', mine)
            .execute();
          return false;
        }
        await trx.updateTable('checkouts').set({ email: note }).where('id', '=', mine).execute();
        return true;
      };
    const emailOf = async () =>
      (
        await db()
          .selectFrom('checkouts')
          .select('email')
          .where('id', '=', mine)
          .executeTakeFirstOrThrow()
      ).email;

    expect(
      await reserveStockWith(db(), mine, [line('xlr', 1)], 60_000, noting('a@example.com')),
    ).toEqual({
      ok: true,
    });
    expect(await emailOf()).toBe('a@example.com');
    expect(await holds(mine)).toMatchObject([{ size: 'xlr', quantity: 1 }]);

    // Two wanted, one left for this checkout: neither the write nor a new hold.
    const short = await reserveStockWith(
      db(),
      mine,
      [line('xlr', 2)],
      60_000,
      noting('b@example.com'),
    );
    expect(short).toEqual({
      ok: false,
      message: 'Only 1 left in size XL - Regular. Please lower the quantity.',
    });
    expect(await emailOf()).toBe('a@example.com');
    expect(await holds(mine)).toMatchObject([{ size: 'xlr', quantity: 1 }]);

    // A declined write is rolled back (on SQLite nothing is held either).
    const declined = await reserveStockWith(
      db(),
      other,
      [line('xlr', 1)],
      60_000,
      noting('c', false),
    );
    expect(declined).toBe('not written');
    expect(await emailOf()).toBe('a@example.com');
    await setStock('xlr', null);
  });

  it('a size whose stock is not counted is not held', async () => {
    await setStock('smr', null);
    const mine = await checkout();
    expect(await reserveStock(db(), mine, [line('smr', 4)], 60_000)).toEqual({ ok: true });
    expect(await holds(mine)).toEqual([]);
  });

  it.runIf(kind === 'postgres')(
    "a hold of an uncounted size never waits on the size's row; a counted one waits its turn",
    async () => {
      await setStock('xxlr', null);
      await setStock('xlr', 10);
      const mine = await checkout();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // An operator's edit of both rows, open until we let it go.
      const editing = db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('inventory')
            .set((eb) => ({ version: eb('version', '+', 1) }))
            .where('product_id', '=', SHIRT_PRODUCT_ID)
            .where('size', 'in', ['xxlr', 'xlr'])
            .execute();
          locked();
          await released;
        });
      await isLocked;
      // Would wait for ever on the edit's lock if the uncounted size's row were locked.
      expect(await reserveStock(db(), mine, [line('xxlr', 1)], 60_000)).toEqual({ ok: true });
      let settled = false;
      const counted = reserveStock(db(), mine, [line('xlr', 1)], 60_000).finally(() => {
        settled = true;
      });
      // The counted size's hold queues behind the edit (seen waiting on a lock), then goes through.
      await someoneWaitsOnLock(db());
      expect(settled).toBe(false);
      release();
      await editing;
      expect(await counted).toEqual({ ok: true });
    },
  );
});
