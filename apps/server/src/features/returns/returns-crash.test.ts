/**
 * Issue 25's crash test: a shop process SIGKILLed at random moments while shoppers submit returns (the
 * k-th of four concurrent submits answered, k at random: the others are anywhere between their lock
 * and their commit, and the answered ones' label jobs anywhere in their run). After every kill a new
 * process takes over the same database. Once one is left running: every return recorded, answered or
 * not, has its label and its label email, and every email queued is sent. Before the label was a job,
 * 4 to 15 of 75 returns kept no label for ever (issue 25).
 *
 * CRASH_KILLS kills per database (default 10: 20 in CI on SQLite and PostgreSQL; `npm run bench` runs
 * 100 each); CRASH_SEED replays a run (the seed is in every failure's message).
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@sunward/core/checkout-schemas';
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';
import { startChild, stopChild } from '../../lib/jobs/testing/job-test-kit.ts';
import { deliveredOrder, refund, returnBody } from './returns.factories.ts';

const KILLS = Number(process.env.CRASH_KILLS) || 10;
const AT_ONCE = 4;
const SEED = Number(process.env.CRASH_SEED) || Date.now() % 2 ** 31;
/**
 * A dead process's runs are run again 3 s after they started and a retry comes within a second (not
 * minutes later), in every process: pg-boss fixes a job's lease and retry delay when it is enqueued.
 */
const JOB_CAPS = { maxLeaseMs: 3000, maxBackoffMs: 1000 };

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** A whole shop (web and worker) in a process of its own on `url` (test/shop.child.ts). */
async function startShop(url: string): Promise<{ child: ChildProcess; origin: string }> {
  const { child, ready } = await startChild<{ port: number }>(
    new URL('../../../test/shop.child.ts', import.meta.url),
    { url, jobs: JOB_CAPS },
  );
  return { child, origin: `http://127.0.0.1:${ready.port}` };
}

describe.each(DATABASE_KINDS)('returns through SIGKILLs on %s', (kind) => {
  /** Makes the delivered orders; a web process, so it never runs a job itself. */
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { processRole: 'web' }, {}, false, JOB_CAPS);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`every return recorded has its label and label email, every email is sent (${KILLS} kills)`, async () => {
    const random = seeded(SEED);
    const why = `seed ${SEED} (CRASH_SEED=${SEED} replays it)`;
    const bodies = [];
    for (let i = 0; i < KILLS * AT_ONCE; i++) {
      const { order, email } = await deliveredOrder(t);
      bodies.push(returnBody(order, { 0: refund() }, { email }));
    }

    const answered: string[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const shop = await startShop(t.database.url);
      const killAt = 1 + Math.floor(random() * AT_ONCE);
      let responses = 0;
      const submits = bodies.slice(kill * AT_ONCE, (kill + 1) * AT_ONCE).map(async (body) => {
        try {
          const res = await fetch(`${shop.origin}/api/orders/return`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          const order = (await res.json()) as Order;
          if (res.status === 200) answered.push(order.returns.at(-1)!.id);
        } catch {
          // Killed before it answered: the return may or may not be recorded.
        }
        if (++responses === killAt) shop.child.kill('SIGKILL');
      });
      await Promise.all(submits);
      await stopChild(shop.child, 'SIGKILL');
    }
    expect(answered.length, why).toBeGreaterThan(0);

    // One process left running finishes what the dead ones left: labels, then their emails.
    const last = await startShop(t.database.url);
    try {
      const db = t.database.db;
      await vi.waitFor(
        async () => {
          const unlabelled = await db
            .selectFrom('returns')
            .leftJoin('return_labels', 'return_labels.return_id', 'returns.id')
            .select('returns.public_id')
            .where((eb) =>
              eb.or([eb('return_labels.id', 'is', null), eb('return_label', 'is', null)]),
            )
            .execute();
          expect(unlabelled, why).toEqual([]);
          const unsent = await db
            .selectFrom('email_outbox')
            .select(['kind', 'status'])
            // Without SMTP (tests) an email is delivered to the log: `logged`.
            .where('status', 'not in', ['sent', 'logged'])
            .execute();
          expect(unsent, why).toEqual([]);
        },
        { timeout: 60_000, interval: 100 },
      );
      const recorded = await db.selectFrom('returns').select(['id', 'public_id']).execute();
      expect(
        recorded.map((r) => r.public_id),
        why,
      ).toEqual(expect.arrayContaining(answered));
      const labelEmails = await db
        .selectFrom('email_outbox')
        .select('dedupe_key')
        .where('kind', '=', 'return-label')
        .execute();
      expect(labelEmails.map((m) => m.dedupe_key).sort(), why).toEqual(
        recorded.map((r) => `return-label:${r.id}`).sort(),
      );
    } finally {
      await stopChild(last.child);
    }
  }, 600_000);
});
