/**
 * Support messages in the console over real HTTP on every test database: the list (filters, both
 * orders, keyset pages), one message with its order and sender, a reply (emailed through the outbox in
 * the layout with the message quoted and Reply-To the support address, stored, the message answered,
 * recorded), one reply however often it is submitted, closing and reopening, and every refusal.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  SupportList,
  SupportMessageDetail,
  SupportReplyAnswer,
} from '@sunward/core/console-inbox';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { insertGuestOrder } from '../customers/customers.factories.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { loadSettings } from '../settings/settings.ts';
import { insertSupportMessage } from './support.factories.ts';

const key = () => randomBytes(12).toString('base64url');

describe.each(DATABASE_KINDS)('console support messages on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  let customer: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
    customer = await customerToken(t);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const asOperator = (method: string, path: string, body?: unknown) =>
    t.request(method, path, body, operator.headers);
  const count = async (table: 'support_replies' | 'email_outbox' | 'operator_actions') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers 401 without a token and 403 to a customer on every route, changing nothing', async () => {
    const message = await insertSupportMessage(db());
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/support'],
      ['GET', `/api/admin/support/${message.id}`],
      ['POST', `/api/admin/support/${message.id}/replies`, { body: 'Hi', idempotencyKey: key() }],
      ['PATCH', `/api/admin/support/${message.id}`, { status: 'closed' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await t.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await t.request(method, path, body, customer.headers)).status).toBe(403);
    }
    expect(await count('support_replies')).toBe(0);
    const row = await db()
      .selectFrom('support_requests')
      .select('status')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });

  it('lists newest first, or oldest first, by status, a page at a time', async () => {
    const base = Date.parse('2030-01-01T12:00:00Z');
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    const made = [];
    for (const [minutes, status] of [
      [1, 'open'],
      [2, 'answered'],
      [3, 'open'],
      [4, 'closed'],
      [5, 'open'],
    ] as const) {
      made.push(await insertSupportMessage(db(), { created_at: at(minutes), status }));
    }
    const list = async (query: string) => {
      const res = await asOperator('GET', `/api/admin/support?${query}`);
      expect(res.status).toBe(200);
      return res.body as SupportList;
    };
    const newest = await list('limit=3');
    expect(newest.messages.map((m) => m.id)).toEqual([made[4]!.id, made[3]!.id, made[2]!.id]);
    expect(newest.next).not.toBeNull();
    const second = await list(`limit=3&after=${encodeURIComponent(newest.next!)}`);
    expect(second.messages.slice(0, 2).map((m) => m.id)).toEqual([made[1]!.id, made[0]!.id]);

    // The oldest open ones (before anything else in this database), the queue to work through.
    const early = (minutes: number) =>
      new Date(Date.parse('2001-01-01T12:00:00Z') + minutes * 60_000);
    const old = [];
    for (const [minutes, status] of [
      [1, 'open'],
      [2, 'closed'],
      [3, 'open'],
      [4, 'open'],
    ] as const) {
      old.push(
        await insertSupportMessage(db(), { created_at: early(minutes).toISOString(), status }),
      );
    }
    const queue = await list('status=open&sort=oldest&limit=2');
    expect(queue.messages.map((m) => m.id)).toEqual([old[0]!.id, old[2]!.id]);
    const queue2 = await list(`status=open&sort=oldest&limit=2&after=${queue.next!}`);
    expect(queue2.messages[0]!.id).toBe(old[3]!.id);
    expect(queue2.messages.every((m) => m.status === 'open')).toBe(true);
    expect(newest.messages[0]).toMatchObject({
      status: 'open',
      email: 'pat@example.com',
      excerpt: 'My shirt is too long.',
      replyCount: 0,
      erased: false,
    });
  });

  it.each([
    ['status=pending', 'status'],
    ['sort=random', 'sort'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['after=nocursor', 'after'],
  ])('refuses ?%s (400, %s)', async (query, field) => {
    const res = await asOperator('GET', `/api/admin/support?${query}`);
    expect(res.status).toBe(400);
    expect((res.body as { fields: Record<string, string> }).fields).toHaveProperty(field);
  });

  it('shows a message with the order it names and where a reply goes', async () => {
    const order = await insertGuestOrder(db(), 'robin.order@example.com');
    const message = await insertSupportMessage(db(), {
      email: null,
      order_number: order.order_number,
      customer_id: customer.customerId,
      message: 'Where is my parcel?',
    });
    const res = await asOperator('GET', `/api/admin/support/${message.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: message.id,
      message: 'Where is my parcel?',
      email: null,
      order: { orderNumber: order.order_number, status: 'pending', total: order.total },
      customer: { id: customer.customerId, email: customer.email, name: customer.name },
      replyTo: 'robin.order@example.com',
      replies: [],
    });
    expect((await asOperator('GET', '/api/admin/support/sup_nothere')).status).toBe(404);
  });

  it('replies by email through the outbox, quoting the message, and marks it answered', async () => {
    const message = await insertSupportMessage(db(), {
      email: 'Sam.Sender@example.com',
      message: 'Does the <b>Alaska</b> shirt run small?\nI am 5\'10".',
    });
    const res = await asOperator('POST', `/api/admin/support/${message.id}/replies`, {
      body: '  Hello Sam,\n\nIt runs true to size. <script>x</script>\nTake your usual size.  ',
      idempotencyKey: key(),
    });
    expect(res.status).toBe(200);
    const answer = res.body as SupportReplyAnswer;
    expect(answer.created).toBe(true);
    expect(answer.message.status).toBe('answered');
    expect(answer.message.replies).toHaveLength(1);
    const reply = answer.message.replies[0]!;
    expect(reply).toMatchObject({
      body: 'Hello Sam,\n\nIt runs true to size. <script>x</script>\nTake your usual size.',
      toAddress: 'Sam.Sender@example.com',
      operatorEmail: operator.email,
    });

    await t.app.mailer.drain();
    const email = await db()
      .selectFrom('email_outbox')
      .selectAll()
      .where('id', '=', reply.emailId!)
      .executeTakeFirstOrThrow();
    expect(email).toMatchObject({
      kind: 'support-reply',
      to_address: 'Sam.Sender@example.com',
      reply_to: (await loadSettings(db())).supportEmail,
      subject: 'Sunward: a reply to your message',
      dedupe_key: `support-reply:${reply.id}`,
    });
    expect(['queued', 'logged', 'sent']).toContain(email.status);
    expect(email.text).toContain('It runs true to size.');
    expect(email.text).toContain('> Does the <b>Alaska</b> shirt run small?');
    expect(email.text).toContain(`> I am 5'10".`);
    expect(email.text).toContain(`Your reference: ${message.id}.`);
    expect(email.html).toContain('A Reply From Sunward');
    expect(email.html).toContain('It runs true to size. &lt;script&gt;x&lt;/script&gt;<br/>');
    expect(email.html).toContain('<blockquote');
    expect(email.html).toContain('Does the &lt;b&gt;Alaska&lt;/b&gt; shirt run small?');
    expect(email.html).not.toMatch(/<script|<b>/);

    const action = await db()
      .selectFrom('operator_actions')
      .selectAll()
      .where('target_id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(action).toMatchObject({ action: 'support.reply', operator_id: operator.customerId });
    // The record names what was done, not what was written.
    expect(action.detail).not.toContain('Sam');
  });

  it('makes one reply and one email however often the same submit arrives', async () => {
    const message = await insertSupportMessage(db(), { email: 'twice@example.com' });
    const before = { replies: await count('support_replies'), emails: await count('email_outbox') };
    const submit = { body: 'Thanks for writing.', idempotencyKey: key() };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        asOperator('POST', `/api/admin/support/${message.id}/replies`, submit),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => (a.body as SupportReplyAnswer).created)).toHaveLength(1);
    expect(await count('support_replies')).toBe(before.replies + 1);
    expect(await count('email_outbox')).toBe(before.emails + 1);
    for (const a of answers) expect((a.body as SupportReplyAnswer).message.replies).toHaveLength(1);

    // The key on another message is refused; a new key is a second reply.
    const other = await insertSupportMessage(db());
    const reused = await asOperator('POST', `/api/admin/support/${other.id}/replies`, submit);
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: 'key_reused' });
    const again = await asOperator('POST', `/api/admin/support/${message.id}/replies`, {
      body: 'One more thing.',
      idempotencyKey: key(),
    });
    expect((again.body as SupportReplyAnswer).message.replies).toHaveLength(2);
  });

  it('refuses a reply with nowhere to go, or without words, and changes nothing', async () => {
    const nowhere = await insertSupportMessage(db(), { email: null, order_number: 'N0SUCH' });
    const before = { replies: await count('support_replies'), emails: await count('email_outbox') };
    const res = await asOperator('POST', `/api/admin/support/${nowhere.id}/replies`, {
      body: 'Hello',
      idempotencyKey: key(),
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'no_address' });
    for (const [body, field] of [
      [{ body: '   ', idempotencyKey: key() }, 'body'],
      [{ body: 'x'.repeat(10_001), idempotencyKey: key() }, 'body'],
      [{ body: 'Hi' }, 'idempotencyKey'],
      [{ body: 'Hi', idempotencyKey: 'short' }, 'idempotencyKey'],
      [{ body: 'Hi', idempotencyKey: `${key()}!` }, 'idempotencyKey'],
    ] as const) {
      const bad = await asOperator('POST', `/api/admin/support/${nowhere.id}/replies`, body);
      expect(bad.status).toBe(400);
      expect((bad.body as { fields: Record<string, string> }).fields).toHaveProperty(field);
    }
    const missing = await asOperator('POST', '/api/admin/support/sup_nothere/replies', {
      body: 'Hi',
      idempotencyKey: key(),
    });
    expect(missing.status).toBe(404);
    expect(await count('support_replies')).toBe(before.replies);
    expect(await count('email_outbox')).toBe(before.emails);
    const row = await db()
      .selectFrom('support_requests')
      .select('status')
      .where('id', '=', nowhere.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });

  it('closes and reopens a message, once per change', async () => {
    const message = await insertSupportMessage(db(), { status: 'answered' });
    const actions = () =>
      db()
        .selectFrom('operator_actions')
        .select('action')
        .where('target_id', '=', message.id)
        .orderBy('at')
        .execute();
    const patch = (status: string) =>
      asOperator('PATCH', `/api/admin/support/${message.id}`, { status });
    const closed = await Promise.all([patch('closed'), patch('closed'), patch('closed')]);
    expect(closed.map((r) => (r.body as SupportMessageDetail).status)).toEqual([
      'closed',
      'closed',
      'closed',
    ]);
    expect(await actions()).toEqual([{ action: 'support.close' }]);
    expect(((await patch('open')).body as SupportMessageDetail).status).toBe('open');
    expect((await actions()).map((a) => a.action)).toEqual(['support.close', 'support.reopen']);
    expect((await patch('answered')).status).toBe(400);
    expect(
      (await asOperator('PATCH', '/api/admin/support/sup_none', { status: 'closed' })).status,
    ).toBe(404);
  });
});
