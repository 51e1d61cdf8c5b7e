/**
 * Email delivery on the job engine (issue 25 item 2), on every test database: an SMTP server (the real
 * smtp-server) that refuses connections for a while and then takes them, with time moved by the
 * engine's injected clock (pg-boss: its run times moved back) rather than waited for.
 */
import { startOutageSmtp, type OutageSmtp } from './test-smtp.test-helpers.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appOnClock, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import type { Db } from '../../db/database.ts';
import {
  advanceQueue,
  dueInMs,
  heldByDeadWorker,
  type manualClock,
} from '../../lib/jobs/testing/job-test-kit.ts';
import { resendEmail } from './admin-emails.service.ts';
import { queueEmail } from './email.service.ts';

const operator = { customerId: 'cus_operator', email: 'op@sunward.com', name: 'Op' };

describe.each(DATABASE_KINDS)('email delivery jobs on %s', (kind) => {
  let smtp: OutageSmtp;
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock: ReturnType<typeof manualClock>;

  beforeAll(async () => {
    smtp = await startOutageSmtp();
    ({ app, database, clock } = await appOnClock(kind, { SMTP_URL: smtp.url }));
  });
  afterEach(() => {
    smtp.received.length = 0;
    smtp.setDown(true);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await smtp?.close();
  });

  const queueIn = async (trx: Db, to: string) => {
    const id = newId('em');
    await queueEmail(trx, {
      id,
      kind: 'test',
      to,
      subject: `For ${to}`,
      html: '<p>Hi</p>',
      text: 'Hi',
      dedupeKey: id,
    });
    return id;
  };
  const queue = (to: string) => app.db.transaction().execute((trx) => queueIn(trx, to));
  const rows = (ids: string[]) =>
    app.db
      .selectFrom('email_outbox')
      .select(['id', 'status', 'attempts'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  const states = async (ids: string[]) => (await rows(ids)).map((r) => `${r.status}/${r.attempts}`);
  // The row is marked before the engine records the failed run: move time once both have.
  const advance = async (ms: number) => {
    await expect.poll(async () => (await app.jobs.counts())['email.deliver']?.running ?? 0).toBe(0);
    await advanceQueue(app.db, app.jobs.engine, clock, ms);
  };
  const dueIn = async () => {
    await advance(0);
    return dueInMs(app.db, app.jobs.engine, clock.now());
  };

  it('delivers every email exactly once after the SMTP server was down for a while', async () => {
    const ids = [
      await queue('a@example.com'),
      await queue('b@example.com'),
      await queue('c@example.com'),
    ];
    await expect.poll(() => states(ids)).toEqual(ids.map(() => 'queued/1'));
    // The first retry is 30 to 60 s away: still down then.
    const due = await dueIn();
    expect(due).toBeGreaterThan(29_000);
    expect(due).toBeLessThanOrEqual(60_000);
    await advance(60_000);
    await expect.poll(() => states(ids)).toEqual(ids.map(() => 'queued/2'));
    expect(smtp.received).toEqual([]);

    smtp.setDown(false);
    await advance(120_000);
    await expect.poll(() => states(ids), { timeout: 15_000 }).toEqual(ids.map(() => 'sent/3'));
    await expect.poll(() => app.jobs.counts()).toEqual({});
    // Nothing is left to run: each arrived once.
    expect([...smtp.received].sort()).toEqual([...ids].sort());
  });

  it('gives up after ten attempts over more than an hour; Re-send then delivers it once', async () => {
    const id = await queue('d@example.com');
    let waited = 0;
    for (let attempt = 1; attempt < 10; attempt++) {
      await expect.poll(() => states([id])).toEqual([`queued/${attempt}`]);
      const due = await dueIn();
      expect(due).toBeLessThanOrEqual(20 * 60_000);
      waited += due;
      await advance(due + 1000);
    }
    await expect.poll(() => states([id])).toEqual(['failed/10']);
    expect(waited).toBeGreaterThan(3_600_000);
    await expect
      .poll(() => app.jobs.counts())
      .toEqual({
        'email.deliver': { queued: 0, running: 0, failed: 1 },
      });

    smtp.setDown(false);
    const resent = await resendEmail(app.db, operator, id, newId('click'));
    expect(resent).toMatchObject({ ok: true, value: { outcome: 'requeued' } });
    await expect.poll(() => states([id])).toEqual(['sent/1']);
    expect(smtp.received).toEqual([id]);
  }, 60_000);

  it('a job run again after its worker died sends a sending email once, a sent one never', async () => {
    smtp.setDown(false);
    // Two emails whose delivery runs died: one after sending it, one in the middle (row: sending).
    const [sent, stuck] = await app.db.transaction().execute(async (trx) => {
      const ids = [await queueIn(trx, 'e@example.com'), await queueIn(trx, 'f@example.com')];
      await trx
        .updateTable('email_outbox')
        .set({ status: 'sent', attempts: 1 })
        .where('id', '=', ids[0]!)
        .execute();
      await trx
        .updateTable('email_outbox')
        .set({ status: 'sending', attempts: 1 })
        .where('id', '=', ids[1]!)
        .execute();
      await heldByDeadWorker(trx, app.jobs.engine, clock.now());
      return ids as [string, string];
    });
    // pg-boss puts an expired run back with its own backoff: move past it.
    await expect
      .poll(
        async () => {
          await advance(60_000);
          return states([stuck]);
        },
        { timeout: 15_000 },
      )
      .toEqual(['sent/2']);
    await expect
      .poll(async () => (await app.jobs.counts())['email.deliver'] ?? { queued: 0, running: 0 })
      .toMatchObject({ queued: 0, running: 0 });
    expect(await states([sent])).toEqual(['sent/1']);
    expect(smtp.received).toEqual([stuck]);

    // The console's Re-send of an email stuck in flight: queued again with a job of its own.
    await app.db
      .updateTable('email_outbox')
      .set({ status: 'sending' })
      .where('id', '=', stuck)
      .execute();
    const resent = await resendEmail(app.db, operator, stuck, newId('click'));
    expect(resent).toMatchObject({ ok: true, value: { outcome: 'requeued' } });
    await expect.poll(() => states([stuck])).toEqual(['sent/1']);
    expect(smtp.received).toEqual([stuck, stuck]);
  });
});
