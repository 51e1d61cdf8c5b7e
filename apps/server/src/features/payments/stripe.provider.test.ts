/**
 * The Stripe adapter, offline: webhook signatures checked with the SDK (headers made by
 * generateTestHeaderString), the intent mapping, and the calls against a local stand-in of the API
 * (amounts in cents, idempotency keys on writes, latest_charge expanded on reads).
 */
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider, mapStripeIntent } from './stripe.provider.ts';
import { stripeCharge } from './stripe.factories.ts';

const SECRET = 'whsec_test_secret';

function intentJson(over: Record<string, unknown> = {}) {
  return {
    id: 'pi_123',
    object: 'payment_intent',
    amount: 10234,
    currency: 'usd',
    status: 'succeeded',
    client_secret: 'pi_123_secret_abc',
    metadata: { checkoutId: 'co_1' },
    shipping: {
      name: 'Jamie Rivera',
      address: {
        line1: '600 S Tryon St',
        line2: null,
        city: 'Charlotte',
        state: 'NC',
        postal_code: '28202',
        country: 'US',
      },
    },
    latest_charge: stripeCharge(),
    ...over,
  };
}

describe('Stripe adapter', () => {
  let stand: Server;
  let port = 0;
  const calls: { method: string; path: string; body: string; idempotencyKey?: string }[] = [];

  beforeAll(async () => {
    stand = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls.push({
          method: req.method ?? '',
          path: req.url ?? '',
          body: decodeURIComponent(body),
          ...(req.headers['idempotency-key']
            ? { idempotencyKey: String(req.headers['idempotency-key']) }
            : {}),
        });
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_1' });
        if (req.url?.startsWith('/v1/refunds')) {
          res.end(JSON.stringify({ id: 're_1', object: 'refund', amount: 1000 }));
        } else if (req.method === 'GET') {
          res.end(JSON.stringify(intentJson({ status: 'requires_payment_method' })));
        } else {
          res.end(
            JSON.stringify(
              intentJson({ status: 'requires_payment_method', latest_charge: null, amount: 9000 }),
            ),
          );
        }
      });
    });
    await new Promise<void>((r) => stand.listen(0, '127.0.0.1', r));
    port = (stand.address() as { port: number }).port;
  });
  afterAll(() => new Promise((r) => stand.close(r)));

  const provider = () =>
    createStripeProvider({
      secretKey: 'sk_test_123',
      publishableKey: 'pk_test_123',
      webhookSecret: SECRET,
      host: '127.0.0.1',
      port,
      protocol: 'http',
    });

  it('verifies webhook signatures with the SDK and rejects bad ones', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_123' } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const ok = provider().verifyWebhook(Buffer.from(payload), header);
    expect(ok).toMatchObject({
      ok: true,
      event: { id: 'evt_1', type: 'payment_intent.succeeded' },
    });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(provider().verifyWebhook(Buffer.from(payload), forged).ok).toBe(false);
    expect(provider().verifyWebhook(Buffer.from(payload + ' '), header).ok).toBe(false);
    expect(provider().verifyWebhook(Buffer.from(payload), undefined).ok).toBe(false);
  });

  it('maps an intent: cents, card brand and last 4, billing and shipping', () => {
    const view = mapStripeIntent(intentJson() as unknown as Stripe.PaymentIntent);
    expect(view).toMatchObject({
      id: 'pi_123',
      amount: 10234,
      status: 'succeeded',
      clientSecret: 'pi_123_secret_abc',
      card: { brand: 'visa', last4: '4242' },
      billing: {
        name: 'Jamie Rivera',
        email: 'jamie@example.com',
        address: { line1: '1 Main St', line2: '' },
      },
      shipping: { name: 'Jamie Rivera', address: { city: 'Charlotte', state: 'NC' } },
    });
  });

  it('creates, updates, retrieves and refunds with idempotency keys', async () => {
    const p = provider();
    expect(p.publishableKey).toBe('pk_test_123');
    const created = await p.createIntent({
      amount: 9000,
      metadata: { checkoutId: 'co_1' },
      idempotencyKey: 'checkout:co_1:create',
    });
    expect(created.amount).toBe(9000);
    const create = calls.find((c) => c.method === 'POST' && c.path === '/v1/payment_intents')!;
    expect(create.idempotencyKey).toBe('checkout:co_1:create');
    expect(create.body).toContain('amount=9000');
    expect(create.body).toContain('currency=usd');
    expect(create.body).toContain('automatic_payment_methods[enabled]=true');

    const updated = await p.updateAmount('pi_123', 10234, 'checkout:co_1:amount:10234');
    expect(updated.ok).toBe(true);
    const update = calls.find(
      (c) => c.method === 'POST' && c.path === '/v1/payment_intents/pi_123',
    )!;
    expect(update.idempotencyKey).toBe('checkout:co_1:amount:10234');
    expect(update.body).toContain('amount=10234');
    expect(
      calls.some((c) => c.method === 'GET' && c.path.includes('expand[0]=latest_charge')),
    ).toBe(true);

    const refund = await p.refund('pi_123', { amount: 1000, idempotencyKey: 'refund:1' });
    expect(refund).toEqual({ ok: true, value: { id: 're_1', amount: 1000 } });
    expect(calls.find((c) => c.path === '/v1/refunds')?.idempotencyKey).toBe('refund:1');
  });
});
