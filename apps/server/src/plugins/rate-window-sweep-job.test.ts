/**
 * Rate-limit windows in the database are swept by a schedule (issue 25 item 2), on every test
 * database: the job engine's clock is moved past a window's end and a period rather than waited for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appOnClock, DATABASE_KINDS, type TestDatabase } from '../../test/test-app.ts';
import { advanceQueue, type manualClock } from '../lib/jobs/testing/job-test-kit.ts';
import { RATE_LIMIT_WINDOW_MS } from './rate-limit.ts';

describe.each(DATABASE_KINDS)('rate-limit window sweep on %s', (kind) => {
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

  const keys = async () =>
    (await app.db.selectFrom('rate_limits').select('key').orderBy('key').execute()).map(
      (r) => r.key,
    );

  it('deletes the windows that ended, keeps the open ones', async () => {
    await app.db
      .insertInto('rate_limits')
      .values([
        { key: 'ending', count: 3, reset_at: clock.now() + RATE_LIMIT_WINDOW_MS },
        { key: 'open', count: 1, reset_at: clock.now() + 3_600_000 },
      ])
      .execute();
    expect(await keys()).toEqual(['ending', 'open']);
    await advanceQueue(app.db, app.jobs.engine, clock, 2 * RATE_LIMIT_WINDOW_MS);
    await expect.poll(keys, { timeout: 15_000, interval: 50 }).toEqual(['open']);
  });
});
