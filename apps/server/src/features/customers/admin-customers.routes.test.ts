/**
 * Customers in the console over real HTTP on every test database: the search (email, name, id; any
 * case; pages), one customer's page, and the export (a JSON download of everything held on them, no
 * password hash, guest records only by a verified email), with the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetail, CustomerList } from '@sunward/core/console-customers';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { shopperWithEverything, type ShopperData } from './customer-data.factories.ts';
import { insertGuestOrder } from './customers.factories.ts';

const SHOPPER = {
  name: 'Priya Ramanathan',
  email: 'priya.ram@example.com',
  phone: '704-555-0111',
  street: '9 Magnolia Row',
};

describe.each(DATABASE_KINDS)('console customers on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  let customer: Person;
  let shopper: ShopperData;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
    customer = await customerToken(t, 'Casey Customer');
    shopper = await shopperWithEverything(t, operator, SHOPPER);
  });
  afterAll(async () => t?.close());

  const asOperator = (path: string) => t.request('GET', path, undefined, operator.headers);

  it('answers 401 without a token and 403 to a customer on every route', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/admin/customers'],
      ['GET', `/api/admin/customers/${shopper.customerId}`],
      ['GET', `/api/admin/customers/${shopper.customerId}/export`],
      ['POST', `/api/admin/customers/${shopper.customerId}/erase`, { confirmEmail: SHOPPER.email }],
    ] as [string, string, unknown?][]) {
      expect((await t.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await t.request(method, path, body, customer.headers)).status).toBe(403);
    }
  });

  it('finds customers by email, name or id, any case, newest first, a page at a time', async () => {
    const search = async (query: string) => {
      const res = await asOperator(`/api/admin/customers?${query}`);
      expect(res.status).toBe(200);
      return res.body as CustomerList;
    };
    expect((await search('q=PRIYA.RAM')).customers.map((c) => c.id)).toEqual([shopper.customerId]);
    expect((await search('q=Priya.Ram@Example.com')).customers.map((c) => c.id)).toEqual([
      shopper.customerId,
    ]);
    expect((await search('q=ramanathan')).customers[0]).toMatchObject({
      id: shopper.customerId,
      email: SHOPPER.email,
      name: SHOPPER.name,
      emailVerified: true,
      operator: false,
      erasedAt: null,
      orderCount: 2,
    });
    expect((await search(`q=${shopper.customerId}`)).customers).toHaveLength(1);
    expect((await search('q=%25')).customers).toEqual([]);
    const operators = await search('q=olivia');
    expect(operators.customers[0]!.operator).toBe(true);

    const first = await search('limit=2');
    expect(first.customers.map((c) => c.id)).toEqual([shopper.customerId, customer.customerId]);
    const second = await search(`limit=2&after=${first.next!}`);
    expect(second.customers.map((c) => c.id)).toEqual([operator.customerId]);
    expect(second.next).toBeNull();
    expect((await asOperator('/api/admin/customers?limit=500')).status).toBe(400);
  });

  it("shows a customer's record, identities, account, orders, messages and emails", async () => {
    const res = await asOperator(`/api/admin/customers/${shopper.customerId}`);
    expect(res.status).toBe(200);
    const detail = res.body as CustomerDetail;
    expect(detail.customer).toMatchObject({ id: shopper.customerId, email: SHOPPER.email });
    expect(detail.identities).toEqual([
      expect.objectContaining({ subject: shopper.subject, connection: 'password' }),
    ]);
    expect(detail.account).toMatchObject({ email: SHOPPER.email, name: SHOPPER.name });
    expect(JSON.stringify(detail)).not.toContain('argon2');
    expect(detail.orders.map((o) => o.orderNumber).sort()).toEqual(
      [...shopper.orderNumbers].sort(),
    );
    expect(detail.supportMessages).toHaveLength(1);
    expect(detail.dataRequests).toHaveLength(1);
    expect(detail.emails.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['order-confirmation', 'order-cancelled', 'support-reply']),
    );
    expect((await asOperator('/api/admin/customers/cus_nobody')).status).toBe(404);
  });

  it('shows the consents to a bag reminder and the unsubscribes of their verified addresses', async () => {
    const db = t.database.db;
    const empty = (await asOperator(`/api/admin/customers/${customer.customerId}`))
      .body as CustomerDetail;
    expect(empty.reminderConsents).toEqual([]);
    expect(empty.unsubscribes).toEqual([]);

    // The guest checkout left with their verified email: the box ticked, a reminder sent; and the
    // address unsubscribed since by the email's one-click link.
    await db
      .updateTable('checkouts')
      .set({
        reminder_consent_at: '2026-11-20T10:00:00.000Z',
        reminder_consent_source: 'checkout',
        reminded_at: '2026-11-20T12:00:00.000Z',
      })
      .where('customer_id', 'is', null)
      .where('email', '=', SHOPPER.email)
      .execute();
    await db
      .insertInto('marketing_unsubscribes')
      .values({
        email: SHOPPER.email.toLowerCase(),
        unsubscribed_at: '2026-11-21T09:00:00.000Z',
        source: 'one-click',
      })
      .execute();
    const detail = (await asOperator(`/api/admin/customers/${shopper.customerId}`))
      .body as CustomerDetail;
    expect(detail.reminderConsents).toEqual([
      {
        email: SHOPPER.email,
        consentedAt: '2026-11-20T10:00:00.000Z',
        source: 'checkout',
        remindedAt: '2026-11-20T12:00:00.000Z',
      },
    ]);
    expect(detail.unsubscribes).toEqual([
      {
        email: SHOPPER.email.toLowerCase(),
        unsubscribedAt: '2026-11-21T09:00:00.000Z',
        source: 'one-click',
      },
    ]);
    // Another customer's page shows none of it.
    const other = (await asOperator(`/api/admin/customers/${customer.customerId}`))
      .body as CustomerDetail;
    expect(other.reminderConsents).toEqual([]);
    expect(other.unsubscribes).toEqual([]);
  });

  it("lists the customer's reviews, newest first, with their moderation", async () => {
    const db = t.database.db;
    const order = await db
      .selectFrom('orders')
      .select(['id', 'customer_id'])
      .where('order_number', '=', shopper.orderNumbers[0]!)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('reviews')
      .values({
        id: 'rv_customer_page',
        order_id: order.id,
        customer_id: order.customer_id,
        design: 'alaska',
        size: 'mds',
        stars: 4,
        fit: 'true-to-size',
        title: 'Cool on the trail',
        body: null,
        first_name: 'Priya',
        state: 'NC',
        status: 'published',
        reply: null,
        reply_at: null,
        moderated_at: null,
        moderated_by: null,
        created_at: '2026-11-22T10:00:00.000Z',
        updated_at: '2026-11-22T10:00:00.000Z',
      })
      .execute();
    const detail = (await asOperator(`/api/admin/customers/${shopper.customerId}`))
      .body as CustomerDetail;
    expect(detail.reviews).toEqual([
      {
        id: 'rv_customer_page',
        design: 'alaska',
        stars: 4,
        status: 'published',
        title: 'Cool on the trail',
        createdAt: '2026-11-22T10:00:00.000Z',
      },
    ]);
    const other = (await asOperator(`/api/admin/customers/${customer.customerId}`))
      .body as CustomerDetail;
    expect(other.reviews).toEqual([]);
  });

  it('hands out no live one-time link in the export (issue 23)', async () => {
    await t.request('POST', '/api/identity/change-password', {
      email: SHOPPER.email,
      connection: 'password',
    });
    const res = await asOperator(`/api/admin/customers/${shopper.customerId}/export`);
    const file = res.body as { emails: { kind: string; subject: string; text: string }[] };
    const reset = file.emails.find((e) => e.kind === 'reset-password');
    expect(reset?.text).toContain('[one-time link hidden]');
    expect(res.text).not.toContain('token=');
  });

  it('exports everything held on them as a JSON file to download, and records it', async () => {
    const res = await asOperator(`/api/admin/customers/${shopper.customerId}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(
        `^attachment; filename="customer-${shopper.customerId}-\\d{4}-\\d{2}-\\d{2}\\.json"$`,
      ),
    );
    expect(res.text).toContain('\n  "format"');
    const file = res.body as Record<string, unknown> & {
      orders: {
        orderNumber: string;
        items: unknown[];
        history: unknown[];
        refunds: unknown[];
        returns: { units: unknown[]; label: unknown }[];
        billing: { phone: string };
      }[];
      supportMessages: { message: string; replies: { text: string }[] }[];
      emails: { kind: string; html: string; text: string }[];
      accounts: Record<string, unknown>[];
    };
    expect(file).toMatchObject({
      format: 'sunward-customer-export',
      version: 1,
      customer: { id: shopper.customerId, email: SHOPPER.email, name: SHOPPER.name },
      signInIdentities: [expect.objectContaining({ subject: shopper.subject })],
      accounts: [{ email: SHOPPER.email, name: SHOPPER.name, emailVerified: true }],
      // The bag's line was bought (a paid order takes its lines out of the bag): an empty bag.
      bag: { lines: [] },
      errorReports: [],
    });
    expect(Object.keys(file.accounts[0]!)).not.toContain('passwordHash');
    expect(res.text).not.toMatch(/argon2|password_hash|client_secret/);
    expect(file.orders.map((o) => o.orderNumber).sort()).toEqual([...shopper.orderNumbers].sort());
    const returned = file.orders.find((o) => o.orderNumber === shopper.orderNumbers[0])!;
    expect(returned.items).toHaveLength(1);
    expect(returned.billing.phone).toBe(SHOPPER.phone);
    expect(returned.returns[0]!.units).toHaveLength(2);
    expect(returned.returns[0]!.label).toMatchObject({ trackingNumber: expect.any(String) });
    const cancelled = file.orders.find((o) => o.orderNumber === shopper.orderNumbers[1])!;
    expect(cancelled.refunds).toHaveLength(1);
    expect(cancelled.history.length).toBeGreaterThanOrEqual(2);
    expect(file.supportMessages[0]!.message).toContain(SHOPPER.phone);
    expect(file.supportMessages[0]!.replies[0]!.text).toContain('we will call you');
    expect(file.emails.find((e) => e.kind === 'order-confirmation')!.text).toContain(
      SHOPPER.street,
    );
    expect(JSON.stringify(file.about)).toMatch(/not linked to any person/);

    const action = await t.database.db
      .selectFrom('operator_actions')
      .selectAll()
      .where('action', '=', 'customer.export')
      .where('target_id', '=', shopper.customerId)
      .executeTakeFirstOrThrow();
    expect(action.operator_id).toBe(operator.customerId);
    expect(action.detail).not.toContain(SHOPPER.email);
    expect((await asOperator('/api/admin/customers/cus_nobody/export')).status).toBe(404);
  });

  it("finds guest records by the customer's email only when it is verified", async () => {
    const unverified = await customerToken(t, 'Uma Unverified');
    await t.database.db
      .updateTable('customers')
      .set({ email_verified: 0 })
      .where('id', '=', unverified.customerId)
      .execute();
    const guest = await insertGuestOrder(t.database.db, unverified.email, { status: 'completed' });
    const detail = (await asOperator(`/api/admin/customers/${unverified.customerId}`))
      .body as CustomerDetail;
    expect(detail.orders.map((o) => o.orderNumber)).not.toContain(guest.order_number);

    await t.database.db
      .updateTable('customers')
      .set({ email_verified: 1 })
      .where('id', '=', unverified.customerId)
      .execute();
    const verified = (await asOperator(`/api/admin/customers/${unverified.customerId}`))
      .body as CustomerDetail;
    expect(verified.orders.map((o) => o.orderNumber)).toContain(guest.order_number);
  });
});
