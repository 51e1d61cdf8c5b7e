/**
 * The console's jobs screen (issue 25: "failed jobs kept and visible"), on every test database: an
 * email whose delivery fails (the real smtp-server refusing connections; one attempt, so it fails at
 * once) is listed with its error and what it was for, Retry delivers it and takes it off the list, and
 * only operators get in.
 */
import { startOutageSmtp, type OutageSmtp } from '../email/test-smtp.test-helpers.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FailedJob, JobsOverview } from '@sunward/core/console-jobs';
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { JobRunner } from '../../lib/jobs/job-runner.ts';
import { FAST_JOBS, JOB_WAIT } from '../../lib/jobs/testing/job-test-kit.ts';
import { queueEmail } from '../email/email.service.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { deliveredOrder, refund, returnBody, submitReturn } from '../returns/returns.factories.ts';
import { aboutJob, JOB_KINDS } from './job-kinds.ts';

describe.each(DATABASE_KINDS)('the console’s jobs on %s', (kind) => {
  let smtp: OutageSmtp;
  let t: TestApp;
  let operator: Person;
  let declared: string[];

  beforeAll(async () => {
    smtp = await startOutageSmtp();
    // Every job the app declares while it is built, to hold the screen's table to.
    const work = vi.spyOn(JobRunner.prototype, 'work');
    t = await createTestApp(kind, {}, { SMTP_URL: smtp.url, BACKUP_EVERY_MS: '3600000' }, false, {
      ...FAST_JOBS,
      emailJob: { maxAttempts: 1 },
    });
    declared = work.mock.calls.map(([name]) => name);
    work.mockRestore();
    operator = await operatorToken(t);
  });
  afterEach(() => {
    smtp.setDown(true);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** Queues an email (its delivery job with it) and waits until that job has failed. */
  async function failedEmail(to: string, subject: string, emailKind = 'test') {
    const id = newId('em');
    await t.database.db.transaction().execute((trx) =>
      queueEmail(trx, {
        id,
        kind: emailKind,
        to,
        subject,
        html: '<p>Hi</p>',
        text: 'Hi',
        dedupeKey: id,
      }),
    );
    await vi.waitFor(async () => {
      const failed = await t.app.jobs.listFailed({ name: 'email.deliver' });
      expect(failed.map((job) => (job.data as { emailId: string }).emailId)).toContain(id);
    }, JOB_WAIT);
    return id;
  }

  const overview = async (who: Person = operator) => {
    const res = await t.request('GET', '/api/admin/jobs', undefined, who.headers);
    expect(res.status, res.text).toBe(200);
    return res.body as JobsOverview;
  };
  const failedFor = (answer: JobsOverview, emailId: string): FailedJob | undefined =>
    answer.failed.find((job) => job.target?.type === 'email' && job.target.id === emailId);

  it('names every job the shop runs, in plain English, with its counts', async () => {
    // Backups are scheduled on SQLite only (PostgreSQL has pg_dump).
    const kinds = Object.keys(JOB_KINDS).filter(
      (name) => kind === 'sqlite' || name !== 'db.backup',
    );
    expect(kinds.sort()).toEqual([...new Set(declared)].sort());
    const listed = (await overview()).kinds;
    expect(listed.map((k) => k.name)).toEqual(Object.keys(JOB_KINDS));
    expect(listed[0]).toMatchObject({ name: 'email.deliver', label: 'Email delivery' });
    for (const k of listed) {
      expect(k.purpose).not.toBe('');
      expect(k.queued + k.running + k.failed).toBeGreaterThanOrEqual(0);
    }
  });

  it('lists a failed email with its error and what it was for, the recipient masked', async () => {
    const id = await failedEmail('jane.doe@example.com', 'Your order SW-1001 is confirmed');
    const reset = await failedEmail(
      'sam@example.com',
      'Reset at http://shop.test/oidc/account/reset-password?token=s3cret',
      'reset-password',
    );
    const answer = await overview();
    const email = answer.kinds.find((k) => k.name === 'email.deliver')!;
    expect(email.failed).toBeGreaterThanOrEqual(2);
    const job = failedFor(answer, id);
    expect(job).toMatchObject({
      name: 'email.deliver',
      label: 'Email delivery',
      attempts: 1,
      about: 'Email “Your order SW-1001 is confirmed” to j***@example.com',
      target: { type: 'email', id },
    });
    expect(job!.error).toMatch(/Service not available/);
    expect(Date.parse(job!.failedAt)).not.toBeNaN();
    // Newest first: the reset email failed last.
    expect(answer.failed.indexOf(failedFor(answer, reset)!)).toBeLessThan(
      answer.failed.indexOf(job!),
    );
    expect(failedFor(answer, reset)!.about).toBe(
      'Email “Reset at [one-time link hidden]” to s***@example.com',
    );
    const text = JSON.stringify(answer);
    expect(text).not.toContain('jane.doe');
    expect(text).not.toContain('s3cret');
  });

  it('Retry runs the job again: the email is sent, the job leaves the list, the action is recorded', async () => {
    const id = await failedEmail('kim@example.com', 'Your return label');
    const jobId = failedFor(await overview(), id)!.id;
    smtp.setDown(false);
    const res = await t.request(
      'POST',
      `/api/admin/jobs/${jobId}/retry`,
      undefined,
      operator.headers,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: jobId, queued: true });

    await expect.poll(() => smtp.received, JOB_WAIT).toContain(id);
    const row = () =>
      t.database.db
        .selectFrom('email_outbox')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
    await expect.poll(async () => (await row())?.status, JOB_WAIT).toBe('sent');
    await expect.poll(async () => failedFor(await overview(), id), JOB_WAIT).toBeUndefined();

    const activity = await t.request(
      'GET',
      `/api/admin/activity?targetType=job&targetId=${jobId}`,
      undefined,
      operator.headers,
    );
    expect(activity.body).toMatchObject({
      actions: [{ action: 'job.retry', operatorEmail: operator.email, targetId: jobId }],
    });
    // Retried already: there is no failed job with that id any more.
    const again = await t.request(
      'POST',
      `/api/admin/jobs/${jobId}/retry`,
      undefined,
      operator.headers,
    );
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'not_found' });
    expect(smtp.received.filter((sent) => sent === id)).toHaveLength(1);
  });

  it('answers 404 JSON for an id that is no failed job, and changes nothing', async () => {
    const before = await overview();
    for (const bad of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.request(
        'POST',
        `/api/admin/jobs/${bad}/retry`,
        undefined,
        operator.headers,
      );
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 'not_found',
        message: 'There is no failed job with this id: it may have been retried already.',
      });
    }
    expect((await overview()).failed).toEqual(before.failed);
  });

  it('is for operators only: a guest gets 401, a customer 403', async () => {
    const customer = await customerToken(t);
    const id = (await overview()).failed[0]?.id ?? 'x1';
    for (const [method, url] of [
      ['GET', '/api/admin/jobs'],
      ['POST', `/api/admin/jobs/${id}/retry`],
    ] as const) {
      expect((await t.request(method, url)).status).toBe(401);
      expect((await t.request(method, url, undefined, customer.headers)).status).toBe(403);
    }
  });

  it('says which return a label job was for, without the shopper’s address', async () => {
    const { order, email } = await deliveredOrder(t);
    const res = await submitReturn(t, returnBody(order, { 0: refund() }, { email }));
    expect(res.status, res.text).toBe(200);
    const publicId = (res.body as typeof order).returns.at(-1)!.id;
    const { id: returnId } = await t.database.db
      .selectFrom('returns')
      .select('id')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    expect(await aboutJob(t.database.db, 'labels.return-label', { returnId })).toEqual({
      about: `The label of return ${publicId}, order ${order.orderNumber}`,
      target: { type: 'return', id: publicId },
    });
    expect(await aboutJob(t.database.db, 'labels.return-label', { returnId: 'gone' })).toEqual({
      about: 'The label of a return that no longer exists',
      target: null,
    });
  });
});
