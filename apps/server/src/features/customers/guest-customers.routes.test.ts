/**
 * Guest buyers in the console's Customers over real HTTP on every test database (issue 30, decision
 * 053): listed and searched with the customers in one newest-first order, a page at a time across both
 * kinds, marked as guests with their order count; a guest's page with what the shop holds under the
 * email; a guest who is a customer with that verified email is the customer's; the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetail, CustomerList } from '@sunward/core/console-customers';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { insertDataRequest, insertSupportMessage } from '../support/support.factories.ts';
import { insertGuestOrder } from './customers.factories.ts';

describe.each(DATABASE_KINDS)('guests in the console customers on %s', (kind) => {
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
  const asOperator = (path: string) => t.request('GET', path, undefined, operator.headers);
  const search = async (query: string) => {
    const res = await asOperator(`/api/admin/customers?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body as CustomerList;
  };
  const insertCustomer = async (email: string, name: string, at: string) => {
    const id = newId('cus');
    await db()
      .insertInto('customers')
      .values({
        id,
        email,
        name,
        email_verified: 1,
        roles: '[]',
        created_at: at,
        updated_at: at,
        erased_at: null,
      })
      .execute();
    return id;
  };

  it('answers 401 without a token and 403 to a customer on the guest page', async () => {
    const order = await insertGuestOrder(db(), `guard.${newId('x')}@example.com`);
    const path = `/api/admin/customers/guests/${order.id}`;
    expect((await t.request('GET', path)).status).toBe(401);
    expect((await t.request('GET', path, undefined, customer.headers)).status).toBe(403);
  });

  it('lists guests with customers newest first, marked and counted, a page at a time', async () => {
    const tag = `mix${Date.now().toString(36)}`;
    const older = await insertCustomer(
      `bo.${tag}@example.com`,
      'Bo Older',
      '2026-01-15T10:00:00.000Z',
    );
    const newer = await insertCustomer(
      `al.${tag}@example.com`,
      'Al Newer',
      '2026-03-01T10:00:00.000Z',
    );
    // Two orders with one email in two cases: one guest, dated by the first order.
    const first = await insertGuestOrder(db(), `Gus.${tag}@Example.com`, {
      shipping_name: 'Gus Guest',
      created_at: '2026-02-01T10:00:00.000Z',
    });
    const later = await insertGuestOrder(db(), `gus.${tag}@example.com`, {
      shipping_name: 'Gus Guest',
      created_at: '2026-04-01T10:00:00.000Z',
    });
    // The guest's id is their first order's.
    const gus = first.id;
    // Same time as a customer: the id orders them, as it does two customers.
    const tie = await insertGuestOrder(db(), `hal.${tag}@example.com`, {
      shipping_name: 'Hal Tie',
      created_at: '2026-03-01T10:00:00.000Z',
    });

    const page = await search(`q=${tag}&limit=3`);
    const [hal, al] = tie.id > newer ? [tie.id, newer] : [newer, tie.id];
    expect(page.customers.map((c) => c.id)).toEqual([hal, al, gus]);
    expect(page.customers.find((c) => c.id === gus)).toEqual({
      id: gus,
      kind: 'guest',
      email: `gus.${tag}@example.com`,
      name: 'Gus Guest',
      emailVerified: false,
      operator: false,
      createdAt: '2026-02-01T10:00:00.000Z',
      erasedAt: null,
      orderCount: 2,
    });
    expect(page.customers.find((c) => c.id === newer)).toMatchObject({ kind: 'customer' });
    const rest = await search(`q=${tag}&limit=3&after=${page.next!}`);
    expect(rest.customers.map((c) => c.id)).toEqual([older]);
    expect(rest.next).toBeNull();

    // By whole email in any case, by name, by an order's id.
    expect((await search(`q=GUS.${tag}@EXAMPLE.COM`)).customers.map((c) => c.id)).toEqual([gus]);
    expect((await search('q=gus%20guest')).customers.map((c) => c.id)).toContain(gus);
    expect((await search(`q=${gus}`)).customers.map((c) => c.kind)).toEqual(['guest']);
    // A later order's id finds the guest too, under their first order.
    expect((await search(`q=${later.id}`)).customers.map((c) => [c.id, c.orderCount])).toEqual([
      [gus, 2],
    ]);
  });

  it('names a guest by their first order in the list and on their page, whatever its id', async () => {
    const tag = `ivy${Date.now().toString(36)}`;
    const email = `ivy.${tag}@example.com`;
    // Ids that sort against time: the first order's is the largest.
    const first = await insertGuestOrder(db(), email, {
      id: `ord_zz${tag}`,
      shipping_name: 'Ivy Early',
      created_at: '2026-06-01T10:00:00.000Z',
    });
    await insertGuestOrder(db(), email, {
      id: `ord_00${tag}`,
      shipping_name: 'Ivy Later',
      created_at: '2026-06-02T10:00:00.000Z',
    });
    const listed = (await search(`q=${tag}`)).customers;
    expect(listed.map((c) => [c.id, c.createdAt, c.orderCount])).toEqual([
      [first.id, '2026-06-01T10:00:00.000Z', 2],
    ]);
    const res = await asOperator(`/api/admin/customers/guests/${first.id}`);
    expect(res.status, res.text).toBe(200);
    expect((res.body as CustomerDetail).customer).toMatchObject({
      id: first.id,
      createdAt: '2026-06-01T10:00:00.000Z',
      updatedAt: '2026-06-02T10:00:00.000Z',
      orderCount: 2,
    });
  });

  it('pages past a run of repeat orders longer than a batch', async () => {
    // The newest orders of the shop (years ahead of the others): a guest's 60, then two other
    // guests' first orders before them. The list reads guest orders a batch (50) at a time.
    const tag = `rex${Date.now().toString(36)}`;
    const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 0, minute)).toISOString();
    const rex = await insertGuestOrder(db(), `rex.${tag}@example.com`, { created_at: at(0) });
    for (let i = 1; i < 60; i++) {
      await insertGuestOrder(db(), `rex.${tag}@example.com`, { created_at: at(i) });
    }
    const ann = await insertGuestOrder(db(), `ann.${tag}@example.com`, { created_at: at(-10) });
    const bea = await insertGuestOrder(db(), `bea.${tag}@example.com`, { created_at: at(-20) });
    const page = await search('limit=2');
    expect(page.customers.map((c) => [c.id, c.orderCount])).toEqual([
      [rex.id, 60],
      [ann.id, 1],
    ]);
    const next = await search(`limit=2&after=${page.next!}`);
    expect(next.customers[0]?.id).toBe(bea.id);
  });

  it("counts a guest order with a customer's verified email as the customer's, not a guest's", async () => {
    const email = `vera.${newId('x')}@example.com`.toLowerCase();
    const id = await insertCustomer(email, 'Vera Verified', '2026-05-01T10:00:00.000Z');
    const order = await insertGuestOrder(db(), email.toUpperCase());
    expect((await search(`q=${email}`)).customers.map((c) => [c.id, c.kind])).toEqual([
      [id, 'customer'],
    ]);
    expect((await asOperator(`/api/admin/customers/guests/${order.id}`)).status).toBe(404);
  });

  it("shows a guest's orders, messages and data requests found by the email", async () => {
    const email = `gina.${newId('x')}@example.com`.toLowerCase();
    const first = await insertGuestOrder(db(), email, {
      shipping_name: 'Gina Guest',
      created_at: '2026-02-01T10:00:00.000Z',
    });
    const second = await insertGuestOrder(db(), email.toUpperCase(), {
      shipping_name: 'Gina Guest',
      created_at: '2026-02-03T10:00:00.000Z',
    });
    const gina = first.id;
    const message = await insertSupportMessage(db(), { email: email.toUpperCase() });
    const request = await insertDataRequest(db(), { email });
    // Someone else's order and message are not hers.
    await insertGuestOrder(db(), `other.${newId('x')}@example.com`);
    await insertSupportMessage(db(), { email: `other.${newId('x')}@example.com` });

    for (const orderId of [first.id, second.id]) {
      const res = await asOperator(`/api/admin/customers/guests/${orderId}`);
      expect(res.status, res.text).toBe(200);
      const detail = res.body as CustomerDetail;
      expect(detail.customer).toMatchObject({
        id: gina,
        kind: 'guest',
        email,
        name: 'Gina Guest',
        orderCount: 2,
        createdAt: '2026-02-01T10:00:00.000Z',
        updatedAt: '2026-02-03T10:00:00.000Z',
        erasedAt: null,
      });
      expect(detail.identities).toEqual([]);
      expect(detail.orders.map((o) => o.orderNumber)).toEqual([
        second.order_number,
        first.order_number,
      ]);
      expect(detail.supportMessages.map((s) => s.id)).toEqual([message.id]);
      expect(detail.dataRequests).toEqual([
        expect.objectContaining({ id: request.id, emailProvenAt: null }),
      ]);
    }
  });

  it('answers 404 for an unknown order and one placed signed in', async () => {
    const signedIn = await insertGuestOrder(db(), customer.email, {
      customer_id: customer.customerId,
    });
    expect((await asOperator('/api/admin/customers/guests/ord_none')).status).toBe(404);
    expect((await asOperator(`/api/admin/customers/guests/${signedIn.id}`)).status).toBe(404);
  });
});
