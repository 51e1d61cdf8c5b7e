/**
 * Discount codes over real HTTP on every test database (issue 28, docs/decisions/042): the console's
 * codes with their uses and revenue; the bag's check (case and spaces ignored, a clear message for a
 * code that does not apply); a checkout to Charlotte, NC with a code (tax at 7.25% of the discounted
 * goods), its order, a return refunding one unit's discounted price and its tax, and a cancel refunding
 * the charge; a code that does not apply changes nothing; a declined card gives its use back; and
 * twenty shoppers placing orders at once with a single-use code: exactly one order has it, the others
 * are told before anything is charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@sunward/core/checkout-schemas';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import {
  address,
  cartLine,
  pay,
  placeOrder,
  readyCheckout,
  startCheckout,
} from '../checkout/checkout.factories.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { deliveredOrder, refund, returnBody, submitReturn } from '../returns/returns.factories.ts';
import { codeRow, createCode } from './discounts.factories.ts';

describe.each(DATABASE_KINDS)('discount codes on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
    await t.database.db
      .updateTable('inventory')
      .set({ stock: null })
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .execute();
  });
  afterAll(async () => t?.close());

  const codeInput = (overrides: Record<string, unknown> = {}) => ({
    code: 'spring 10',
    kind: 'amount',
    percent: null,
    amountOff: 1000,
    minSubtotal: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    oncePerCustomer: false,
    firstOrderOnly: false,
    designs: null,
    active: true,
    ...overrides,
  });

  it('the console creates, lists and disables a code; field-named messages', async () => {
    const created = await t.request('POST', '/api/admin/discounts', codeInput(), operator.headers);
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      code: 'SPRING10',
      kind: 'amount',
      amountOff: 1000,
      description: '$10.00 off',
      uses: 0,
      orders: 0,
      revenue: 0,
      refunded: 0,
    });
    const again = await t.request('POST', '/api/admin/discounts', codeInput(), operator.headers);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'code_taken', fields: { code: expect.any(String) } });
    const bad = await t.request(
      'POST',
      '/api/admin/discounts',
      codeInput({ code: 'X', kind: 'percent', percent: null }),
      operator.headers,
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Code: at least 3 characters.');
    expect(bad.text).toContain('Percent off: 1 to 100.');

    const id = (created.body as { id: string }).id;
    const off = await t.request(
      'PATCH',
      `/api/admin/discounts/${id}`,
      codeInput({ active: false }),
      operator.headers,
    );
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ active: false });
    const check = await t.request('POST', '/api/discounts/check', {
      code: 'spring10',
      cart: [cartLine()],
    });
    expect(check.status).toBe(422);
    expect(check.body).toMatchObject({
      code: 'inactive',
      message: 'The discount code SPRING10 is no longer valid.',
    });
    // a customer is not an operator
    const list = await t.request('GET', '/api/admin/discounts');
    expect(list.status).toBe(401);
  });

  it('the bag checks a code: case and spaces ignored; clear messages', async () => {
    await createCode(t, { code: 'BAG15', percent: 15 });
    await createCode(t, {
      code: 'BIGBAG',
      kind: 'amount',
      percent: null,
      amount_off: 500,
      min_subtotal: 10000,
    });
    await createCode(t, { code: 'OLDCODE', ends_at: '2020-01-01T00:00:00.000Z' });
    const cart = [cartLine({ quantity: 2 })];
    const ok = await t.request('POST', '/api/discounts/check', { code: ' bag 15 ', cart });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({
      code: 'BAG15',
      kind: 'percent',
      description: '15% off',
      discount: 1350,
    });
    for (const [code, reason, message] of [
      [
        'nope',
        'unknown',
        'The discount code NOPE does not exist. Check the spelling and try again.',
      ],
      ['oldcode', 'expired', 'The discount code OLDCODE has expired.'],
      ['bigbag', 'min_subtotal', 'The discount code BIGBAG needs a subtotal of at least $100.00.'],
    ] as const) {
      const res = await t.request('POST', '/api/discounts/check', { code, cart });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: reason, message, fields: { discountCode: message } });
    }
  });

  it('a code at checkout to Charlotte: tax on the discounted goods, the order, a return of one unit, the console', async () => {
    await createCode(t, { code: 'RETURN20', percent: 20 });
    // 3 x 4500 = 13500 (ground free), 20% off = 2700 (900 a unit); tax 7.25% of 10800 = 783
    const { order, orderId, email } = await deliveredOrder(t, { discountCode: 'return 20' });
    expect(order).toMatchObject({
      subTotal: 13500,
      shippingRate: 0,
      discountCode: 'RETURN20',
      discount: 2700,
      salesTax: 783,
      total: 13500 - 2700 + 783,
    });
    const items = await t.database.db
      .selectFrom('order_items')
      .select('discount')
      .where('order_id', '=', orderId)
      .execute();
    expect(items).toEqual([{ discount: 2700 }]);
    const mail = await t.database.db
      .selectFrom('email_outbox')
      .select('text')
      .where('kind', '=', 'order-confirmation')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain('RETURN20');

    // a return of one unit refunds its discounted price 3600 and its tax share 783 / 3 = 261
    const res = await submitReturn(t, returnBody(order, { 0: refund() }, { email, units: [0] }));
    expect(res.status, res.text).toBe(200);
    expect((res.body as Order).returns[0]).toMatchObject({
      totalSalesTaxRefund: 261,
      shippingFee: 0,
      refundAmount: 3600 + 261,
    });

    const list = await t.request('GET', '/api/admin/discounts', undefined, operator.headers);
    const row = (list.body as { codes: { code: string }[] }).codes.find(
      (c) => c.code === 'RETURN20',
    );
    expect(row).toMatchObject({
      uses: 1,
      orders: 1,
      discountGiven: 2700,
      revenue: 11583,
      refunded: 0,
    });
    // A refund on the order since: the revenue stays what was charged, and the refund is beside it.
    const refunded = await t.request(
      'POST',
      `/api/admin/orders/${order.orderNumber}/refunds`,
      { amount: 1000, reason: 'A goodwill refund', idempotencyKey: 'return20-goodwill' },
      operator.headers,
    );
    expect(refunded.status, refunded.text).toBe(200);
    const after = await t.request('GET', '/api/admin/discounts', undefined, operator.headers);
    expect(
      (after.body as { codes: { code: string }[] }).codes.find((c) => c.code === 'RETURN20'),
    ).toMatchObject({ revenue: 11583, refunded: 1000 });
  });

  it('free shipping takes the shipping off and its tax', async () => {
    await createCode(t, { code: 'SHIPFREE', kind: 'free_shipping', percent: null });
    const c = await readyCheckout(t, { discountCode: 'shipfree', shippingOption: 'priority' });
    expect(c.totals.discount).toBe(c.totals.shipping);
    // 4500 x 2 = 9000 taxed at 7.25% = 652.5 -> 653; no shipping taxed
    expect(c.totals).toMatchObject({ subtotal: 9000, salesTax: 653, total: 9000 + 653 });
  });

  it('a code that does not apply changes nothing; removing it prices without it', async () => {
    await createCode(t, { code: 'ALASKAONLY', designs: JSON.stringify(['arizona']) });
    const c = await readyCheckout(t);
    const before = c.totals;
    const body = {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
      shippingOption: 'ground',
      address: address(),
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
    };
    const bad = await t.request('POST', '/api/orders/update-pi', {
      ...body,
      discountCode: 'alaskaonly',
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      code: 'bad_discount',
      reason: 'not_eligible',
      fields: {
        discountCode: 'The discount code ALASKAONLY does not apply to the designs in your bag.',
      },
    });
    const row = await t.database.db
      .selectFrom('checkouts')
      .select(['total', 'discount_code'])
      .where('payment_intent_id', '=', c.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ total: before.total, discount_code: null });
    // a change of mind: a code, none, the code again
    await createCode(t, { code: 'MIND10', percent: 10 });
    const withCode = await t.request('POST', '/api/orders/update-pi', {
      ...body,
      discountCode: 'mind10',
    });
    expect(withCode.body).toMatchObject({ discount: 900, discountCode: 'MIND10' });
    const none = await t.request('POST', '/api/orders/update-pi', { ...body, discountCode: '' });
    expect(none.body).toEqual(before);
    const back = await t.request('POST', '/api/orders/update-pi', {
      ...body,
      discountCode: 'MIND10',
    });
    expect(back.body).toEqual(withCode.body);
  });

  it('a declined card gives the use back; once per customer by email', async () => {
    const code = await createCode(t, { code: 'ONCEONLY', max_uses: 5, once_per_customer: 1 });
    const c = await readyCheckout(t, { discountCode: 'onceonly', email: 'once@example.com' });
    const declined = await pay(t, c, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect((await codeRow(t, code.id)).uses).toBe(0);
    const paid = await pay(t, c);
    expect(paid.status, paid.text).toBe(200);
    expect((await codeRow(t, code.id)).uses).toBe(1);
    await t.request('POST', '/api/orders', {
      paymentIntentId: c.paymentIntentId,
      clientSecret: c.clientSecret,
    });
    // the same email again: refused with the reason
    const again = await startCheckout(t);
    const res = await t.request('POST', '/api/orders/update-pi', {
      paymentIntentId: again.paymentIntentId,
      clientSecret: again.clientSecret,
      shippingOption: 'ground',
      address: address(),
      name: 'Jamie Rivera',
      email: 'ONCE@example.com',
      discountCode: 'onceonly',
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ reason: 'once_per_customer' });
  });

  it('once per customer holds when one email places five orders at once: one has the code', async () => {
    const code = await createCode(t, { code: 'ONCEATONCE', max_uses: 50, once_per_customer: 1 });
    const checkouts = await Promise.all(
      Array.from({ length: 5 }, () =>
        readyCheckout(t, { discountCode: 'onceatonce', email: 'Twin.Tabs@example.com' }),
      ),
    );
    const paid = await Promise.all(checkouts.map((c) => pay(t, c)));
    expect(paid.map((p) => p.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const p of paid.filter((r) => r.status === 409)) {
      expect(p.body).toMatchObject({ code: 'discount_unavailable' });
      expect((p.body as { message: string }).message).toContain(
        'You have already used the discount code ONCEATONCE. Nothing was charged',
      );
    }
    expect((await codeRow(t, code.id)).uses).toBe(1);
    const refused = checkouts.filter((_, i) => paid[i]!.status === 409);
    const charged = await t.database.db
      .selectFrom('sandbox_payment_intents')
      .select('status')
      .where(
        'id',
        'in',
        refused.map((c) => c.paymentIntentId),
      )
      .execute();
    expect(charged.every((c) => c.status !== 'succeeded')).toBe(true);
  });

  it('first order only: an email that has ordered is refused', async () => {
    await createCode(t, { code: 'WELCOME', first_order_only: 1 });
    await placeOrder(t, { email: 'firsty@example.com' });
    const again = await startCheckout(t);
    const res = await t.request('POST', '/api/orders/update-pi', {
      paymentIntentId: again.paymentIntentId,
      clientSecret: again.clientSecret,
      shippingOption: 'ground',
      address: address(),
      name: 'Jamie Rivera',
      email: 'Firsty@example.com',
      discountCode: 'welcome',
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      reason: 'first_order_only',
      message: 'The discount code WELCOME is for a first order only.',
    });
  });

  it('a cancel refunds what was charged', async () => {
    await createCode(t, { code: 'CANCEL5', kind: 'amount', percent: null, amount_off: 500 });
    const customer = await customerToken(t);
    const { order } = await placeOrder(t, { discountCode: 'cancel5', token: customer.token });
    expect(order.discount).toBe(500);
    const res = await t.request(
      'POST',
      '/api/orders/cancel',
      { orderNumber: order.orderNumber },
      customer.headers,
    );
    expect(res.status, res.text).toBe(200);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['total', 'amount_refunded', 'status'])
      .where('order_number', '=', order.orderNumber)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      total: order.total,
      amount_refunded: order.total,
      status: 'cancelled',
    });
  });

  it('twenty shoppers place orders at once with a single-use code: exactly one order has it', async () => {
    const code = await createCode(t, { code: 'ONLYONE', max_uses: 1 });
    const checkouts = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        readyCheckout(t, { discountCode: 'onlyone', email: `shopper${n}@example.com` }),
      ),
    );
    const paid = await Promise.all(checkouts.map((c) => pay(t, c)));
    const statuses = paid.map((p) => p.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const p of paid.filter((r) => r.status === 409)) {
      expect(p.body).toMatchObject({ code: 'discount_unavailable' });
      expect((p.body as { message: string }).message).toContain('Nothing was charged');
    }
    const winner = checkouts[paid.findIndex((p) => p.status === 200)]!;
    const placed = await t.request('POST', '/api/orders', {
      paymentIntentId: winner.paymentIntentId,
      clientSecret: winner.clientSecret,
    });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body).toMatchObject({ discountCode: 'ONLYONE', total: winner.totals.total });
    const orders = await t.database.db
      .selectFrom('orders')
      .select('id')
      .where('discount_code', '=', 'ONLYONE')
      .execute();
    expect(orders).toHaveLength(1);
    expect((await codeRow(t, code.id)).uses).toBe(1);
    // the others were charged nothing
    const charged = await t.database.db
      .selectFrom('sandbox_payment_intents')
      .select('status')
      .where(
        'id',
        'in',
        checkouts.filter((c) => c !== winner).map((c) => c.paymentIntentId),
      )
      .execute();
    expect(charged.every((c) => c.status !== 'succeeded')).toBe(true);
  });
});
