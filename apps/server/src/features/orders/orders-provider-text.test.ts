/**
 * Billing details the payment provider collected itself (Stripe's Payment Element posts them straight to
 * Stripe, where the shop's input guard cannot see them) are made single-line before the order stores
 * them (issue 23): a NUL in the billing name made POST /api/orders fail for ever on PostgreSQL, and was
 * stored as it was on SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { readyCheckout } from '../checkout/checkout.factories.ts';

describe.each(DATABASE_KINDS)('billing text from the payment provider (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('creates the order with control characters taken out of the billing details', async () => {
    const c = await readyCheckout(t);
    // Paid at the provider with billing details the shop never checked (JSON keeps NUL as \u0000).
    await t.database.db
      .updateTable('sandbox_payment_intents')
      .set({
        status: 'succeeded',
        card_brand: 'visa',
        card_last4: '4242',
        billing_details: JSON.stringify({
          name: 'Jamie\u0000 Rivera',
          email: 'jamie@example.com',
          phone: '704\u0000-555-0100',
          address: {
            line1: '600 S\tTryon St',
            line2: 'Suite\r\n4',
            city: 'Charlotte\u001b',
            state: 'NC',
            postal_code: '28202',
            country: 'US',
          },
        }),
      })
      .where('id', '=', c.paymentIntentId)
      .execute();

    const res = await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    expect(res.status).toBe(200);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['billing_name', 'billing_phone', 'billing_address'])
      .where('payment_intent_id', '=', c.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(row.billing_name).toBe('Jamie Rivera');
    expect(row.billing_phone).toBe('704-555-0100');
    expect(JSON.parse(row.billing_address)).toEqual({
      line1: '600 S Tryon St',
      line2: 'Suite 4',
      city: 'Charlotte',
      state: 'NC',
      postal_code: '28202',
      country: 'US',
    });
  });
});
