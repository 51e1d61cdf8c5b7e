/**
 * The outbox in the console over real HTTP on every test database: the list (status, search, pages),
 * one email with its bodies and copies, and Re-send (a failed one queued again, a sent one as a copy,
 * once per click however often it arrives), with every refusal; one-time links (a password reset, an
 * email confirmation) hidden in every answer while Re-send still sends them. The app
 * (PROCESS_ROLE=web) runs no delivery job, so each test sees the statuses Re-send leaves.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailDetail, EmailList, ResendAnswer } from '@sunward/core/console-outbox';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import type { Db } from '../../db/database.ts';
import { resetPasswordEmail, verifyEmailEmail } from '../identity/identity-emails.template.tsx';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import type { EmailRow } from './email.table.ts';

const key = () => randomBytes(12).toString('base64url');
const HIDDEN = '[one-time link hidden]';

async function insertEmail(db: Db, overrides: Partial<EmailRow> = {}): Promise<EmailRow> {
  const row: EmailRow = {
    id: newId('em'),
    kind: 'order-confirmation',
    dedupe_key: newId('test'),
    to_address: 'pat@example.com',
    subject: 'Sunward order 7KQ2M9XD4R confirmed',
    html: '<p>Thank you</p>',
    text: 'Thank you',
    status: 'sent',
    attempts: 1,
    last_error: null,
    created_at: new Date().toISOString(),
    sent_at: new Date().toISOString(),
    reply_to: null,
    resent_from: null,
    order_id: null,
    list_unsubscribe: null,
    ...overrides,
  };
  await db.insertInto('email_outbox').values(row).execute();
  return row;
}

describe.each(DATABASE_KINDS)('the console outbox on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  let customer: Person;
  beforeAll(async () => {
    // A web-role app enqueues delivery jobs but runs none: the outbox stays as the console left it.
    t = await createTestApp(kind, { processRole: 'web' });
    operator = await operatorToken(t);
    customer = await customerToken(t);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const asOperator = (method: string, path: string, body?: unknown) =>
    t.request(method, path, body, operator.headers);
  const find = (id: string) =>
    db().selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('answers 401 without a token and 403 to a customer on every route, changing nothing', async () => {
    const email = await insertEmail(db(), { status: 'failed' });
    for (const [method, path, body] of [
      ['GET', '/api/admin/emails'],
      ['GET', `/api/admin/emails/${email.id}`],
      ['POST', `/api/admin/emails/${email.id}/resend`, { idempotencyKey: key() }],
    ] as [string, string, unknown?][]) {
      expect((await t.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await t.request(method, path, body, customer.headers)).status).toBe(403);
    }
    expect((await find(email.id)).status).toBe('failed');
  });

  it('lists newest first, by status, by address or subject, a page at a time', async () => {
    const base = Date.parse('2031-03-01T10:00:00Z');
    const at = (m: number) => new Date(base + m * 60_000).toISOString();
    const a = await insertEmail(db(), { created_at: at(1), to_address: 'Lee.Search@Example.com' });
    const b = await insertEmail(db(), { created_at: at(2), status: 'failed', last_error: '451' });
    const c = await insertEmail(db(), { created_at: at(3), subject: 'Your 100%_off label' });
    const list = async (query: string) => {
      const res = await asOperator('GET', `/api/admin/emails?${query}`);
      expect(res.status).toBe(200);
      return res.body as EmailList;
    };
    const first = await list('limit=2');
    expect(first.emails.map((e) => e.id)).toEqual([c.id, b.id]);
    expect((await list(`limit=2&after=${first.next!}`)).emails[0]!.id).toBe(a.id);
    expect(first.next).not.toBeNull();
    expect(first.emails[1]).toMatchObject({
      status: 'failed',
      lastError: '451',
      to: 'pat@example.com',
      kind: 'order-confirmation',
      attempts: 1,
      resentFrom: null,
    });
    expect((await list('status=failed')).emails.map((e) => e.id)).toContain(b.id);
    expect((await list('status=failed')).emails.every((e) => e.status === 'failed')).toBe(true);
    expect((await list('q=lee.search@example')).emails.map((e) => e.id)).toEqual([a.id]);
    // A whole address, any case, is looked up on its index.
    expect((await list('q=LEE.search@example.COM')).emails.map((e) => e.id)).toEqual([a.id]);
    expect((await list('q=lee@example.com')).emails).toEqual([]);
    const ann = await insertEmail(db(), { created_at: at(4), to_address: 'ann@example.com' });
    await insertEmail(db(), { created_at: at(5), to_address: 'joann@example.com' });
    expect((await list('q=Ann@example.com')).emails.map((e) => e.id)).toEqual([ann.id]);
    // % and _ are the text's own, not wildcards.
    expect((await list('q=100%25_off')).emails.map((e) => e.id)).toEqual([c.id]);
    expect((await list('q=1%25off')).emails).toEqual([]);
    expect((await asOperator('GET', '/api/admin/emails?status=bounced')).status).toBe(400);
  });

  it('shows one email with its bodies', async () => {
    const email = await insertEmail(db(), {
      html: '<p>Hi</p><script>alert(1)</script>',
      reply_to: 'support@sunward.com',
    });
    const res = await asOperator('GET', `/api/admin/emails/${email.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: email.id,
      html: '<p>Hi</p><script>alert(1)</script>',
      text: 'Thank you',
      replyTo: 'support@sunward.com',
      copies: [],
    });
    expect((await asOperator('GET', '/api/admin/emails/em_none')).status).toBe(404);
  });

  it('hides one-time links in the list, the search and the detail; Re-send sends them as stored', async () => {
    const site = 'https://shop.example';
    const tokens = Array.from({ length: 4 }, () => randomBytes(32).toString('base64url'));
    const at = new Date(Date.parse('2031-04-01T10:00:00Z')).toISOString();
    const resetLink = `${site}/oidc/account/reset-password?token=${tokens[0]!}`;
    const reset = await resetPasswordEmail(
      { name: 'Sunward', siteUrl: site },
      { name: 'Pat' },
      resetLink,
    );
    const verifyLink = `${site}/oidc/account/verify-email?token=${tokens[1]!}`;
    const verify = await verifyEmailEmail(
      { name: 'Sunward', siteUrl: site },
      { name: 'Pat' },
      verifyLink,
    );
    const rows = [
      await insertEmail(db(), { kind: 'reset-password', created_at: at, ...reset }),
      await insertEmail(db(), { kind: 'verify-email', created_at: at, ...verify }),
      // Any email quoting such a link (a support reply pasting one, another host, a relative link).
      await insertEmail(db(), {
        kind: 'support-reply',
        created_at: at,
        subject: `Re: your link ${site}/oidc/account/verify-email?token=${tokens[2]!}`,
        html: `<p>Try <a href="http://other.example/oidc/account/reset-password?uid=1&amp;token=${tokens[2]!}">this</a></p>`,
        text: `Try /oidc/account/reset-password?token=${tokens[3]!} again`,
      }),
    ];
    const untouched = await insertEmail(db(), {
      created_at: at,
      html: `<a href="${site}/order-lookup?order=7KQ2M9XD4R">Your order</a>`,
      text: `${site}/oidc/account/forgot-password and ${site}/order-lookup?order=7KQ2M9XD4R`,
    });
    const leaks = (answer: { text: string }) => tokens.filter((t) => answer.text.includes(t));

    for (const query of ['', 'q=Sunward', 'q=your%20link', 'q=pat@example.com']) {
      const list = await asOperator('GET', `/api/admin/emails?limit=100&${query}`);
      expect(list.status).toBe(200);
      expect(leaks(list), query).toEqual([]);
    }
    const search = (await asOperator('GET', '/api/admin/emails?q=your%20link')).body as EmailList;
    expect(search.emails.map((e) => e.subject)).toEqual([`Re: your link ${HIDDEN}`]);

    for (const row of rows) {
      const res = await asOperator('GET', `/api/admin/emails/${row.id}`);
      expect(res.status).toBe(200);
      expect(leaks(res), row.kind).toEqual([]);
      const detail = res.body as EmailDetail;
      expect(detail.html).toContain(HIDDEN);
      expect(detail.text).toContain(HIDDEN);
    }
    const resetDetail = (await asOperator('GET', `/api/admin/emails/${rows[0]!.id}`))
      .body as EmailDetail;
    // Every web address of a one-time kind is hidden: the link, and the footer's site link too.
    expect(resetDetail.text).toBe(reset.text.replace(/https?:\/\/[^\s"'<>]+/g, HIDDEN));
    expect(resetDetail.text).toContain(`Or open this link: ${HIDDEN}\n`);
    expect(resetDetail.html).toContain(`href="${HIDDEN}"`);
    expect(resetDetail.html).toContain(`Or open this link: ${HIDDEN}</p>`);
    expect(
      ((await asOperator('GET', `/api/admin/emails/${rows[2]!.id}`)).body as EmailDetail).text,
    ).toBe(`Try ${HIDDEN} again`);
    const plain = (await asOperator('GET', `/api/admin/emails/${untouched.id}`))
      .body as EmailDetail;
    expect(plain).toMatchObject({ html: untouched.html, text: untouched.text });

    // Re-send: the copy is the stored email, link and all, to its recipient; the answer hides nothing
    // it would have to (it has no body) and leaks nothing.
    const resent = await asOperator('POST', `/api/admin/emails/${rows[0]!.id}/resend`, {
      idempotencyKey: key(),
    });
    expect(resent.status).toBe(200);
    expect(leaks(resent)).toEqual([]);
    const copy = await find((resent.body as ResendAnswer).email.id);
    expect(copy).toMatchObject({
      kind: 'reset-password',
      to_address: 'pat@example.com',
      html: reset.html,
      text: reset.text,
      resent_from: rows[0]!.id,
    });
    const copyDetail = await asOperator('GET', `/api/admin/emails/${copy.id}`);
    expect(leaks(copyDetail)).toEqual([]);
    // What is stored was not changed.
    for (const row of rows)
      expect(await find(row.id)).toMatchObject({ html: row.html, text: row.text });
  });

  it('queues a failed email again, once per click, with one delivery job', async () => {
    const email = await insertEmail(db(), { status: 'failed', attempts: 5, last_error: '550' });
    const jobs = async () => (await t.app.jobs.counts())['email.deliver']?.queued ?? 0;
    const jobsBefore = await jobs();
    const click = { idempotencyKey: key() };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        asOperator('POST', `/api/admin/emails/${email.id}/resend`, click),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    for (const a of answers) {
      expect(a.body).toMatchObject({ outcome: 'requeued', email: { id: email.id } });
    }
    expect(await find(email.id)).toMatchObject({ status: 'queued', attempts: 0 });
    // One delivery job, under a key of its own (the email's first job used `email:<id>`).
    expect(await jobs()).toBe(jobsBefore + 1);
    const actions = await db()
      .selectFrom('operator_actions')
      .select('action')
      .where('target_id', '=', email.id)
      .execute();
    expect(actions).toEqual([{ action: 'email.resend' }]);

    // Another click while it is queued: on its way already.
    const again = await asOperator('POST', `/api/admin/emails/${email.id}/resend`, {
      idempotencyKey: key(),
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'in_flight' });
  });

  it('re-sends a sent email as a copy that names it, once per click', async () => {
    const email = await insertEmail(db(), { status: 'sent', reply_to: 'support@sunward.com' });
    const click = { idempotencyKey: key() };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        asOperator('POST', `/api/admin/emails/${email.id}/resend`, click),
      ),
    );
    const copyIds = new Set(answers.map((a) => (a.body as ResendAnswer).email.id));
    expect(copyIds.size).toBe(1);
    const [copyId] = [...copyIds];
    expect(copyId).not.toBe(email.id);
    expect(answers[0]!.body).toMatchObject({
      outcome: 'copied',
      email: { status: 'queued', resentFrom: email.id, to: email.to_address },
    });
    expect(await find(copyId!)).toMatchObject({
      html: email.html,
      text: email.text,
      subject: email.subject,
      reply_to: 'support@sunward.com',
      dedupe_key: `resend:${click.idempotencyKey}`,
      attempts: 0,
    });
    expect((await find(email.id)).status).toBe('sent');
    const detail = (await asOperator('GET', `/api/admin/emails/${email.id}`)).body as EmailDetail;
    expect(detail.copies.map((c) => c.id)).toEqual([copyId]);

    // The key on another email is refused.
    const other = await insertEmail(db());
    const reused = await asOperator('POST', `/api/admin/emails/${other.id}/resend`, click);
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: 'key_reused' });
  });

  it('refuses what cannot be re-sent, and changes nothing', async () => {
    const erased = await insertEmail(db(), {
      status: 'failed',
      to_address: '',
      html: '',
      text: '',
    });
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('email_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const resend = (id: string, body: unknown = { idempotencyKey: key() }) =>
      asOperator('POST', `/api/admin/emails/${id}/resend`, body);
    expect((await resend(erased.id)).body).toMatchObject({ code: 'erased' });
    expect((await resend('em_none')).status).toBe(404);
    for (const body of [{}, { idempotencyKey: 'short' }, { idempotencyKey: `${key()} x` }]) {
      const bad = await resend(erased.id, body);
      expect(bad.status).toBe(400);
      expect((bad.body as { fields: Record<string, string> }).fields).toHaveProperty(
        'idempotencyKey',
      );
    }
    expect(await count()).toBe(before);
    expect((await find(erased.id)).status).toBe('failed');
  });
});
