/**
 * Issue 25's crash test: a whole shop process (shop.child.ts) SIGKILLed at random moments while
 * shoppers and operators use it, a new one taking over the same database after every kill. Each round
 * is four concurrent operations of kinds drawn at random (crash-operations.ts): a guest's return, a
 * customer's cancel of a paid order, an operator's refund in the console (by shirts or by amount) and a
 * guest's checkout with the sandbox card; the shop dies when the k-th of them (k at random) has its
 * answer, so the others are anywhere in their requests and its jobs anywhere in their runs. Once the
 * last process has finished what the dead ones left (crash-checks.ts): every return recorded has its
 * label and label email; every email queued is sent, once; every paid intent has one order or a refund
 * (never both, never neither) and an order's total is what was paid; every refund recorded is the
 * provider's, never above what was paid, a cancelled order refunded once and its stock back once (on
 * hand + sold = the start); whatever the shops acknowledged is there. And all through the run, no
 * stock hold outlives its expiry by more than one period of the purge (stock.expired-holds) while a
 * shop runs (crash-holds.ts): the shops hold stock for seconds and purge every second
 * (config.testStockHolds), not for minutes; the last one also purges the holds of shoppers who price
 * a checkout and leave while it runs.
 * Before the label was a job, 4 to 15 of 75 returns kept no label for ever (issue 25).
 *
 * CRASH_KILLS kills per database (default 10: 20 in CI on SQLite and PostgreSQL; `npm run bench` runs
 * 100 each); CRASH_SEED replays a run (the seed is in every failure's message).
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SHIRT_PRODUCT_ID } from '../src/db/seed.ts';
import { cartLine, readyCheckout } from '../src/features/checkout/checkout.factories.ts';
import { customerToken, operatorToken } from '../src/features/operators/operators.factories.ts';
import { NONE, stockOf, violations } from './crash-checks.ts';
import { HoldWatch } from './crash-holds.ts';
import { CHECKOUT_SIZES, crashOperations } from './crash-operations.ts';
import { crashRounds, seeded, ShopLine } from './crash-shops.ts';
import type { ShopTask } from './shop.child.ts';
import { createTestApp, DATABASE_KINDS, type TestApp } from './test-app.ts';

const KILLS = Number(process.env.CRASH_KILLS) || 10;
const AT_ONCE = 4;
const SEED = Number(process.env.CRASH_SEED) || Date.now() % 2 ** 31;
/**
 * A dead process's runs are run again 3 s after they started and a retry comes within a second (not
 * minutes later), in every process: pg-boss fixes a job's lease and retry delay when it is enqueued.
 */
const JOB_CAPS = { maxLeaseMs: 3000, maxBackoffMs: 1000 };
/** Stock held for 2 s (4 s once the order is placed) and purged every second, in every process. */
const HOLDS = { priced: 2000, confirming: 4000, purgeEveryMs: 1000 };
/** What a busy machine may add to a purge's run: claiming the period's job, the delete itself. */
const PURGE_SLACK_MS = 2000;
const STOCK = 1000;

describe.each(DATABASE_KINDS)('the shop through SIGKILLs on %s', (kind) => {
  /** Makes what the operations need; a web process, so it never runs a job itself. */
  let t: TestApp;
  let shops: ShopLine;
  let task: ShopTask;
  beforeAll(async () => {
    // Loading a shop's modules takes seconds: the first ones load while the orders are made.
    shops = new ShopLine();
    const config = { testStockHolds: HOLDS };
    t = await createTestApp(kind, { processRole: 'web', ...config }, {}, false, JOB_CAPS);
    task = { url: t.database.url, jobs: JOB_CAPS, config };
  });
  afterAll(async () => {
    await shops?.close();
    await t?.close();
  });

  it(
    `every answer and every payment is accounted for, and no hold is left (${KILLS} kills)`,
    async () => {
      const why = `seed ${SEED} (CRASH_SEED=${SEED} replays it)`;
      const db = t.database.db;
      await db
        .updateTable('inventory')
        .set({ stock: STOCK })
        .where('product_id', '=', SHIRT_PRODUCT_ID)
        .execute();
      const stockAtStart = await stockOf(db);
      const people = { shopper: await customerToken(t), operator: await operatorToken(t) };
      const watch = new HoldWatch(db, shops, HOLDS.purgeEveryMs, PURGE_SLACK_MS);
      onTestFinished(() => {
        watch.stop();
      });

      const { answered, unexpected } = await crashRounds({
        operations: crashOperations(t, people),
        kills: KILLS,
        atOnce: AT_ONCE,
        random: seeded(SEED),
        shops,
        task,
      });
      expect(unexpected, why).toEqual([]);
      expect(Object.values(answered).flat().length, why).toBeGreaterThan(0);

      // One process left running finishes what the dead ones left (orders of paid intents, labels,
      // emails) and purges the holds of the checkouts that never became orders; and those of
      // shoppers who price a checkout now and leave, which expire while it runs.
      await shops.take(task);
      for (const size of CHECKOUT_SIZES) await readyCheckout(t, { cart: [cartLine({ size })] });
      await expect
        .poll(
          async () => ({
            ...(await violations(db, answered, stockAtStart)),
            holds: await watch.look(),
          }),
          { timeout: 60_000, interval: 200, message: why },
        )
        .toEqual({ ...NONE, holds: 0 });
      const overdue = watch.stop();
      expect(overdue, why).toEqual({});
    },
    Math.max(600_000, KILLS * 12_000),
  );
});
