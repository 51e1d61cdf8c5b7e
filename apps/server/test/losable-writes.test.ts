/**
 * Which writes may be lost to a power cut (db/relaxed-commit.ts `losableWrite`): on SQLite exactly
 * these commit without waiting for the log's sync (db/group-commit.ts), and the writes that carry a
 * checkout's price, a payment or an order still wait for it. On PostgreSQL nothing is relaxed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckout } from '../src/features/checkout/checkout.factories.ts';
import * as checkouts from '../src/features/checkout/checkout.repository.ts';
import { recordLogin } from '../src/features/identity/account-sessions.ts';
import { createAccount } from '../src/features/identity/identity.test-helpers.ts';
import * as orders from '../src/features/orders/orders.repository.ts';
import { createSandboxProvider } from '../src/features/payments/sandbox.provider.ts';
import * as sandbox from '../src/features/payments/sandbox.repository.ts';
import { defineJob } from '../src/lib/jobs/job-definitions.ts';
import { SqliteJobStore } from '../src/lib/jobs/sqlite-job-store.ts';
import { statementLog } from './statement-log.ts';
import { createTestApp, DATABASE_KINDS, type TestApp } from './test-app.ts';

describe.each(DATABASE_KINDS)('writes a power cut may lose (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // No job engine (a web process): its schedules and jobs would commit beside the writes whose waits
    // are counted (the count is the database's, not the write's).
    t = await createTestApp(kind, {}, { PROCESS_ROLE: 'web' });
  });
  afterAll(async () => t?.close());

  /**
   * The statements `write` ran on a logged view of the shop's database and, on SQLite, how many of its
   * commits waited for the log's sync.
   */
  async function run(write: (db: TestApp['database']['db']) => Promise<unknown>) {
    const log = statementLog();
    const before = t.database.commits?.requests ?? 0;
    await write(t.database.db.withPlugin(log.plugin));
    const waited = kind === 'sqlite' ? t.database.commits!.requests - before : undefined;
    return { statements: log.statements, waited };
  }
  /** Committed without waiting for the disk on SQLite (on PostgreSQL a write like any other). */
  const relaxed = (...statements: string[]) => ({
    statements,
    waited: kind === 'sqlite' ? 0 : undefined,
  });
  /** The writer waits until its commit is on the disk. */
  const durable = (...statements: string[]) => ({
    statements,
    waited: kind === 'sqlite' ? 1 : undefined,
  });

  it("relaxes a checkout's lease, a new checkout and intent, a webhook's record, a login's epoch; not the price", async () => {
    const { paymentIntentId } = await startCheckout(t);
    const checkout = await checkouts.findByIntent(t.database.db, paymentIntentId);
    const id = checkout!.id;
    const now = Date.now();
    const lease = {
      token: 'lease-test',
      until: new Date(now + 5000).toISOString(),
      now: new Date(now).toISOString(),
    };

    expect(await run((db) => checkouts.acquireLease(db, id, lease))).toEqual(relaxed('Update'));
    expect(await run((db) => checkouts.renewLease(db, id, lease))).toEqual(relaxed('Update'));
    expect(await run((db) => checkouts.releaseLease(db, id, lease.token))).toEqual(
      relaxed('Update'),
    );
    expect(
      await run((db) =>
        sandbox.insertIntent(db, {
          id: 'pi_losable_test',
          client_secret: 'pi_losable_test_secret',
          amount: 1000,
          currency: 'usd',
          status: 'requires_payment_method',
          metadata: '{}',
          amount_refunded: 0,
          idempotency_key: 'losable-test',
          created_at: lease.now,
          updated_at: lease.now,
        }),
      ),
    ).toEqual(relaxed('Insert'));
    // An unpaid intent's new amount (the checkout's priced total follows it, waiting for the disk).
    expect(
      await run((db) =>
        createSandboxProvider(db, 'whsec_test', () => {
          throw new Error('not confirming here');
        }).updateAmount('pi_losable_test', 1200, 'losable-amount'),
      ),
    ).toEqual(relaxed('Update'));
    expect(
      await run((db) =>
        orders.recordWebhook(db, {
          id: 'evt_losable',
          provider: 'sandbox',
          type: 't',
          at: lease.now,
        }),
      ),
    ).toEqual(relaxed('Insert'));

    // A new checkout before its first pricing (lost, the page's next step finds no checkout).
    expect(
      await run((db) =>
        checkouts.insertCheckout(db, {
          ...checkout!,
          id: 'co_losable_test',
          payment_intent_id: 'pi_losable_test',
          version: 0,
        }),
      ),
    ).toEqual(relaxed('Insert'));

    // A session's epoch (lost, the session counts as made at epoch 0), then the account's read.
    const account = await createAccount(t.database.db);
    expect(
      await run((db) =>
        recordLogin(db, { sessionUid: 'uid-losable', accountId: account.id, epoch: 0 }),
      ),
    ).toEqual(relaxed('Insert', 'Select'));

    // The checkout's priced update waits for the disk, as do the intent's guarded changes.
    expect(
      await run((db) => checkouts.updateCheckoutIfVersion(db, id, checkout!.version, {})),
    ).toEqual(durable('Update'));
    expect(
      await run((db) =>
        sandbox.updateIntentIf(db, 'pi_losable_test', ['requires_payment_method'], {
          status: 'canceled',
        }),
      ),
    ).toEqual(durable('Update'));
  });

  // The SQLite job store's claims and completions (decision 029); pg-boss keeps its own on PostgreSQL.
  it.runIf(kind === 'sqlite')(
    "relaxes a job's claim and its completion, not its enqueueing",
    async () => {
      const definition = defineJob('losable.test', async () => undefined);
      const store = new SqliteJobStore(t.database.db, Date.now);
      const enqueued = await run((db) =>
        db.transaction().execute((trx) => store.insert(trx, definition, { data: { n: 1 } })),
      );
      expect(enqueued.waited).toBe(1);
      const before = t.database.commits!.requests;
      const [job] = await store.claim(definition, 1, 'worker-losable');
      expect(job).toMatchObject({ name: 'losable.test', attempt: 1 });
      await store.complete(definition, job!, 'worker-losable');
      expect(t.database.commits!.requests).toBe(before);
      expect(
        await t.database.db
          .selectFrom('jobs')
          .selectAll()
          .where('name', '=', 'losable.test')
          .execute(),
      ).toEqual([]);
    },
  );
});
