/**
 * Support and privacy data requests over real HTTP on every test database: validated, stored for the
 * operators, acknowledged by email (the data request with its CCPA deadline), 5 a minute per client,
 * and a signed-in sender's customer recorded (a bad token is still refused).
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REQUEST_RECEIVED } from '@sunward/core/support';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId, normalizeOrderNumber } from '../../lib/ids.ts';
import { insertGuestOrder, mintToken } from '../customers/customers.factories.ts';

describe.each(DATABASE_KINDS)('support and data requests on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // One proxy hop trusted: each test names its client in X-Forwarded-For.
    t = await createTestApp(kind, {}, { TRUST_PROXY: '1' });
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  /**
   * A client address of its own, so the 5-a-minute windows of the tests do not mix (nor those of
   * another run or database sharing the Redis windows).
   */
  const network = `10.${randomInt(0, 256)}.${randomInt(0, 256)}`;
  let client = 0;
  const from = () => ({ 'x-forwarded-for': `${network}.${++client}` });
  const send = (path: string, body: unknown, headers: Record<string, string> = from()) =>
    t.request('POST', path, body, headers);

  const supportRow = (id: string) =>
    db().selectFrom('support_requests').selectAll().where('id', '=', id).executeTakeFirst();
  const dataRow = (id: string) =>
    db().selectFrom('data_requests').selectAll().where('id', '=', id).executeTakeFirst();
  const emailFor = (key: string) =>
    db().selectFrom('email_outbox').selectAll().where('dedupe_key', '=', key).executeTakeFirst();

  it('stores a support request and acknowledges it to the email given', async () => {
    const res = await send('/api/support', {
      orderNumber: ' 7kq2-m9xd4r ',
      email: 'pat@example.com',
      message: '  My shirt is too long.  ',
    });
    expect(res.status).toBe(200);
    const body = res.body as { id: string; message: string };
    expect(body).toEqual({ id: expect.stringMatching(/^sup_/), message: REQUEST_RECEIVED });

    expect(await supportRow(body.id)).toMatchObject({
      order_number: '7KQ2M9XD4R',
      email: 'pat@example.com',
      customer_id: null,
      message: 'My shirt is too long.',
      status: 'open',
    });
    const email = await emailFor(`support-received:${body.id}`);
    expect(email).toMatchObject({
      kind: 'support-received',
      to_address: 'pat@example.com',
      subject: 'Sunward: we received your message',
      status: expect.stringMatching(/queued|logged|sent/),
    });
    // No order 7KQ2M9XD4R is Pat's: the acknowledgement names none (issue 23, item 8).
    expect(email!.text).toContain('We received your message and will get back to you soon.');
    expect(email!.text).not.toContain('7KQ2M9XD4R');
    expect(email!.text).toContain(`Your reference: ${body.id}.`);
    expect(email!.html).toContain('We Received Your Message');
    // The message is never mailed back (the address is not verified).
    expect(email!.text).not.toContain('too long');
  });

  it("acknowledges a guest's message about an order to the order's email", async () => {
    const order = await insertGuestOrder(db(), `guest.${newId('g')}@example.com`);
    const res = await send('/api/support', {
      orderNumber: order.order_number,
      message: 'Where is my parcel?',
    });
    expect(res.status).toBe(200);
    const { id } = res.body as { id: string };
    expect((await supportRow(id))!.email).toBeNull();
    const email = await emailFor(`support-received:${id}`);
    expect(email!.to_address).toBe(order.email);
    expect(email!.text).toContain(`We received your message about order ${order.order_number} `);
  });

  it('quotes an order number only to the address of that order (any case)', async () => {
    const owner = `Owner.${newId('o')}@Example.com`;
    const order = await insertGuestOrder(db(), owner);
    const acknowledgement = async (orderNumber: string, email: string) => {
      const res = await send('/api/support', { orderNumber, email, message: 'About my order' });
      expect(res.status).toBe(200);
      const { id } = res.body as { id: string };
      return { row: await supportRow(id), mail: await emailFor(`support-received:${id}`) };
    };

    const own = await acknowledgement(order.order_number.toLowerCase(), owner.toLowerCase());
    expect(own.mail!.text).toContain(`about order ${order.order_number} `);
    expect(own.mail!.html).toContain(`about order ${order.order_number} `);

    // Someone else's order, to a stranger's address: the email says nothing of an order.
    const other = await acknowledgement(order.order_number, 'stranger@example.com');
    expect(other.mail!.text).not.toContain(order.order_number);
    expect(other.mail!.html).not.toContain(order.order_number);
    expect(other.row!.order_number).toBe(order.order_number);
  });

  it.each([
    ['a web address', 'https://evil.example/login'],
    ['a phishing line', 'Your card is blocked call 555 0100'],
    ['a number of no order', 'ZZZZ-ZZZZ-ZZ'],
  ])('never relays %s typed as the order number', async (_case, typed) => {
    const res = await send('/api/support', {
      orderNumber: typed,
      email: 'victim@example.com',
      message: 'Hello',
    });
    expect(res.status).toBe(200);
    const { id } = res.body as { id: string };
    const mail = await emailFor(`support-received:${id}`);
    expect(mail!.to_address).toBe('victim@example.com');
    expect(mail!.text).toContain('We received your message and will get back to you soon.');
    expect(mail!.text).not.toMatch(/order/i);
    // The operator still sees what was typed (normalised as order numbers are).
    expect((await supportRow(id))!.order_number).toBe(normalizeOrderNumber(typed));
  });

  it('stores a message without an address, and mails nothing', async () => {
    const res = await send('/api/support', { orderNumber: 'NOSUCHORDER', message: 'Hello' });
    expect(res.status).toBe(200);
    const { id } = res.body as { id: string };
    expect(await supportRow(id)).toMatchObject({ order_number: 'N0SUCH0RDER', email: null });
    expect(await emailFor(`support-received:${id}`)).toBeUndefined();
  });

  it("records a signed-in sender's customer and acknowledges to their email", async () => {
    const sub = newId('acct');
    const email = `riley.${sub}@example.com`.toLowerCase();
    const token = await mintToken(db(), t.baseUrl, {
      claims: { sub, email, email_verified: true, name: 'Riley Shore' },
    });
    const res = await send(
      '/api/support',
      { message: 'Question about sizes' },
      { ...from(), authorization: `Bearer ${token}` },
    );
    expect(res.status).toBe(200);
    const { id } = res.body as { id: string };
    const row = await supportRow(id);
    const customer = await db()
      .selectFrom('customers')
      .select(['id', 'email'])
      .where('id', '=', row!.customer_id!)
      .executeTakeFirstOrThrow();
    expect(customer.email).toBe(email);
    expect(row!.email).toBe(email);
    expect((await emailFor(`support-received:${id}`))!.to_address).toBe(email);

    const data = await send(
      '/api/support/data-request',
      { email: 'other@example.com', message: 'Send me my data' },
      { ...from(), authorization: `Bearer ${token}` },
    );
    expect(data.status).toBe(200);
    expect((await dataRow((data.body as { id: string }).id))!.customer_id).toBe(customer.id);
  });

  it('refuses a token that is not valid, and stores nothing', async () => {
    const before = await db().selectFrom('support_requests').select('id').execute();
    for (const path of ['/api/support', '/api/support/data-request']) {
      const res = await send(
        path,
        { email: 'pat@example.com', message: 'Hi' },
        { ...from(), authorization: 'Bearer not.a.token' },
      );
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'invalid_token' });
    }
    expect(await db().selectFrom('support_requests').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it.each([
    ['/api/support', { message: '' }, 'message'],
    ['/api/support', { message: '   ' }, 'message'],
    ['/api/support', { message: 'x'.repeat(5001) }, 'message'],
    ['/api/support', { email: 'pat@', message: 'Hi' }, 'email'],
    ['/api/support', {}, 'message'],
    ['/api/support/data-request', { message: 'Delete my data' }, 'email'],
    ['/api/support/data-request', { email: 'not an email', message: 'Delete my data' }, 'email'],
    ['/api/support/data-request', { email: 'pat@example.com', message: '' }, 'message'],
  ])('%s refuses %j (400, %s)', async (path, body, field) => {
    const res = await send(path, body, from());
    expect(res.status).toBe(400);
    const answer = res.body as { code: string; message: string; fields: Record<string, string> };
    expect(answer.code).toBe('invalid_request');
    expect(typeof answer.message).toBe('string');
    expect(Object.keys(answer.fields)).toContain(field);
  });

  it('takes a message of exactly 5000 characters', async () => {
    const res = await send('/api/support', { message: 'x'.repeat(5000) });
    expect(res.status).toBe(200);
  });

  it('stores a data request with its CCPA deadline and says the date in the email', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-05-01T03:00:00Z') });
    try {
      const res = await send('/api/support/data-request', {
        email: 'pat@example.com',
        message: 'Please delete my data.',
      });
      expect(res.status).toBe(200);
      const body = res.body as { id: string; message: string; dueBy: string };
      // Received April 30 on the shop's calendar (11 pm in Charlotte): due 45 days later.
      expect(body).toEqual({
        id: expect.stringMatching(/^dr_/),
        message: REQUEST_RECEIVED,
        dueBy: '2026-06-14',
      });
      expect(await dataRow(body.id)).toMatchObject({
        email: 'pat@example.com',
        message: 'Please delete my data.',
        status: 'open',
        received_at: '2026-05-01T03:00:00.000Z',
        created_at: '2026-05-01T03:00:00.000Z',
        due_by: '2026-06-14',
        customer_id: null,
      });
      const email = await emailFor(`data-request-received:${body.id}`);
      expect(email).toMatchObject({
        kind: 'data-request-received',
        to_address: 'pat@example.com',
        subject: 'Sunward: we received your privacy request',
      });
      expect(email!.text).toContain('We received your privacy data request on April 30, 2026.');
      expect(email!.text).toContain(
        'Under the California Consumer Privacy Act (CCPA) we will respond by June 14, 2026',
      );
      expect(email!.html).toContain('June 14, 2026');
    } finally {
      vi.useRealTimers();
    }
  });

  it.each(['/api/support', '/api/support/data-request'])(
    'takes 5 a minute from one client on %s, then 429',
    async (path) => {
      const headers = from();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await send(path, { email: 'pat@example.com', message: `try ${i}` }, headers);
        statuses.push(res.status);
        // The count this process knows is exact once its hits are in the shared window (a sync in
        // flight may briefly count fewer: the overshoot decision 010 accepts).
        await t.app.syncRateLimits();
        if (i === 5) {
          expect(res.body).toMatchObject({ code: 'rate_limited' });
          expect(res.headers.get('retry-after')).toBeTruthy();
        }
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      // Another client is not held up.
      expect((await send(path, { email: 'pat@example.com', message: 'hi' }, from())).status).toBe(
        200,
      );
    },
  );
});
