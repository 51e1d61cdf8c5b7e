/**
 * POST /api/orders/return over real HTTP on every test database: a guest's return by email and a
 * signed-in customer's by bearer token, with the refund worked out by hand (spec 9); the exchange's
 * replacement order and the event on both orders; the email; a later return from the kept unit with
 * its fee and no exchange; and every Order view showing the returns.
 *
 * The order of deliveredOrder(): 3 units of $45.00, tax $6.41 split 214 + 214 + 213 (the odd cent to
 * the first units). The fee after the first return: the settings' rate card, Charlotte to Charlotte
 * (zone 1), one 6 oz shirt in the 8 oz ground tier = $6.20.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, ReturnRecord } from '@sunward/core/checkout-schemas';
import {
  DATABASE_KINDS,
  createTestApp,
  flatStateTax,
  type TestApp,
} from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { newId } from '../../lib/ids.ts';
import { mintToken } from '../customers/customers.factories.ts';
import * as orders from '../orders/orders.repository.ts';
import {
  deliveredOrder,
  exchange,
  labelMade,
  refund,
  returnBody,
  submitReturn,
} from './returns.factories.ts';

const LABEL_PROMISE = 'You will receive a return label via email within 24 hours.';

describe.each(DATABASE_KINDS)('POST /api/orders/return on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // The figures below are worked by hand at North Carolina's 4.75% alone.
    await flatStateTax(t, 'NC', 47500);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;

  async function shopper(name: string) {
    const sub = newId('acct');
    const email = `${name}.${sub}@example.com`.toLowerCase();
    const token = await mintToken(db(), t.baseUrl, {
      claims: { sub, email, email_verified: true, name },
    });
    return { token, sub, email };
  }

  const eventsOf = async (orderId: string) =>
    (await orders.listEvents(db(), orderId)).map((e) => ({
      actor: e.actor,
      from: e.from_status,
      to: e.to_status,
      reason: e.reason,
    }));

  /** The return emails of an order (to its email, naming its number). */
  const mailsOf = (to: string, orderNumber: string) =>
    db()
      .selectFrom('email_outbox')
      .selectAll()
      .where('kind', '=', 'return-requested')
      .where('to_address', '=', to)
      .where('subject', 'like', `%${orderNumber}%`)
      .orderBy('created_at')
      .execute();

  it('a guest returns by email: one refund, one exchange, the third kept; figures by hand', async () => {
    const { order, orderId, email } = await deliveredOrder(t, {
      email: 'Guest.Returns@Example.com',
    });
    expect(order).toMatchObject({ subTotal: 13500, shippingRate: 0, salesTax: 641, total: 14141 });
    await db()
      .updateTable('inventory')
      .set({ stock: 5 })
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', 'lgr')
      .execute();

    const res = await submitReturn(
      t,
      // Unit 2 is not sent: it is kept. The email in another case still matches.
      returnBody(
        order,
        { 0: refund('too-tight'), 1: exchange('lgr', 'Back') },
        {
          email: '  GUEST.returns@example.COM ',
          units: [0, 1],
        },
      ),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const answer = res.body as Order;
    expect(answer.status).toBe('return');
    expect(answer.returns).toHaveLength(1);
    const record = answer.returns[0]!;
    // Refund: 4500 + the first unit's tax share 214 = 4714; the exchange refunds nothing; no fee.
    expect(record).toMatchObject({ totalSalesTaxRefund: 214, shippingFee: 0, refundAmount: 4714 });
    expect(record.id).toMatch(/^ret_[A-Za-z0-9_-]{24}$/);
    // The label is made by a job once the return commits (not by the request) and emailed; then the
    // record carries its URL and the download answers it.
    const returnLabel = await labelMade(t, record.id);
    expect(returnLabel).toMatch(/\/api\/returns\/labels\/[A-Za-z0-9_-]+\.pdf$/);
    const label = await t.request('GET', `/api/orders/downloadReturnLabel/${record.id}`);
    expect(label.body).toEqual({ url: returnLabel });
    const pdf = await fetch(returnLabel);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const kinds = await t.database.db
      .selectFrom('email_outbox')
      .select('kind')
      .where('kind', 'in', ['return-requested', 'return-label'])
      .where('subject', 'like', `%${answer.orderNumber}%`)
      .execute();
    expect(kinds.map((m) => m.kind).sort()).toEqual(['return-label', 'return-requested']);
    const unit = { design: 'alaska', size: 'mdr', position: 'Front', productCost: 4500 };
    expect(record.products).toEqual([
      {
        itemId: 0,
        returnType: 'Refund',
        returnReason: 'too-tight',
        sizeExchange: '',
        positionExchange: '',
        selected: true,
        productId: SHIRT_PRODUCT_ID,
        ...unit,
      },
      {
        itemId: 1,
        returnType: 'Exchange',
        returnReason: 'too-short',
        sizeExchange: 'lgr',
        positionExchange: 'Back',
        selected: true,
        productId: SHIRT_PRODUCT_ID,
        ...unit,
      },
      {
        itemId: 2,
        returnType: 'Keep',
        returnReason: '',
        sizeExchange: '',
        positionExchange: '',
        selected: false,
        productId: SHIRT_PRODUCT_ID,
        ...unit,
      },
    ]);
    // The record's id is public and random, not the row's id.
    const row = await db()
      .selectFrom('returns')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row.public_id).toBe(record.id);
    expect(row.id).not.toBe(record.id);
    expect(row).toMatchObject({ seq: 1, status: 'requested', refund_amount: 4714 });

    // The replacement order: no payment, total 0, pending, the same customer, email and addresses.
    const replacement = await orders.findOrder(db(), row.exchange_order_id!);
    const original = (await orders.findOrder(db(), orderId))!;
    expect(replacement).toMatchObject({
      payment_intent_id: null,
      status: 'pending',
      subtotal: 0,
      shipping: 0,
      sales_tax: 0,
      total: 0,
      customer_id: original.customer_id,
      email: original.email,
      shipping_name: original.shipping_name,
      shipping_address: original.shipping_address,
      billing_name: original.billing_name,
      billing_address: original.billing_address,
    });
    const replacementItems = await orders.listItems(db(), replacement!.id);
    expect(
      replacementItems.map((i) => [i.design, i.size, i.position, i.quantity, i.unit_amount]),
    ).toEqual([['alaska', 'lgr', 'Back', 1, 0]]);
    // The new size was taken from stock.
    const lgr = await db()
      .selectFrom('inventory')
      .select('stock')
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', 'lgr')
      .executeTakeFirstOrThrow();
    expect(lgr.stock).toBe(4);
    // Events on both orders name each other; the original moved completed -> return by the customer.
    expect((await eventsOf(orderId)).at(-1)).toEqual({
      actor: 'customer',
      from: 'completed',
      to: 'return',
      reason: `return #1 requested; exchange order ${replacement!.order_number}`,
    });
    expect(await eventsOf(replacement!.id)).toEqual([
      {
        actor: 'customer',
        from: null,
        to: 'pending',
        reason: `exchange for order ${order.orderNumber}, return #1`,
      },
    ]);

    // The email: the items, the refund, the fee, what happens next; HTML and text.
    const [mail, ...more] = await mailsOf(email, order.orderNumber);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain(`return requested for order ${order.orderNumber}`);
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain(LABEL_PROMISE);
      expect(part).toContain('Refund: Alaska sun shirt, MD - Regular, Front (too tight)');
      expect(part).toContain(
        'Exchange: Alaska sun shirt, MD - Regular, Front for LG - Regular, Back (too short)',
      );
      expect(part).toContain('$47.14');
      expect(part).toContain('$2.14');
      expect(part).toContain(replacement!.order_number);
    }
    expect(mail!.text).toContain('Return shipping fee: $0.00 (your free return)');
    expect(mail!.text).toContain('Refund amount: $47.14');

    // A later return starts from the kept unit: no exchange any more, the units returned stay so.
    const again = (choices: Parameters<typeof returnBody>[1], units: number[]) =>
      submitReturn(t, returnBody(answer, choices, { email, units }));
    const exchangeAgain = await again({ 2: exchange('xlr', 'Front') }, [2]);
    expect(exchangeAgain.status).toBe(422);
    expect(exchangeAgain.body).toEqual({
      code: 'invalid_return',
      message:
        'An exchange is only possible on the first return of an order. Please choose Refund instead.',
    });
    const returnedAgain = await again({ 0: refund(), 2: refund() }, [0, 2]);
    expect(returnedAgain.status).toBe(422);
    expect(returnedAgain.body).toEqual({
      code: 'invalid_return',
      message:
        'Alaska sun shirt, MD - Regular, Front (item 0) has already been returned or exchanged.',
    });

    const second = await again({ 2: refund('too-loose') }, [2]);
    expect(second.status, second.text).toBe(200);
    const after = second.body as Order;
    expect(after.status).toBe('return');
    expect(after.returns.map((r) => r.id)).toEqual([record.id, expect.any(String)]);
    const later = after.returns[1]!;
    // 4500 + the third unit's share 213 - the fee 620 = 4093.
    expect(later).toMatchObject({ totalSalesTaxRefund: 213, shippingFee: 620, refundAmount: 4093 });
    expect(later.products.map((p) => [p.itemId, p.returnType, p.returnReason])).toEqual([
      [2, 'Refund', 'too-loose'],
    ]);
    // The fee is the ground price the storefront is quoted for the same parcel.
    const quote = await t.request('POST', '/api/usps/prices/28202/28202?quantity=1');
    expect((quote.body as { ground: { totalBasePrice: number } }).ground.totalBasePrice).toBe(620);
    // An order already in return stays; the event is appended.
    expect((await eventsOf(orderId)).at(-1)).toEqual({
      actor: 'customer',
      from: 'return',
      to: 'return',
      reason: 'return #2 requested',
    });
    const mails = await mailsOf(email, order.orderNumber);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Return shipping fee: -$6.20');
    expect(mails[1]!.text).toContain('Refund amount: $40.93');

    // Nothing was kept: no further return.
    const third = await again({ 2: refund() }, [2]);
    expect(third.status).toBe(409);
    expect(third.body).toEqual({
      code: 'not_returnable',
      message: 'Every item of this order has already been returned or exchanged.',
    });
  });

  it('a signed-in customer returns their own order by bearer token, and sees it in their history', async () => {
    const ann = await shopper('Ann');
    const { order, checkout } = await deliveredOrder(t, { token: ann.token, email: ann.email });
    const res = await submitReturn(
      t,
      returnBody(order, { 1: refund('too-long'), 2: refund('too-short') }),
      ann.token,
    );
    expect(res.status, res.text).toBe(200);
    const answer = res.body as Order;
    // Units 1 and 2: 9000 + 214 + 213 = 9427.
    expect(
      answer.returns.map((r) => [r.totalSalesTaxRefund, r.shippingFee, r.refundAmount]),
    ).toEqual([[427, 0, 9427]]);
    expect(answer.returns[0]!.products.map((p) => p.returnType)).toEqual([
      'Keep',
      'Refund',
      'Refund',
    ]);

    // Every Order view shows the returns: the history, and the success page's POST /orders (once the
    // label's job has run, with its URL).
    const returnLabel = await labelMade(t, answer.returns[0]!.id);
    answer.returns[0]!.returnLabel = returnLabel;
    const history = await t.request('GET', `/api/customers/${ann.sub}/orders`, undefined, {
      authorization: `Bearer ${ann.token}`,
    });
    const listed = (history.body as { orders: Order[] }).orders.find(
      (o) => o.orderNumber === order.orderNumber,
    );
    expect(listed).toEqual(answer);
    const success = await t.request('POST', '/api/orders', {
      paymentIntentId: checkout.paymentIntentId,
      clientSecret: checkout.clientSecret,
    });
    expect((success.body as Order).returns).toEqual(answer.returns);
  });

  it('answers an unknown order, a wrong email, no email and someone else’s order with the same 404', async () => {
    const ann = await shopper('Ann');
    const bob = await shopper('Bob');
    const { order, email } = await deliveredOrder(t, { token: ann.token, email: ann.email });
    const choices = { 0: refund() };
    const answers = [
      await submitReturn(t, {
        ...returnBody(order, choices, { email }),
        order: { orderNumber: 'ZZZZZZZZZZ', email },
      }),
      await submitReturn(t, returnBody(order, choices, { email: 'someone.else@example.com' })),
      await submitReturn(t, returnBody(order, choices)),
      await submitReturn(t, returnBody(order, choices, { email: '' })),
      // Signed in, only the caller's own orders: the right email does not make Ann's order Bob's.
      await submitReturn(t, returnBody(order, choices, { email }), bob.token),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.text).toBe('{"message":"No order found.","code":"not_found"}');
    }
    // A bearer token that is not valid is refused, not taken for a guest.
    const forged = await submitReturn(t, returnBody(order, choices, { email }), 'not-a-token');
    expect(forged.status).toBe(401);
    expect((forged.body as { code: string }).code).toBe('invalid_token');
    // Nothing was recorded.
    expect(
      (
        await t.request('GET', `/api/customers/${ann.sub}/orders`, undefined, {
          authorization: `Bearer ${ann.token}`,
        })
      ).body,
    ).toMatchObject({
      orders: [{ orderNumber: order.orderNumber, status: 'completed', returns: [] }],
    });
  });

  it('answers the 11th guest try in a minute for one order number with 429; a bearer is not counted', async () => {
    const ann = await shopper('Ann');
    const { order } = await deliveredOrder(t, { token: ann.token, email: ann.email });
    const guess = (n: number) =>
      submitReturn(t, returnBody(order, { 0: refund() }, { email: `guess${n}@example.com` }));
    for (let n = 0; n < 10; n++) expect((await guess(n)).status).toBe(404);
    const limited = await guess(10);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      code: 'rate_limited',
      message: 'Too many tries. Please wait a minute and try again.',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right email now waits; the signed-in owner does not.
    expect(
      (await submitReturn(t, returnBody(order, { 0: refund() }, { email: ann.email }))).status,
    ).toBe(429);
    const own = await submitReturn(t, returnBody(order, { 0: refund() }), ann.token);
    expect(own.status, own.text).toBe(200);
  });

  it.each([
    ['pending', 'This order has not been delivered yet, so it cannot be returned.'],
    ['in-progress', 'This order has not been delivered yet, so it cannot be returned.'],
    ['shipped', 'This order has not been delivered yet, so it cannot be returned.'],
    ['cancelled', 'This order was cancelled, so it cannot be returned.'],
    ['refund', 'This order has been refunded, so it cannot be returned.'],
  ])('refuses an order that is %s', async (status, message) => {
    const { order, email } = await deliveredOrder(t, { status });
    const res = await submitReturn(t, returnBody(order, { 0: refund() }, { email }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'not_returnable', message });
  });

  it('refuses an order past its 15-day window, and takes one just inside it', async () => {
    const day = 86_400_000;
    const setDates = (orderId: string, updatedAt: Date) =>
      db()
        .updateTable('orders')
        // Bought in June: the holiday rule does not apply.
        .set({ created_at: '2020-06-01T12:00:00.000Z', updated_at: updatedAt.toISOString() })
        .where('id', '=', orderId)
        .execute();
    const old = await deliveredOrder(t);
    await setDates(old.orderId, new Date(Date.now() - 16 * day));
    const refused = await submitReturn(
      t,
      returnBody(old.order, { 0: refund() }, { email: old.email }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'not_returnable',
      message:
        'The return window for this order has closed: returns are accepted within 15 days, holiday orders (Nov 15 to Dec 24) until Jan 15.',
    });
    const recent = await deliveredOrder(t);
    await setDates(recent.orderId, new Date(Date.now() - 14 * day));
    const taken = await submitReturn(
      t,
      returnBody(recent.order, { 0: refund() }, { email: recent.email }),
    );
    expect(taken.status, taken.text).toBe(200);
  });

  it('refuses every form the policy does not allow, and records nothing', async () => {
    // Signed in: more tries than a guest has in a minute (the rules are the same either way).
    const cy = await shopper('Cy');
    const { order, orderId, email } = await deliveredOrder(t, { token: cy.token, email: cy.email });
    const cases: [string, unknown, string][] = [
      [
        'a wrong unit count',
        returnBody(order, { 0: refund() }, { email, orderProductCount: 2 }),
        'This order has 3 items, but the return form counted 2. Please reload the order and start again.',
      ],
      [
        'a unit not in the order',
        {
          ...returnBody(order, {}, { email }),
          products: [{ ...returnBody(order, { 0: refund() }).products[0]!, itemId: 3 }],
        },
        'Item 3 is not part of this order.',
      ],
      [
        'a unit twice',
        (() => {
          const body = returnBody(order, { 0: refund() }, { email, units: [0] });
          return { ...body, products: [body.products[0]!, body.products[0]!] };
        })(),
        'Alaska sun shirt, MD - Regular, Front (item 0) is on the return form twice.',
      ],
      ['no unit sent', returnBody(order, {}, { email, units: [] }), 'Choose at least one product'],
      ['every unit kept', returnBody(order, {}, { email }), 'Choose at least one product'],
      [
        'a refund without a reason',
        returnBody(order, { 0: refund(), 1: { ...refund(), returnReason: '' } }, { email }),
        'Choose a return type and reason for all selected products',
      ],
      [
        'an exchange without a reason',
        returnBody(order, { 0: exchange('lgr', 'Front', '') }, { email }),
        'Choose a return type and reason for all selected products',
      ],
      [
        'an exchange without a new size',
        returnBody(order, { 0: exchange('', 'Back') }, { email }),
        'Choose a new size and position for all selected products to be exchanged.',
      ],
      [
        'an exchange without a new position',
        returnBody(order, { 0: exchange('lgr', '') }, { email }),
        'Choose a new size and position for all selected products to be exchanged.',
      ],
      [
        'an exchange for the same size and position',
        returnBody(order, { 0: exchange('mdr', 'Front') }, { email }),
        'Choose a different size or position for the exchange of Alaska sun shirt, MD - Regular, Front.',
      ],
    ];
    for (const [what, body, message] of cases) {
      const res = await submitReturn(t, body, cy.token);
      expect([what, res.status, res.body]).toEqual([
        what,
        422,
        { code: 'invalid_return', message },
      ]);
    }
    const row = await orders.findOrder(db(), orderId);
    expect(row!.status).toBe('completed');
    const counts = await db()
      .selectFrom('returns')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(Number(counts.n)).toBe(0);
    expect(await mailsOf(email, order.orderNumber)).toEqual([]);
  });

  it('refuses an exchange to a size out of stock or held by checkouts, and takes nothing', async () => {
    const setStock = (size: string, stock: number | null, outOfStock = 0) =>
      db()
        .updateTable('inventory')
        .set({ stock, out_of_stock: outOfStock })
        .where('product_id', '=', SHIRT_PRODUCT_ID)
        .where('size', '=', size)
        .execute();
    const { order, orderId, email } = await deliveredOrder(t);
    const attempt = (size: 'xlr' | 'xls' | 'sms') =>
      submitReturn(t, returnBody(order, { 0: refund(), 1: exchange(size, 'Front') }, { email }));

    await setStock('xlr', 0);
    expect((await attempt('xlr')).body).toEqual({
      code: 'invalid_return',
      message: 'Size XL - Regular is out of stock for the exchange. Please choose another size.',
    });
    await setStock('xls', null, 1);
    expect((await attempt('xls')).body).toEqual({
      code: 'invalid_return',
      message: 'Size XL - Short is out of stock for the exchange. Please choose another size.',
    });
    // The last one of a size, held by a shopper's checkout: not the exchange's to take.
    await setStock('sms', 1);
    await db()
      .insertInto('stock_reservations')
      .values({
        checkout_id: (await db().selectFrom('checkouts').select('id').executeTakeFirstOrThrow()).id,
        product_id: SHIRT_PRODUCT_ID,
        size: 'sms',
        quantity: 1,
        expires_at: new Date(Date.now() + 600_000).toISOString(),
      })
      .execute();
    const held = await attempt('sms');
    expect(held.status).toBe(422);
    expect((held.body as { message: string }).message).toBe(
      'Size SM - Short is out of stock for the exchange. Please choose another size.',
    );
    expect((await orders.findOrder(db(), orderId))!.status).toBe('completed');
    const stock = await db()
      .selectFrom('inventory')
      .select(['size', 'stock'])
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', 'in', ['xlr', 'sms'])
      .orderBy('size')
      .execute();
    expect(stock).toEqual([
      { size: 'sms', stock: 1 },
      { size: 'xlr', stock: 0 },
    ]);
    // With stock back, the same form goes through and takes one.
    await setStock('xlr', 2);
    const ok = await attempt('xlr');
    expect(ok.status, ok.text).toBe(200);
    const xlr = await db()
      .selectFrom('inventory')
      .select('stock')
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .where('size', '=', 'xlr')
      .executeTakeFirstOrThrow();
    expect(xlr.stock).toBe(1);
  });

  it('refuses a return of the replacement an exchange made', async () => {
    const { order, email } = await deliveredOrder(t);
    const res = await submitReturn(t, returnBody(order, { 0: exchange('lgs', 'Back') }, { email }));
    expect(res.status, res.text).toBe(200);
    const replacementId = (
      await db()
        .selectFrom('returns')
        .select('exchange_order_id')
        .where('public_id', '=', (res.body as Order).returns[0]!.id)
        .executeTakeFirstOrThrow()
    ).exchange_order_id!;
    const replacement = await db()
      .updateTable('orders')
      .set({ status: 'completed' })
      .where('id', '=', replacementId)
      .returning(['order_number'])
      .executeTakeFirstOrThrow();
    const again = await submitReturn(t, {
      order: { orderNumber: replacement.order_number, email },
      products: [
        {
          itemId: 0,
          returnType: 'Exchange',
          returnReason: 'too-tight',
          sizeExchange: 'xls',
          positionExchange: 'Back',
          selected: true,
          design: 'alaska',
          position: 'Back',
          productCost: 0,
          size: 'lgs',
          productId: SHIRT_PRODUCT_ID,
        },
      ],
      orderProductCount: 1,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'not_returnable',
      message:
        'This order is the replacement of an exchange and cannot be returned online. Please contact support.',
    });
  });

  it('shows an order’s returns oldest first in every view', async () => {
    const { order, email } = await deliveredOrder(t);
    const first = await submitReturn(t, returnBody(order, { 0: refund() }, { email }));
    const second = await submitReturn(
      t,
      returnBody(first.body as Order, { 1: refund() }, { email, units: [1, 2] }),
    );
    expect(second.status, second.text).toBe(200);
    const records = (second.body as Order).returns;
    expect(
      records.map((r: ReturnRecord) => r.products.map((p) => [p.itemId, p.returnType])),
    ).toEqual([
      [
        [0, 'Refund'],
        [1, 'Keep'],
        [2, 'Keep'],
      ],
      [
        [1, 'Refund'],
        [2, 'Keep'],
      ],
    ]);
    expect(records[0]!.createdAt <= records[1]!.createdAt).toBe(true);
    expect(new Set(records.map((r) => r.id)).size).toBe(2);
  });
});
