/**
 * The identity provider's expired rows are deleted by a schedule (issue 25 item 2), on every test
 * database: the job engine's clock is moved a period on rather than waited for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { appOnClock, DATABASE_KINDS, type TestDatabase } from '../../test/test-app.ts';
import { advanceQueue, type manualClock } from '../lib/jobs/testing/job-test-kit.ts';
import { IDENTITY_PURGE_EVERY_MS } from './identity-purge-job.ts';

describe.each(DATABASE_KINDS)('identity purge on %s', (kind) => {
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

  const payload = (id: string, expiresInMs: number) =>
    app.db
      .insertInto('oidc_payloads')
      .values({
        model: 'Session',
        id,
        payload: '{}',
        grant_id: null,
        user_code: null,
        uid: null,
        expires_at: new Date(clock.now() + expiresInMs).toISOString(),
        consumed_at: null,
      })
      .execute();
  const ids = async () =>
    (await app.db.selectFrom('oidc_payloads').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    );

  it('deletes what expired within a period, keeps what is valid', async () => {
    await payload('expiring', 60_000);
    await payload('valid', 24 * 3_600_000);
    expect(await ids()).toEqual(['expiring', 'valid']);
    await advanceQueue(app.db, app.jobs.engine, clock, 60_000 + IDENTITY_PURGE_EVERY_MS);
    await expect.poll(ids, { timeout: 15_000, interval: 50 }).toEqual(['valid']);
  });
});
