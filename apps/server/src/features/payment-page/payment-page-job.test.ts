/**
 * The scheduled payment-page check waits for its shop to listen (decision 056), on every test
 * database: the job engine starts before the server listens, and a check run then would fetch nothing
 * and be kept as a failed check on the console at every start. Until the process listens, the job
 * records nothing and is retried; once it listens, the check runs and is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { NotListeningYet, PAYMENT_PAGE_JOB, registerPaymentPageCheck } from './payment-page-job.ts';

describe.each(DATABASE_KINDS)('the scheduled payment-page check on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());

  it('records nothing before the shop listens, and the check once it does', async () => {
    // The engine's side of it: the handler declared, as the queue would call it.
    const handlers = new Map<string, (job: unknown) => Promise<void>>();
    const queue = {
      work: (name: string, handler: (job: unknown) => Promise<void>) => handlers.set(name, handler),
      schedule: () => {},
    } as unknown as JobQueue;
    let listening = false;
    const unreachable = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9'));
    registerPaymentPageCheck(
      queue,
      database.db,
      () => ({ url: 'http://127.0.0.1:9/checkout', built: null, headers: {}, fetch: unreachable }),
      3_600_000,
      () => listening,
    );
    const check = handlers.get(PAYMENT_PAGE_JOB)!;
    const runs = () => database.db.selectFrom('payment_page_runs').select('status').execute();

    await expect(check({})).rejects.toBeInstanceOf(NotListeningYet);
    expect(await runs()).toEqual([]);

    listening = true;
    // Listening, the check runs: this page cannot be fetched, so it is kept as failed (and retried).
    await expect(check({})).rejects.toThrow(/payment-page check failed/);
    expect(await runs()).toEqual([{ status: 'failed' }]);
  });
});
