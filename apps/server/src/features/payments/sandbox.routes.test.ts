import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { confirmBody, pay, readyCheckout, startCheckout } from '../checkout/checkout.factories.ts';

describe.each(DATABASE_KINDS)('sandbox card processor on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const intent = (id: string) =>
    t.database.db
      .selectFrom('sandbox_payment_intents')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('4242 4242 4242 4242 succeeds, records brand and last 4, returns to /success', async () => {
    const c = await readyCheckout(t);
    const res = await pay(t, c);
    expect(res.status).toBe(200);
    const { status, redirectUrl } = res.body as { status: string; redirectUrl: string };
    expect(status).toBe('succeeded');
    const url = new URL(redirectUrl);
    expect(url.pathname).toBe('/success');
    expect(url.searchParams.get('payment_intent')).toBe(c.paymentIntentId);
    expect(url.searchParams.get('redirect_status')).toBe('succeeded');
    const row = await intent(c.paymentIntentId);
    expect(row).toMatchObject({ status: 'succeeded', card_brand: 'visa', card_last4: '4242' });
    await t.app.sandboxWebhooks.drain();
    // A paid intent cannot be confirmed again or change amount.
    const again = await pay(t, c);
    expect(again.status).toBe(409);
    expect((again.body as { code: string }).code).toBe('already_paid');
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.', 'generic_decline'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.', 'insufficient_funds'],
  ])('%s is declined with 402: %s', async (number, message, declineCode) => {
    const c = await readyCheckout(t);
    const res = await pay(t, c, number);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ message, code: 'card_declined', declineCode });
    expect((await intent(c.paymentIntentId)).status).toBe('requires_payment_method');
    const seen = await t.request(
      'GET',
      `/api/sandbox/payment-intents/${c.paymentIntentId}?clientSecret=${encodeURIComponent(c.clientSecret)}`,
    );
    expect(seen.body).toMatchObject({
      status: 'requires_payment_method',
      lastPaymentError: { code: 'card_declined', message },
    });
    await t.app.sandboxWebhooks.drain();
    expect(JSON.parse(t.app.sandboxWebhooks.lastSentFor(c.paymentIntentId)!.payload)).toMatchObject(
      {
        type: 'payment_intent.payment_failed',
        data: { object: { id: c.paymentIntentId } },
      },
    );
    // The shopper may try another card.
    expect((await pay(t, c)).status).toBe(200);
  });

  it.each([
    [{ number: '4242 4242 4242 4241' }, 'Your card number is invalid.', 'card.number'],
    [{ number: '4242 4242' }, 'Your card number is incomplete.', 'card.number'],
    [{ expMonth: 1, expYear: 2020 }, "Your card's expiration date is in the past.", 'card.expiry'],
    [{ cvc: '1' }, "Your card's security code is incomplete.", 'card.cvc'],
  ])('checks the card fields: %j', async (change, message, field) => {
    const c = await readyCheckout(t);
    const body = await confirmBody(t, c);
    const res = await t.request('POST', '/api/orders/confirm-pi', {
      ...body,
      paymentMethod: { type: 'card', card: { ...body.paymentMethod.card, ...change } },
    });
    expect(res.status).toBe(400);
    expect((await intent(c.paymentIntentId)).status).toBe('requires_payment_method');
    expect(res.body).toMatchObject({ message, fields: { [field]: message } });
  });

  it('refuses a wrong client secret and a return URL off the site', async () => {
    const c = await readyCheckout(t);
    const body = await confirmBody(t, c);
    const wrong = await t.request('POST', '/api/orders/confirm-pi', {
      ...body,
      clientSecret: `${c.paymentIntentId}_secret_nope`,
    });
    expect(wrong.status).toBe(404);
    const offsite = await t.request('POST', '/api/orders/confirm-pi', {
      ...body,
      returnUrl: 'https://evil.example/steal',
    });
    expect(offsite.status).toBe(400);
    // The page cannot confirm with the processor directly: only the shop's server does.
    const direct = await t.request(
      'POST',
      `/api/sandbox/payment-intents/${c.paymentIntentId}/confirm`,
      body,
    );
    expect(direct.status).toBe(404);
    expect((await intent(c.paymentIntentId)).status).toBe('requires_payment_method');
  });

  it('4000 0025 0000 3155 needs a 3-D Secure challenge: a form page, Complete and Fail', async () => {
    const c = await readyCheckout(t);
    const res = await pay(t, c, '4000 0025 0000 3155');
    expect(res.status).toBe(200);
    const { status, challengeUrl } = res.body as { status: string; challengeUrl: string };
    expect(status).toBe('requires_action');
    const path = new URL(challengeUrl).pathname;
    const page = await t.request('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('Test mode, no real charge');
    expect(page.text).toContain(`<form method="post" action="${path}">`);
    expect(page.text).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");

    // Fail first: back to the return URL with redirect_status=failed, the intent needs a new card.
    const fail = await fetch(t.baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=fail',
      redirect: 'manual',
    });
    expect(fail.status).toBe(303);
    expect(fail.headers.get('location')).toContain('redirect_status=failed');
    expect((await intent(c.paymentIntentId)).status).toBe('requires_payment_method');

    // Again, and complete it.
    const again = await pay(t, c, '4000 0025 0000 3155');
    const path2 = new URL((again.body as { challengeUrl: string }).challengeUrl).pathname;
    const done = await fetch(t.baseUrl + path2, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    const location = new URL(done.headers.get('location')!);
    expect(location.pathname).toBe('/success');
    expect(location.searchParams.get('payment_intent')).toBe(c.paymentIntentId);
    expect(location.searchParams.get('redirect_status')).toBe('succeeded');
    expect(await intent(c.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      card_last4: '3155',
    });
    // The token is single use.
    expect((await t.request('GET', path2)).status).toBe(404);
    await t.app.sandboxWebhooks.drain();
  });

  it('refunds fully and partially, never more than was paid, once per idempotency key', async () => {
    const c = await readyCheckout(t);
    await pay(t, c);
    await t.app.sandboxWebhooks.drain();
    const payments = t.app.payments;
    const total = c.totals.total;
    const part = await payments.refund(c.paymentIntentId, { amount: 1000, idempotencyKey: 'r1' });
    expect(part).toMatchObject({ ok: true, value: { amount: 1000 } });
    const replay = await payments.refund(c.paymentIntentId, { amount: 1000, idempotencyKey: 'r1' });
    expect(replay.ok && part.ok && replay.value.id).toBe(part.ok && part.value.id);
    const tooMuch = await payments.refund(c.paymentIntentId, {
      amount: total,
      idempotencyKey: 'r2',
    });
    expect(tooMuch).toMatchObject({ ok: false, code: 'amount_too_large' });
    const rest = await payments.refund(c.paymentIntentId, { idempotencyKey: 'r3' });
    expect(rest).toMatchObject({ ok: true, value: { amount: total - 1000 } });
    expect((await intent(c.paymentIntentId)).amount_refunded).toBe(total);
    const unpaid = await startCheckout(t);
    expect(await payments.refund(unpaid.paymentIntentId, { idempotencyKey: 'r4' })).toMatchObject({
      ok: false,
      code: 'not_paid',
    });
  });
});
