/**
 * The CSP reports' retention (decision 056), on every test database: the daily job deletes the kinds
 * of report not seen for 30 days and keeps the others; the job engine's clock is moved a day on rather
 * than waited for.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOnClock, DATABASE_KINDS, type TestDatabase } from '../../../test/test-app.ts';
import { advanceQueue, type manualClock } from '../../lib/jobs/testing/job-test-kit.ts';
import { CSP_REPORTS_KEEP_DAYS } from './csp-reports-purge-job.ts';

const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('the CSP reports’ purge on %s', (kind) => {
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

  const report = (id: string, lastSeenDaysAgo: number) => {
    const at = new Date(clock.now() - lastSeenDaysAgo * DAY).toISOString();
    return app.db
      .insertInto('csp_reports')
      .values({
        id,
        fingerprint: id,
        directive: 'script-src-elem',
        blocked_url: `https://evil.example/${id}.js`,
        document_url: 'https://shop.example/checkout',
        disposition: 'enforce',
        count: 1,
        first_seen: at,
        last_seen: at,
      })
      .execute();
  };
  const ids = async () =>
    (await app.db.selectFrom('csp_reports').select('id').orderBy('id').execute()).map((r) => r.id);

  it('deletes what was not seen for the retention, keeps the rest', async () => {
    await report('old', CSP_REPORTS_KEEP_DAYS + 2);
    await report('recent', 3);
    await advanceQueue(app.db, app.jobs.engine, clock, DAY);
    await expect.poll(ids, { timeout: 15_000, interval: 50 }).toEqual(['recent']);
  });
});
