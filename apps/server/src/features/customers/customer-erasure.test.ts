/**
 * Erasing a customer over real HTTP on every test database. A shopper with data in every table that
 * can hold some (customer-data.factories.ts) is erased; then every row of every table is searched for
 * their email, name, street and phone (none found), while the orders' figures, items, history and
 * refunds are unchanged, another shopper's data is untouched, and the erased shopper can no longer
 * sign in nor be made again by a token they still hold. Erasing twice, or five times at once, is one
 * erasure; every refusal changes nothing.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EraseCustomerAnswer } from '@sunward/core/console-customers';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { readLabelPdf } from '../labels/label-pdf.test-helpers.ts';
import { CART_PURCHASES_JOB } from '../cart/cart-purchases.ts';
import { EMAIL_JOB } from '../email/email-jobs.ts';
import { JOB_WAIT, jobsLeft } from '../../lib/jobs/testing/job-test-kit.ts';
import { SANDBOX_WEBHOOK_JOB } from '../payments/sandbox-webhooks.ts';
import { paidOrder, shopperWithEverything, type Shopper } from './customer-data.factories.ts';
import { signInForApi } from './customers.factories.ts';

const ERASED: Shopper = {
  name: 'Marisol Quintero-Vance',
  email: 'marisol.qv@example.net',
  phone: '704-555-0187',
  street: '1418 Thornbury Lane',
};
const KEPT: Shopper = {
  name: 'Oskar Lindqvist',
  email: 'oskar.lindqvist@example.org',
  phone: '980-555-0142',
  street: '77 Belvedere Court',
};
const needles = (s: Shopper) => [s.name, s.email, s.phone, s.street];

describe.each(DATABASE_KINDS)('erasing a customer on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const erase = (customerId: string, confirmEmail: string) =>
    t.request(
      'POST',
      `/api/admin/customers/${customerId}/erase`,
      { confirmEmail },
      operator.headers,
    );

  /** A blob as text: a label PDF's drawn text (its streams are compressed), else its bytes. */
  async function blobText(bytes: Uint8Array): Promise<string> {
    try {
      return (await readLabelPdf(bytes)).text.join(' ');
    } catch {
      return Buffer.from(bytes).toString('latin1');
    }
  }

  /** Every row of every table, as text. */
  async function everyRow(): Promise<Map<string, string[]>> {
    // Schema-qualified: the job engine's own tables on PostgreSQL (pg-boss's) are searched too.
    const tables = (await db().introspection.getTables())
      .map((table) =>
        table.schema && table.schema !== 'public' ? `${table.schema}.${table.name}` : table.name,
      )
      .sort();
    const out = new Map<string, string[]>();
    for (const name of tables) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
        db(),
      );
      const lines: string[] = [];
      for (const row of rows) {
        const values: Record<string, unknown> = {};
        for (const [column, value] of Object.entries(row)) {
          values[column] =
            value instanceof Uint8Array
              ? await blobText(value)
              : typeof value === 'bigint'
                ? String(value)
                : value;
        }
        lines.push(JSON.stringify(values));
      }
      out.set(name, lines.sort());
    }
    return out;
  }
  const findings = (rows: Map<string, string[]>, words: string[]) =>
    [...rows].flatMap(([table, lines]) =>
      words.flatMap((word) =>
        lines.some((line) => line.toLowerCase().includes(word.toLowerCase()))
          ? [`${table}: ${word}`]
          : [],
      ),
    );
  const money = async () =>
    db()
      .selectFrom('orders')
      .select([
        'id',
        'order_number',
        'status',
        'subtotal',
        'shipping',
        'sales_tax',
        'total',
        'amount_refunded',
        'created_at',
        'updated_at',
        'payment_intent_id',
        'card_brand',
        'card_last4',
      ])
      .orderBy('id')
      .execute();
  const digestOf = async (table: 'order_items' | 'order_refunds' | 'return_items') => {
    const rows = await sql`select * from ${sql.table(table)} order by id`.execute(db());
    return createHash('sha256').update(JSON.stringify(rows.rows)).digest('hex');
  };
  const events = () =>
    db()
      .selectFrom('order_events')
      .select(['id', 'order_id', 'at', 'actor', 'from_status', 'to_status'])
      .orderBy('id')
      .execute();

  it('erases every trace of the person and keeps the financial records', async () => {
    const data = await shopperWithEverything(t, operator, ERASED);
    // A second request, sent signed out with their (verified) email: found by the address.
    const guestRequest = await t.request('POST', '/api/support/data-request', {
      email: ERASED.email.toUpperCase(),
      message: 'Me again.',
    });
    expect(guestRequest.status).toBe(200);
    await paidOrder(t, KEPT);
    // What the orders set going between requests (a webhook that gave way to the success page is
    // retried) is done before the tables are read: only the erasure may change them.
    await expect
      .poll(
        () => jobsLeft(t.app.jobs, CART_PURCHASES_JOB, SANDBOX_WEBHOOK_JOB, EMAIL_JOB),
        JOB_WAIT,
      )
      .toBe(0);

    const before = await everyRow();
    // The shopper is in every table the factory meant to reach.
    const where = new Set(findings(before, needles(ERASED)).map((f) => f.split(':')[0]));
    for (const table of [
      'customers',
      'accounts',
      'orders',
      'order_events',
      'checkouts',
      'sandbox_payment_intents',
      'support_requests',
      'support_replies',
      'data_requests',
      'email_outbox',
      'login_throttle',
      'operator_actions',
      'return_labels',
    ]) {
      expect(where, table).toContain(table);
    }
    // The provider's sessions, grants and tokens name the account by its id.
    const sessionsOf = (rows: Map<string, string[]>) =>
      rows.get('oidc_payloads')!.filter((row) => row.includes(data.subject)).length;
    expect(sessionsOf(before)).toBeGreaterThan(0);
    const figures = await money();
    const kept = {
      items: await digestOf('order_items'),
      refunds: await digestOf('order_refunds'),
      returnItems: await digestOf('return_items'),
      events: await events(),
    };
    const customers = Number(
      (
        await db()
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    const res = await erase(data.customerId, ERASED.email.toUpperCase());
    expect(res.status).toBe(200);
    const answer = res.body as EraseCustomerAnswer;
    expect(answer).toMatchObject({ customerId: data.customerId, alreadyErased: false });
    expect(answer.erased).toMatchObject({
      orders: 3,
      accounts: 1,
      identities: 1,
      bags: 1,
      supportMessages: 1,
      supportReplies: 1,
      dataRequests: 2,
      returnLabels: 1,
    });
    expect(answer.erased.emails).toBeGreaterThanOrEqual(6);
    expect(answer.erased.sessions).toBeGreaterThan(0);

    const after = await everyRow();
    expect(findings(after, needles(ERASED))).toEqual([]);
    expect(sessionsOf(after)).toBe(0);
    // Nobody else's data went with it.
    expect(findings(after, needles(KEPT)).length).toBeGreaterThan(0);
    expect(findings(after, [KEPT.email]).map((f) => f.split(':')[0])).toContain('orders');

    // The money, the goods and the history are as they were.
    expect(await money()).toEqual(figures);
    expect(await digestOf('order_items')).toBe(kept.items);
    expect(await digestOf('order_refunds')).toBe(kept.refunds);
    expect(await digestOf('return_items')).toBe(kept.returnItems);
    expect(await events()).toEqual(kept.events);
    const theirs = await db()
      .selectFrom('orders')
      .select(['customer_id', 'shipping_address', 'email'])
      .where('order_number', 'in', data.orderNumbers)
      .execute();
    expect(theirs).toHaveLength(3);
    for (const order of theirs) {
      expect(order.customer_id).toBe(data.customerId);
      expect(order.email).toBe('');
      expect(JSON.parse(order.shipping_address)).toEqual({
        state: 'NC',
        postal_code: '28202',
        country: 'US',
      });
    }
    const placeholder = await db()
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', data.customerId)
      .executeTakeFirstOrThrow();
    expect(placeholder).toMatchObject({ email: '', name: '', email_verified: 0, roles: '[]' });
    expect(placeholder.erased_at).toBe(answer.erasedAt);
    // Both requests stay, linked to the erased customer, with their dates and status.
    const requests = await db()
      .selectFrom('data_requests')
      .selectAll()
      .where('customer_id', '=', data.customerId)
      .orderBy('received_at')
      .execute();
    expect(requests.map((r) => [r.status, r.email, r.message, r.erased_at])).toEqual([
      ['completed', '', '', answer.erasedAt],
      ['open', '', '', answer.erasedAt],
    ]);
    const dataRequest = requests[0]!;
    expect(dataRequest.completion_note).toBe('Sent [erased] the export at [erased].');

    // They can no longer sign in; their sessions and refresh tokens are gone; a token they still hold
    // does not make their customer again.
    await expect(signInForApi(t.baseUrl, ERASED.email)).rejects.toThrow();
    const refreshed = await fetch(`${t.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: data.refreshToken,
        client_id: 'sunward-web',
      }),
    });
    expect(refreshed.status).toBe(400);
    const old = await t.request('GET', `/api/customers/${data.subject}`, undefined, {
      authorization: `Bearer ${data.accessToken}`,
    });
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ code: 'invalid_token' });
    const now = Number(
      (
        await db()
          .selectFrom('customers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(now).toBe(customers);

    // The operators' record says who erased whom, with counts only.
    const action = await db()
      .selectFrom('operator_actions')
      .selectAll()
      .where('action', '=', 'customer.erase')
      .where('target_id', '=', data.customerId)
      .executeTakeFirstOrThrow();
    expect(action.operator_id).toBe(operator.customerId);

    // Again: nothing more changes.
    const settled = await everyRow();
    // The rate-limit windows move with any request; nothing else may.
    settled.delete('rate_limits');
    const again = await erase(data.customerId, 'anything');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      alreadyErased: true,
      erasedAt: answer.erasedAt,
      erased: {},
    });
    const afterAgain = await everyRow();
    afterAgain.delete('rate_limits');
    expect(afterAgain).toEqual(settled);
  });

  it('erases once when the same erasure arrives five times at once', async () => {
    const shopper = { ...KEPT, name: 'Noor Haddad', email: 'noor.haddad@example.com' };
    const order = await paidOrder(t, shopper);
    await db()
      .updateTable('orders')
      .set({ status: 'completed' })
      .where('order_number', '=', order.orderNumber)
      .execute();
    const person = await customerToken(t, 'Noor Haddad');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => erase(person.customerId, person.email)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => !(a.body as EraseCustomerAnswer).alreadyErased)).toHaveLength(1);
    const actions = await db()
      .selectFrom('operator_actions')
      .select('id')
      .where('action', '=', 'customer.erase')
      .where('target_id', '=', person.customerId)
      .execute();
    expect(actions).toHaveLength(1);
  });

  it('refuses a wrong confirmation, an operator and an order not shipped, changing nothing', async () => {
    const shopper = { ...KEPT, name: 'Wen Zhao', email: 'wen.zhao@example.com' };
    const data = await shopperWithEverything(t, operator, shopper);
    const pending = await paidOrder(t, shopper, data.accessToken);
    // What the order set going between requests (its bag's settling, its webhook, its email) is done
    // before the tables are read: only the refused calls may change nothing.
    await expect
      .poll(
        () => jobsLeft(t.app.jobs, CART_PURCHASES_JOB, SANDBOX_WEBHOOK_JOB, EMAIL_JOB),
        JOB_WAIT,
      )
      .toBe(0);
    const snapshot = await everyRow();
    const unchanged = async () => {
      const now = await everyRow();
      // The rate-limit windows move with any request; nothing else may.
      now.delete('rate_limits');
      snapshot.delete('rate_limits');
      expect(now).toEqual(snapshot);
    };

    const wrong = await erase(data.customerId, 'someone.else@example.com');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'confirm_mismatch' });
    const open = await erase(data.customerId, shopper.email);
    expect(open.status).toBe(409);
    expect(open.body).toMatchObject({ code: 'open_orders', orders: [pending.orderNumber] });
    expect((open.body as { message: string }).message).toContain(pending.orderNumber);
    const self = await erase(operator.customerId, operator.email);
    expect(self.status).toBe(409);
    expect(self.body).toMatchObject({ code: 'is_operator' });
    expect((await erase('cus_nobody', 'x@example.com')).status).toBe(404);
    const empty = await t.request(
      'POST',
      `/api/admin/customers/${data.customerId}/erase`,
      { confirmEmail: '  ' },
      operator.headers,
    );
    expect(empty.status).toBe(400);
    await unchanged();
  });
});
