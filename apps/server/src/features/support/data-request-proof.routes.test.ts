/**
 * A data request's proof of email, and export and erasure by the proven email, over real HTTP on every
 * test database (issue 30, decision 053): the link in the acknowledgement (its email queued with the
 * request), valid, used twice, altered, made for another purpose, expired; a guest with two orders, a
 * support message and the request: all exported, then erased (the orders kept under an erased guest
 * placeholder), a second erasure changing nothing; refusals (unproven, a customer's email, an order
 * not shipped, a wrong confirmation) and the operators-only routes.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerList, EraseCustomerAnswer } from '@sunward/core/console-customers';
import type { DataRequestDetail } from '@sunward/core/console-inbox';
import { DATA_REQUEST_PROOF_DAYS } from '@sunward/core/support';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { signValue } from '../../lib/signed-values.ts';
import { paidOrder } from '../customers/customer-data.factories.ts';
import { insertGuestOrder } from '../customers/customers.factories.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { dataRequestSecret, proofToken } from './data-request-links.ts';
import { insertDataRequest } from './support.factories.ts';

const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('proven data requests on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  let customer: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
    customer = await customerToken(t, 'Casey Customer');
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  // Each sender its own client, as the forms' rate limits count per client.
  const network = `10.${randomInt(0, 256)}.${randomInt(0, 256)}`;
  let client = 0;
  const from = () => ({ 'x-forwarded-for': `${network}.${++client}` });
  const prove = (token: string) =>
    t.request('POST', '/api/support/data-request/proof', { token }, from());
  const asOperator = (method: string, path: string, body?: unknown) =>
    t.request(method, path, body, operator.headers);
  const erase = (id: string, confirmEmail: string) =>
    asOperator('POST', `/api/admin/data-requests/${id}/erase`, { confirmEmail });
  const tokenFor = async (id: string, now = Date.now()) =>
    proofToken(await dataRequestSecret(db()), id, now);
  const provenAt = async (id: string) =>
    (
      await db()
        .selectFrom('data_requests')
        .select('email_proven_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).email_proven_at;

  it('answers 401 without a token and 403 to a customer on export and erase', async () => {
    const request = await insertDataRequest(db(), { email_proven_at: new Date().toISOString() });
    for (const [method, path, body] of [
      ['GET', `/api/admin/data-requests/${request.id}/export`],
      ['POST', `/api/admin/data-requests/${request.id}/erase`, { confirmEmail: request.email }],
    ] as [string, string, unknown?][]) {
      expect((await t.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await t.request(method, path, body, customer.headers)).status).toBe(403);
    }
    const row = await db()
      .selectFrom('data_requests')
      .select(['email', 'erased_at'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: request.email, erased_at: null });
  });

  it('emails the link with the request; it proves the email once, however often opened', async () => {
    const email = `Dora.${newId('x')}@Example.com`;
    const sent = await t.request(
      'POST',
      '/api/support/data-request',
      { email, message: 'What do you hold on me?' },
      from(),
    );
    expect(sent.status).toBe(200);
    const { id } = sent.body as { id: string };
    const mail = await db()
      .selectFrom('email_outbox')
      .selectAll()
      .where('dedupe_key', '=', `data-request-received:${id}`)
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe(email);
    const link = /\/data-request\/confirm\?token=([^\s"<&]+)/.exec(mail.text)?.[1];
    expect(mail.text).toContain(`The link works for ${DATA_REQUEST_PROOF_DAYS} days`);
    expect(await provenAt(id)).toBeNull();
    const detail = () =>
      asOperator('GET', `/api/admin/data-requests/${id}`).then((r) => r.body as DataRequestDetail);
    expect((await detail()).emailProvenAt).toBeNull();

    const first = await prove(decodeURIComponent(link!));
    expect(first.status, first.text).toBe(200);
    const at = (first.body as { provenAt: string }).provenAt;
    expect(first.body).toEqual({ provenAt: at, alreadyProven: false });
    expect(await provenAt(id)).toBe(at);
    expect((await detail()).emailProvenAt).toBe(at);

    const again = await prove(decodeURIComponent(link!));
    expect(again.body).toEqual({ provenAt: at, alreadyProven: true });
    expect(await provenAt(id)).toBe(at);
  });

  it('refuses an altered, a foreign, a made-up and an expired link, proving nothing; an expired link once proven says so', async () => {
    const request = await insertDataRequest(db());
    const token = await tokenFor(request.id);
    const other = await insertDataRequest(db());
    const [value, mac] = token.split('.');
    const altered = `${Buffer.from(`${other.id}:${Date.now() + DAY}`).toString('base64url')}.${mac}`;
    const foreign = signValue(
      await dataRequestSecret(db()),
      'unsubscribe',
      `${request.id}:${Date.now() + DAY}`,
    );
    for (const bad of [altered, foreign, `${value}.x`, 'nonsense', `${token}.more`]) {
      const res = await prove(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_link' });
    }
    const expired = await tokenFor(request.id, Date.now() - (DATA_REQUEST_PROOF_DAYS * DAY + 1000));
    const res = await prove(expired);
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({
      code: 'link_expired',
      message: expect.stringContaining('expired'),
    });
    expect(await provenAt(request.id)).toBeNull();
    expect(await provenAt(other.id)).toBeNull();

    // Proven within its days, the same link opened after them says so, and changes nothing.
    const fresh = await tokenFor(other.id);
    const proven = await prove(fresh);
    expect(proven.status).toBe(200);
    const at = (proven.body as { provenAt: string }).provenAt;
    const late = await prove(
      await tokenFor(other.id, Date.now() - (DATA_REQUEST_PROOF_DAYS * DAY + 1000)),
    );
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ provenAt: at, alreadyProven: true });
    expect(await provenAt(other.id)).toBe(at);
  });

  it('refuses to export or erase until the email is proven, changing nothing', async () => {
    const email = `una.${newId('x')}@example.com`.toLowerCase();
    const order = await insertGuestOrder(db(), email, { status: 'delivered' });
    const request = await insertDataRequest(db(), { email });
    const exported = await asOperator('GET', `/api/admin/data-requests/${request.id}/export`);
    expect(exported.status).toBe(409);
    expect(exported.body).toMatchObject({
      code: 'not_proven',
      message: expect.stringContaining('not proven'),
    });
    const erased = await erase(request.id, email);
    expect(erased.status).toBe(409);
    expect(erased.body).toMatchObject({ code: 'not_proven' });
    const row = await db()
      .selectFrom('orders')
      .select(['email', 'customer_id'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email, customer_id: null });
    const actions = await db()
      .selectFrom('operator_actions')
      .select('action')
      .where('target_id', '=', request.id)
      .execute();
    expect(actions).toEqual([]);
  });

  it("exports and erases a guest's two orders, message and request; erasing again changes nothing", async () => {
    const shopper = {
      name: 'Greta Guestly',
      email: `Greta.${newId('x')}@Example.com`,
      phone: '704-555-0199',
      street: '12 Juniper Lane',
    };
    const lower = shopper.email.toLowerCase();
    const orders = [await paidOrder(t, shopper), await paidOrder(t, shopper)];
    await db()
      .updateTable('orders')
      .set({ status: 'delivered' })
      .where(({ fn }) => fn('lower', ['email']), '=', lower)
      .execute();
    const message = await t.request(
      'POST',
      '/api/support',
      {
        email: shopper.email,
        orderNumber: orders[0]!.orderNumber,
        message: `Hi, ${shopper.name} here.`,
      },
      from(),
    );
    const messageId = (message.body as { id: string }).id;
    const sent = await t.request(
      'POST',
      '/api/support/data-request',
      { email: shopper.email, message: 'Delete me.' },
      from(),
    );
    const requestId = (sent.body as { id: string }).id;

    // Unproven first: the page says so, and links the guest.
    const before = (await asOperator('GET', `/api/admin/data-requests/${requestId}`))
      .body as DataRequestDetail;
    expect(before).toMatchObject({ emailProvenAt: null, guest: { orderCount: 2 } });
    expect((await prove(await tokenFor(requestId))).status).toBe(200);

    const exported = await asOperator('GET', `/api/admin/data-requests/${requestId}/export`);
    expect(exported.status, exported.text).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain(`data-request-${requestId}-`);
    const document = JSON.parse(exported.text) as Record<string, unknown[]> & {
      provenEmail: string;
    };
    expect(document).toMatchObject({ format: 'sunward-customer-export', provenEmail: lower });
    expect(document.orders!.map((o) => (o as { orderNumber: string }).orderNumber).sort()).toEqual(
      orders.map((o) => o.orderNumber).sort(),
    );
    expect(document.supportMessages!.map((s) => (s as { id: string }).id)).toEqual([messageId]);
    expect(document.dataRequests!.map((d) => (d as { id: string }).id)).toEqual([requestId]);
    expect(document.emails!.length).toBeGreaterThanOrEqual(4);
    expect(exported.text).not.toContain(customer.email);

    expect((await erase(requestId, 'someone@example.com')).status).toBe(422);
    const res = await erase(requestId, shopper.email.toUpperCase());
    expect(res.status, res.text).toBe(200);
    const answer = res.body as EraseCustomerAnswer;
    expect(answer).toMatchObject({
      alreadyErased: false,
      customerId: expect.stringMatching(/^cus_/),
    });
    expect(answer.erased).toMatchObject({ orders: 2, supportMessages: 1, dataRequests: 1 });

    const kept = await db()
      .selectFrom('orders')
      .selectAll()
      .where(
        'order_number',
        'in',
        orders.map((o) => o.orderNumber),
      )
      .execute();
    expect(kept).toHaveLength(2);
    for (const order of kept) {
      expect(order).toMatchObject({
        customer_id: answer.customerId,
        email: '',
        shipping_name: '',
        billing_name: '',
        billing_phone: null,
      });
      expect(order.total).toBeGreaterThan(0);
      expect(order.shipping_address).not.toContain('Juniper');
    }
    const placeholder = await db()
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', answer.customerId)
      .executeTakeFirstOrThrow();
    expect(placeholder).toMatchObject({ guest: 1, email: '', erased_at: answer.erasedAt });
    const supportRow = await db()
      .selectFrom('support_requests')
      .selectAll()
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(supportRow).toMatchObject({ email: null, message: '', erased_at: answer.erasedAt });
    const requestRow = await db()
      .selectFrom('data_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(requestRow).toMatchObject({
      email: '',
      message: '',
      erased_at: answer.erasedAt,
      status: 'open',
    });
    const left = await db()
      .selectFrom('email_outbox')
      .select('id')
      .where(({ fn }) => fn('lower', ['to_address']), '=', lower)
      .execute();
    expect(left).toEqual([]);
    const actions = await db()
      .selectFrom('operator_actions')
      .select(['action', 'detail'])
      .where('target_id', '=', requestId)
      .orderBy('at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['data-request.export', 'data-request.erase']);
    expect(actions.map((a) => a.detail).join()).not.toContain(lower);

    // The guest is gone from the guests and shows as erased.
    const list = (await asOperator('GET', `/api/admin/customers?q=${answer.customerId}`))
      .body as CustomerList;
    expect(list.customers).toEqual([
      expect.objectContaining({ kind: 'erased-guest', erasedAt: answer.erasedAt, orderCount: 2 }),
    ]);
    expect(
      ((await asOperator('GET', `/api/admin/customers?q=${lower}`)).body as CustomerList).customers,
    ).toEqual([]);
    expect((await asOperator('GET', `/api/admin/customers/guests/${kept[0]!.id}`)).status).toBe(
      404,
    );

    const snapshot = async () => [
      await db()
        .selectFrom('orders')
        .selectAll()
        .where('customer_id', '=', answer.customerId)
        .orderBy('id')
        .execute(),
      await db().selectFrom('customers').selectAll().where('guest', '=', 1).orderBy('id').execute(),
      await db()
        .selectFrom('operator_actions')
        .select('id')
        .where('target_id', '=', requestId)
        .execute(),
    ];
    const was = await snapshot();
    const second = await erase(requestId, 'anything');
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ...answer, alreadyErased: true, erased: {} });
    const after = (await asOperator('GET', `/api/admin/data-requests/${requestId}`))
      .body as DataRequestDetail;
    expect(after.customers).toEqual([
      expect.objectContaining({ id: answer.customerId, erasedGuest: true }),
    ]);
    expect(await snapshot()).toEqual(was);
    expect(
      (await asOperator('GET', `/api/admin/data-requests/${requestId}/export`)).body,
    ).toMatchObject({ code: 'erased' });
  });

  it("refuses a customer's email and an order not shipped yet, erasing nothing", async () => {
    const proven = { email_proven_at: new Date().toISOString() };
    const ofCustomer = await insertDataRequest(db(), {
      ...proven,
      email: customer.email.toUpperCase(),
    });
    const refused = await erase(ofCustomer.id, customer.email);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'has_account',
      message: expect.stringContaining('Erase the customer from their page'),
    });

    const email = `otto.${newId('x')}@example.com`.toLowerCase();
    const open = await insertGuestOrder(db(), email, { status: 'pending' });
    const request = await insertDataRequest(db(), { ...proven, email });
    const res = await erase(request.id, email);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'open_orders', orders: [open.order_number] });
    const row = await db()
      .selectFrom('orders')
      .select(['email', 'customer_id'])
      .where('id', '=', open.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email, customer_id: null });
    expect(
      await db()
        .selectFrom('customers')
        .select('id')
        .where('guest', '=', 1)
        .where('created_at', '>=', proven.email_proven_at)
        .execute(),
    ).toEqual([]);
  });

  it('erases once when two operators erase at the same time', async () => {
    const email = `twin.${newId('x')}@example.com`.toLowerCase();
    const order = await insertGuestOrder(db(), email, { status: 'delivered' });
    const request = await insertDataRequest(db(), {
      email,
      email_proven_at: new Date().toISOString(),
    });
    const answers = await Promise.all([erase(request.id, email), erase(request.id, email)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const bodies = answers.map((a) => a.body as EraseCustomerAnswer);
    expect(bodies.map((b) => b.alreadyErased).sort()).toEqual([false, true]);
    expect(new Set(bodies.map((b) => b.customerId)).size).toBe(1);
    const placeholders = await db()
      .selectFrom('orders')
      .select('customer_id')
      .where('id', '=', order.id)
      .execute();
    expect(placeholders).toEqual([{ customer_id: bodies[0]!.customerId }]);
    const actions = await db()
      .selectFrom('operator_actions')
      .select('action')
      .where('target_id', '=', request.id)
      .execute();
    expect(actions).toEqual([{ action: 'data-request.erase' }]);
  });
});
