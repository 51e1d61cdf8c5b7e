/**
 * The whole checkout in Stripe mode (STRIPE_SECRET_KEY set) against a local stand-in of the Stripe API:
 * intents in cents, the amount kept equal to the server's total, webhooks signed with the SDK's test
 * header, and the sandbox routes absent.
 */
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  address,
  confirmBody,
  readyCheckout,
  startCheckout,
} from '../checkout/checkout.factories.ts';
import { mintToken } from '../customers/customers.factories.ts';
import { newId } from '../../lib/ids.ts';
import { operatorToken } from '../operators/operators.factories.ts';
import { SANDBOX_WEBHOOK_JOB } from './sandbox-webhooks.ts';
import { stripeCharge } from './stripe.factories.ts';

const WEBHOOK_SECRET = 'whsec_stand_in';

/**
 * What the stand-in's Stripe Tax charges, on purpose not the built-in rates (Mecklenburg's county
 * part at 2.25% rather than 2%): a total of 7.5%, each jurisdiction rounded per line.
 */
const TAX_JURISDICTIONS = [
  { name: 'North Carolina', level: 'state', percent: 4.75 },
  { name: 'Mecklenburg County', level: 'county', percent: 2.25 },
  { name: 'Charlotte Area Transit', level: 'district', percent: 0.5 },
];

type Intent = Record<string, unknown> & { id: string; amount: number; status: string };

function stripeStandIn() {
  const intents = new Map<string, Intent>();
  let n = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = new URLSearchParams(raw);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${n}` });
        res.end(JSON.stringify(body));
      };
      const missing = () =>
        send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent',
          },
        });
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const id = `pi_stand_${++n}`;
        const intent: Intent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_x`,
          metadata: { checkoutId: form.get('metadata[checkoutId]') },
          latest_charge: null,
          shipping: null,
          created: Math.floor(Date.now() / 1000),
        };
        intents.set(id, intent);
        return send(200, intent);
      }
      if (req.method === 'GET' && url.pathname === '/v1/payment_intents') {
        // A list in pages of two, newest first, as Stripe pages (starting_after, has_more).
        listPages.push(url.searchParams);
        const gte = Number(url.searchParams.get('created[gte]'));
        const lt = Number(url.searchParams.get('created[lt]'));
        const all = [...intents.values()]
          .filter((i) => (i.created as number) >= gte && (i.created as number) < lt)
          .reverse();
        const after = url.searchParams.get('starting_after');
        const start = after ? all.findIndex((i) => i.id === after) + 1 : 0;
        const data = all.slice(start, start + 2);
        return send(200, {
          object: 'list',
          url: '/v1/payment_intents',
          has_more: start + 2 < all.length,
          data,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/tax/calculations') {
        if (taxOutage.on) {
          res.writeHead(500, {
            'content-type': 'application/json',
            'stripe-should-retry': 'false',
          });
          return res.end(JSON.stringify({ error: { type: 'api_error', message: 'Tax is down.' } }));
        }
        taxAsked.push(form);
        const id = `taxcalc_stand_${++n}`;
        const taxOf = (amount: number) =>
          TAX_JURISDICTIONS.map((j) => ({
            amount: Math.round((amount * j.percent) / 100),
            jurisdiction: { country: 'US', display_name: j.name, level: j.level, state: 'NC' },
            sourcing: 'destination',
            tax_rate_details: {
              display_name: 'Sales Tax',
              percentage_decimal: j.percent.toFixed(4),
              tax_type: 'sales_tax',
            },
            taxability_reason: 'standard_rated',
            taxable_amount: amount,
          }));
        const lines = [];
        for (let i = 0; form.has(`line_items[${i}][amount]`); i++) {
          const amount = Number(form.get(`line_items[${i}][amount]`));
          const breakdown = taxOf(amount);
          lines.push({
            id: `tax_li_${i}`,
            object: 'tax.calculation_line_item',
            amount,
            amount_tax: breakdown.reduce((sum, b) => sum + b.amount, 0),
            quantity: Number(form.get(`line_items[${i}][quantity]`)),
            reference: form.get(`line_items[${i}][reference]`),
            tax_behavior: 'exclusive',
            tax_code: form.get(`line_items[${i}][tax_code]`),
            tax_breakdown: breakdown,
          });
        }
        const shipping = Number(form.get('shipping_cost[amount]') ?? 0);
        const shippingTax = taxOf(shipping).reduce((sum, b) => sum + b.amount, 0);
        const tax = lines.reduce((sum, l) => sum + l.amount_tax, 0) + shippingTax;
        return send(200, {
          id,
          object: 'tax.calculation',
          amount_total: lines.reduce((sum, l) => sum + l.amount, 0) + shipping + tax,
          currency: 'usd',
          tax_amount_exclusive: tax,
          tax_amount_inclusive: 0,
          line_items: { object: 'list', data: lines, has_more: false, url: '' },
          tax_breakdown: [],
        });
      }
      if (
        req.method === 'POST' &&
        url.pathname === '/v1/tax/transactions/create_from_calculation'
      ) {
        const key = String(req.headers['idempotency-key'] ?? '');
        const earlier = taxTransactions.find((tr) => tr.key === key);
        if (earlier) return send(200, earlier);
        const transaction = {
          id: `tax_stand_${++n}`,
          object: 'tax.transaction',
          calculation: form.get('calculation'),
          reference: form.get('reference'),
          key,
        };
        taxTransactions.push(transaction);
        return send(200, transaction);
      }
      if (req.method === 'POST' && url.pathname === '/v1/tax/transactions/create_reversal') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const earlier = taxReversals.find((tr) => tr.key === key);
        if (earlier) return send(200, earlier);
        const original = taxTransactions.find((tr) => tr.id === form.get('original_transaction'));
        if (!original) return missing();
        const reversal = {
          id: `tax_rev_stand_${++n}`,
          object: 'tax.transaction',
          type: 'reversal',
          original: original.id,
          mode: form.get('mode'),
          flat_amount: form.has('flat_amount') ? Number(form.get('flat_amount')) : null,
          reference: form.get('reference'),
          key,
        };
        taxReversals.push(reversal);
        return send(200, reversal);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const paid = intents.get(form.get('payment_intent') ?? '');
        if (!paid) return missing();
        if (refusing.get(paid.id) === 'disputed') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_disputed',
              message: `Charge for ${paid.id} has been charged back; you cannot refund it.`,
            },
          });
        }
        if (refusing.get(paid.id) === 'outage') {
          res.writeHead(500, {
            'content-type': 'application/json',
            'stripe-should-retry': 'false',
          });
          return res.end(
            JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down.' } }),
          );
        }
        // Stripe answers a repeated Idempotency-Key with the first answer.
        const key = String(req.headers['idempotency-key'] ?? '');
        const earlier = refunds.find((r) => r.key === key);
        if (earlier) return send(200, earlier);
        const refund = {
          id: `re_stand_${++n}`,
          object: 'refund',
          amount: Number(form.get('amount') ?? paid.amount),
          payment_intent: paid.id,
          status: 'succeeded',
          key,
        };
        refunds.push(refund);
        return send(200, refund);
      }
      const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname);
      if (confirm) {
        const pending = intents.get(confirm[1]!);
        if (!pending) return missing();
        confirmations.push({ id: pending.id, amount: pending.amount, form });
        if (form.get('confirmation_token') === 'ctoken_declined') {
          return send(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          });
        }
        if (form.get('confirmation_token') === 'ctoken_3ds') {
          pending.status = 'requires_action';
          return send(200, pending);
        }
        succeed(pending.id);
        return send(200, pending);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      const intent = match ? intents.get(match[1]!) : undefined;
      if (!intent) return missing();
      if (req.method === 'POST') {
        if (intent.status === 'succeeded') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'paid',
            },
          });
        }
        intent.amount = Number(form.get('amount'));
      }
      return send(200, intent);
    });
  });
  function succeed(id: string) {
    const intent = intents.get(id)!;
    intent.status = 'succeeded';
    intent.latest_charge = stripeCharge({ brand: 'mastercard', last4: '4444' });
  }
  const confirmations: { id: string; amount: number; form: URLSearchParams }[] = [];
  const refunds: { id: string; amount: number; payment_intent: string; key: string }[] = [];
  /** Intents whose refunds Stripe refuses (a dispute) or cannot answer (an outage). */
  const refusing = new Map<string, 'disputed' | 'outage'>();
  /** Stripe Tax: the calculations asked for, the transactions made, and an outage switch. */
  const taxAsked: URLSearchParams[] = [];
  const taxTransactions: {
    id: string;
    calculation: string | null;
    reference: string | null;
    key: string;
  }[] = [];
  const taxReversals: {
    id: string;
    original: string;
    mode: string | null;
    flat_amount: number | null;
    reference: string | null;
    key: string;
  }[] = [];
  const taxOutage = { on: false };
  const listPages: URLSearchParams[] = [];
  return {
    listPages,
    server,
    intents,
    succeed,
    confirmations,
    refunds,
    refusing,
    taxAsked,
    taxTransactions,
    taxReversals,
    taxOutage,
  };
}

describe.each(DATABASE_KINDS)('checkout with Stripe on %s', (kind) => {
  const stand = stripeStandIn();
  let server: Server;
  let t: TestApp;
  beforeAll(async () => {
    server = stand.server;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    t = await createTestApp(
      kind,
      {},
      {
        STRIPE_SECRET_KEY: 'sk_test_stand_in',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${port}`,
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => server?.close(r));
  });

  const webhook = (payload: string, secret = WEBHOOK_SECRET) =>
    t.request('POST', '/api/webhooks/payments', payload, {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    });

  it('creates and updates the Stripe intent, then orders once from the signed webhook', async () => {
    expect(t.app.payments.name).toBe('stripe');
    const c = await readyCheckout(t);
    const created = await t.request('POST', '/api/orders/create-pi-guest', {
      cart: [
        {
          productId: 'prod_sunward_upf50_shirt',
          quantity: 1,
          size: 'mdr',
          position: 'Front',
          design: 'alaska',
        },
      ],
    });
    expect(created.body).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_stand_in',
      amount: 4500,
    });
    // update-pi set the amount to the server's total (ground 770, tax 708 on 9770 at Charlotte's 7.25%)
    expect(stand.intents.get(c.paymentIntentId)!.amount).toBe(10478);
    expect(c.totals.total).toBe(10478);

    expect(
      (
        await t.request('POST', '/api/orders', {
          paymentIntentId: c.paymentIntentId,
          clientSecret: c.clientSecret,
        })
      ).status,
    ).toBe(409);

    stand.succeed(c.paymentIntentId);
    const payload = JSON.stringify({
      id: `evt_stand_${kind}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: c.paymentIntentId, object: 'payment_intent' } },
    });
    expect((await webhook(payload, 'whsec_forged')).status).toBe(400);
    expect((await webhook(payload)).body).toEqual({ received: true, outcome: 'order' });
    expect((await webhook(payload)).body).toEqual({ received: true, outcome: 'duplicate' });

    const order = await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    expect(order.body).toMatchObject({
      total: 10478,
      billing: {
        name: 'Jamie Rivera',
        card: { brand: 'mastercard', last4: '4444' },
        address: { line1: '1 Main St' },
      },
    });
    // Once paid, the amount cannot move.
    const late = await t.request('POST', '/api/orders/update-pi', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
      shippingOption: 'priority',
      address: { line1: '600 S Tryon St', city: 'Charlotte', state: 'NC', postal_code: '28202' },
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
    });
    expect(late.status).toBe(409);
  });

  it('has no sandbox routes', async () => {
    const c = await readyCheckout(t);
    const res = await t.request(
      'POST',
      `/api/sandbox/payment-intents/${c.paymentIntentId}/confirm`,
      await confirmBody(t, c),
    );
    expect(res.status).toBe(404);
  });

  it('declares no sandbox webhook job: Stripe sends its own events', async () => {
    const event = { id: `evt_not_sandbox_${kind}`, type: 'payment_intent.succeeded' };
    await expect(
      t.app.db.transaction().execute((trx) => t.app.sandboxWebhooks.enqueue(trx, event)),
    ).rejects.toThrow(`No job "${SANDBOX_WEBHOOK_JOB}" was declared`);
  });

  const withToken = async (c: Awaited<ReturnType<typeof readyCheckout>>, token: string) => ({
    ...(await confirmBody(t, c)),
    paymentMethod: { type: 'confirmation_token', id: token },
  });

  it('Place Order confirms on the server with the ConfirmationToken, for the total shown', async () => {
    const c = await readyCheckout(t, { shippingOption: 'priority' });
    const before = stand.confirmations.length;
    const wrongTotal = await t.request('POST', '/api/orders/confirm-pi', {
      ...(await withToken(c, 'ctoken_ok')),
      total: c.totals.total - 555,
    });
    expect(wrongTotal.status).toBe(409);
    expect(wrongTotal.body).toMatchObject({ code: 'total_changed', totals: c.totals });
    expect(stand.confirmations.length).toBe(before); // Stripe was never asked

    const declined = await t.request(
      'POST',
      '/api/orders/confirm-pi',
      await withToken(c, 'ctoken_declined'),
    );
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ code: 'card_declined', declineCode: 'generic_decline' });

    const paid = await t.request('POST', '/api/orders/confirm-pi', await withToken(c, 'ctoken_ok'));
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'succeeded' });
    const sent = stand.confirmations.at(-1)!;
    expect(sent.amount).toBe(c.totals.total);
    expect(sent.form.get('confirmation_token')).toBe('ctoken_ok');
    const order = await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    expect(order.body).toMatchObject({ total: c.totals.total, shippingOption: 'priority' });
  });

  it('a 3-D Secure confirmation freezes the amount until the challenge ends', async () => {
    const c = await readyCheckout(t);
    const res = await t.request('POST', '/api/orders/confirm-pi', await withToken(c, 'ctoken_3ds'));
    expect(res.body).toMatchObject({ status: 'requires_action' });
    const reprice = await t.request('POST', '/api/orders/update-pi', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
      shippingOption: 'priority',
      address: { line1: '600 S Tryon St', city: 'Charlotte', state: 'NC', postal_code: '28202' },
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
    });
    expect(reprice.status).toBe(409);
    expect((reprice.body as { code: string }).code).toBe('payment_in_progress');
    expect(stand.intents.get(c.paymentIntentId)!.amount).toBe(c.totals.total);
  });

  it("refunds a payment confirmed behind the shop's back that cannot become an order", async () => {
    // Stripe.js can confirm with the client secret alone: here before any shipping was priced.
    const created = await t.request('POST', '/api/orders/create-pi-guest', {
      cart: [
        {
          productId: 'prod_sunward_upf50_shirt',
          quantity: 1,
          size: 'mdr',
          position: 'Front',
          design: 'alaska',
        },
      ],
    });
    const { paymentIntentId, clientSecret } = created.body as {
      paymentIntentId: string;
      clientSecret: string;
    };
    stand.succeed(paymentIntentId);
    const payload = JSON.stringify({
      id: `evt_unpriced_${kind}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: paymentIntentId, object: 'payment_intent' } },
    });
    expect((await webhook(payload)).status).toBe(200);
    const refunds = stand.refunds.filter((r) => r.payment_intent === paymentIntentId);
    expect(refunds).toHaveLength(1);
    const page = await t.request('POST', '/api/orders', { paymentIntentId, clientSecret });
    expect(page.status).toBe(409);
    expect(page.body).toMatchObject({ code: 'refunded' });
    expect((page.body as { message: string }).message).toContain('has been refunded in full');
    // Asked again: no second refund, the same answer.
    expect((await t.request('POST', '/api/orders', { paymentIntentId, clientSecret })).status).toBe(
      409,
    );
    expect(stand.refunds.filter((r) => r.payment_intent === paymentIntentId)).toHaveLength(1);
    const orders = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('payment_intent_id', '=', paymentIntentId)
      .execute();
    expect(orders).toHaveLength(0);
    const mail = await t.database.db
      .selectFrom('email_outbox')
      .select(['kind', 'subject'])
      .where('dedupe_key', '=', `payment-refunded:${paymentIntentId}`)
      .execute();
    expect(mail).toHaveLength(1);
  });

  it('Cancel Order refunds the Stripe payment once; a refused or failed refund is a 502', async () => {
    const sub = `acct_stripe_${kind}`;
    const email = `stripe.cancel.${kind}@example.com`;
    const token = await mintToken(t.database.db, t.baseUrl, {
      claims: { sub, email, email_verified: true, name: 'Kit Stripe' },
    });
    const auth = { authorization: `Bearer ${token}` };
    const placed = async () => {
      const c = await readyCheckout(t, { token, email });
      const paid = await t.request(
        'POST',
        '/api/orders/confirm-pi',
        await withToken(c, 'ctoken_ok'),
      );
      expect(paid.status).toBe(200);
      const res = await t.request('POST', '/api/orders', {
        paymentIntentId: c.paymentIntentId,
        clientSecret: c.clientSecret,
      });
      const row = await t.database.db
        .selectFrom('orders')
        .selectAll()
        .where('payment_intent_id', '=', c.paymentIntentId)
        .executeTakeFirstOrThrow();
      return { c, order: res.body as { orderNumber: string; total: number }, row };
    };
    const cancel = (orderNumber: string) =>
      t.request('POST', '/api/orders/cancel', { orderNumber }, auth);
    const recorded = (orderId: string) =>
      t.database.db
        .selectFrom('order_refunds')
        .selectAll()
        .where('order_id', '=', orderId)
        .execute();

    const { c, order, row } = await placed();
    expect(row.customer_id).not.toBeNull();
    const answers = await Promise.all([cancel(order.orderNumber), cancel(order.orderNumber)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const atStripe = stand.refunds.filter((r) => r.payment_intent === c.paymentIntentId);
    expect(atStripe).toEqual([
      expect.objectContaining({
        amount: order.total,
        key: `order:${row.id}:refund:cancel:${row.id}`,
      }),
    ]);
    expect(await recorded(row.id)).toEqual([
      expect.objectContaining({ amount: order.total, provider_refund_id: atStripe[0]!.id }),
    ]);

    for (const trouble of ['disputed', 'outage'] as const) {
      const next = await placed();
      stand.refusing.set(next.c.paymentIntentId, trouble);
      const res = await cancel(next.order.orderNumber);
      expect(res.status, trouble).toBe(502);
      expect(res.body).toMatchObject({ code: 'refund_failed' });
      const now = await t.database.db
        .selectFrom('orders')
        .select(['status', 'amount_refunded'])
        .where('id', '=', next.row.id)
        .executeTakeFirstOrThrow();
      expect(now).toEqual({ status: 'pending', amount_refunded: 0 });
      expect(await recorded(next.row.id)).toHaveLength(0);
      // Once Stripe takes it again, the same cancel goes through.
      stand.refusing.delete(next.c.paymentIntentId);
      expect((await cancel(next.order.orderNumber)).status).toBe(200);
      expect(stand.refunds.filter((r) => r.payment_intent === next.c.paymentIntentId)).toHaveLength(
        1,
      );
    }
  });

  it("lists the period's payments for reconciliation, page after page", async () => {
    await readyCheckout(t);
    await readyCheckout(t);
    await readyCheckout(t);
    const pagesBefore = stand.listPages.length;
    const from = new Date(Date.now() - 60 * 60_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const listed = await t.app.payments.listPayments({ from, to });
    expect(listed.map((p) => p.id).sort()).toEqual([...stand.intents.keys()].sort());
    expect(listed.length).toBeGreaterThanOrEqual(3);
    // Pages of two: every page asked for, each after the last one's final payment.
    expect(stand.listPages.length - pagesBefore).toBe(Math.ceil(listed.length / 2));
    expect(stand.listPages.at(-1)!.get('starting_after')).toMatch(/^pi_stand_/);
    expect(listed[0]).toMatchObject({ amount: expect.any(Number), amountRefunded: 0 });
    // Oldest first.
    expect(listed.map((p) => p.createdAt)).toEqual([...listed.map((p) => p.createdAt)].sort());
  });
});

describe.each(DATABASE_KINDS)('Stripe Tax (TAX_PROVIDER=stripe) on %s', (kind) => {
  const stand = stripeStandIn();
  let server: Server;
  let t: TestApp;
  beforeAll(async () => {
    server = stand.server;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    t = await createTestApp(
      kind,
      {},
      {
        STRIPE_SECRET_KEY: 'sk_test_stand_in',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${port}`,
        TAX_PROVIDER: 'stripe',
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => server?.close(r));
  });

  it("charges Stripe Tax's amount, shows its jurisdictions, and records the paid order's tax once", async () => {
    expect(t.app.tax.name).toBe('stripe');
    const c = await readyCheckout(t);
    // Asked for the address shipped to, the shirts under the clothing tax code, and the shipping.
    const asked = stand.taxAsked.at(-1)!;
    expect(asked.get('customer_details[address][postal_code]')).toBe('28202');
    expect(asked.get('customer_details[address_source]')).toBe('shipping');
    expect(asked.get('line_items[0][tax_code]')).toBe('txcd_30011000');
    expect(asked.get('line_items[0][amount]')).toBe('9000');
    expect(asked.get('shipping_cost[amount]')).toBe('770');
    // 9000: 427.5 -> 428, 202.5 -> 203, 45; shipping 770: 36.575 -> 37, 17.325 -> 17, 3.85 -> 4.
    expect(c.totals).toEqual({
      subtotal: 9000,
      shipping: 770,
      salesTax: 734,
      total: 10504,
      salesTaxRate: {
        ratePpm: 75000,
        parts: [
          { label: 'North Carolina', ratePpm: 47500 },
          { label: 'Mecklenburg County', ratePpm: 22500 },
          { label: 'Charlotte Area Transit', ratePpm: 5000 },
        ],
      },
    });
    expect(stand.intents.get(c.paymentIntentId)!.amount).toBe(10504);

    stand.succeed(c.paymentIntentId);
    const order = await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    expect(order.body).toMatchObject({ salesTax: 734, total: 10504 });
    const orderNumber = (order.body as { orderNumber: string }).orderNumber;
    // The order's tax is recorded with Stripe from the calculation shown, under its number, once.
    await expect.poll(() => stand.taxTransactions.length).toBe(1);
    expect(stand.taxTransactions[0]).toMatchObject({
      calculation: expect.stringMatching(/^taxcalc_stand_/),
      reference: orderNumber,
      key: `tax-transaction:${orderNumber}`,
    });
    // Asked again (a job run again after a crash), Stripe answers the same transaction.
    const again = await t.app.tax.record(stand.taxTransactions[0]!.calculation!, orderNumber);
    expect(again.ok).toBe(true);
    expect(stand.taxTransactions).toHaveLength(1);
  });

  /** A paid order taxed by Stripe Tax, once its tax transaction is made. */
  async function taxRecordedOrder() {
    const c = await readyCheckout(t);
    stand.succeed(c.paymentIntentId);
    const placed = await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    const { orderNumber, total } = placed.body as { orderNumber: string; total: number };
    await expect
      .poll(() => stand.taxTransactions.some((tr) => tr.reference === orderNumber))
      .toBe(true);
    const transaction = stand.taxTransactions.find((tr) => tr.reference === orderNumber)!;
    return { orderNumber, total, transaction };
  }

  it("takes each refund off the order's tax record once: a part by its amount, the rest in full", async () => {
    const operator = await operatorToken(t);
    const { orderNumber, total, transaction } = await taxRecordedOrder();
    const kept = () =>
      t.database.db
        .selectFrom('orders')
        .select('tax_transaction_id')
        .where('order_number', '=', orderNumber)
        .executeTakeFirstOrThrow();
    await expect.poll(async () => (await kept()).tax_transaction_id).toBe(transaction.id);

    const refund = (body: object) =>
      t.request('POST', `/api/admin/orders/${orderNumber}/refunds`, body, operator.headers);
    const part = { amount: 1500, reason: 'A goodwill refund', idempotencyKey: newId('k') };
    expect((await refund(part)).status).toBe(200);
    expect((await refund(part)).status).toBe(200); // a double click: one refund, one reversal
    const mine = () => stand.taxReversals.filter((r) => r.original === transaction.id);
    await expect.poll(() => mine().length).toBe(1);
    expect(mine()[0]).toMatchObject({ mode: 'partial', flat_amount: -1500 });
    expect(mine()[0]!.reference).toMatch(new RegExp(`^${orderNumber}-refund-orf_`));

    const rest = { amount: total - 1500, reason: 'Lost in the post', idempotencyKey: newId('k') };
    expect((await refund(rest)).status).toBe(200);
    await expect.poll(() => mine().length).toBe(2);
    // Not the whole order at once: the rest by its amount too, so the two add up to the order.
    expect(mine()[1]).toMatchObject({ mode: 'partial', flat_amount: -(total - 1500) });
    const refunds = await t.database.db
      .selectFrom('order_refunds')
      .innerJoin('orders', 'orders.id', 'order_refunds.order_id')
      .select(['order_refunds.tax_reversal_id as reversal'])
      .where('orders.order_number', '=', orderNumber)
      .orderBy('order_refunds.created_at')
      .execute();
    await expect
      .poll(async () =>
        (
          await t.database.db
            .selectFrom('order_refunds')
            .innerJoin('orders', 'orders.id', 'order_refunds.order_id')
            .select(['order_refunds.tax_reversal_id as reversal'])
            .where('orders.order_number', '=', orderNumber)
            .execute()
        )
          .map((r) => r.reversal)
          .sort(),
      )
      .toEqual(
        mine()
          .map((r) => r.id)
          .sort(),
      );
    expect(refunds).toHaveLength(2);
  });

  it('an order refunded whole at once reverses the whole record', async () => {
    const operator = await operatorToken(t);
    const { orderNumber, total, transaction } = await taxRecordedOrder();
    const res = await t.request(
      'POST',
      `/api/admin/orders/${orderNumber}/refunds`,
      { amount: total, reason: 'Never arrived', idempotencyKey: newId('k') },
      operator.headers,
    );
    expect(res.status).toBe(200);
    await expect
      .poll(() => stand.taxReversals.filter((r) => r.original === transaction.id))
      .toEqual([expect.objectContaining({ mode: 'full', flat_amount: null })]);
  });

  it('a shop without nexus in the state asks Stripe nothing and charges no tax', async () => {
    const before = stand.taxAsked.length;
    const c = await readyCheckout(t, {
      address: {
        line1: '9336 Civic Center Dr',
        line2: '',
        city: 'Beverly Hills',
        state: 'CA',
        postal_code: '90210',
      },
    });
    expect(c.totals).toMatchObject({ salesTax: 0, salesTaxRate: { ratePpm: 0, parts: [] } });
    expect(stand.taxAsked.length).toBe(before);
  });

  it('Stripe Tax out of reach: update-pi answers 503 and the amount is not changed', async () => {
    const started = await startCheckout(t);
    stand.taxOutage.on = true;
    try {
      const res = await t.request('POST', '/api/orders/update-pi', {
        paymentIntentId: started.paymentIntentId,
        clientSecret: started.clientSecret,
        shippingOption: 'ground',
        address: address(),
        name: 'Jamie Rivera',
        email: 'jamie@example.com',
      });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'unavailable' });
      expect(stand.intents.get(started.paymentIntentId)!.amount).toBe(4500 * 2);
    } finally {
      stand.taxOutage.on = false;
    }
  });
});
