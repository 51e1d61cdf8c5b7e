/**
 * The console's returns over real HTTP on every test database, with the sandbox card processor and
 * label: operators only (401, 403, nothing changed), the queue and its pages, a return's page, marking
 * it received (restock per unit, once), refunding it (the sandbox's refund, the order's refund status,
 * the email, once per return), closing it, its label, and a refusal by the provider changing nothing.
 */
import { setShirtStock } from '../catalog/admin-catalog.factories.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReturnQueue } from '@sunward/core/console-returns-schemas';
import {
  DATABASE_KINDS,
  createTestApp,
  flatStateTax,
  type TestApp,
} from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import * as orders from '../orders/orders.repository.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { consoleCalls, detailOf, key, returnedOrder } from './admin-returns.factories.ts';
import { exchange, refund } from './returns.factories.ts';

describe.each(DATABASE_KINDS)('console returns on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  let ops: ReturnType<typeof consoleCalls>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // The figures below are worked by hand at North Carolina's 4.75% alone.
    await flatStateTax(t, 'NC', 47500);
    operator = await operatorToken(t);
    ops = consoleCalls(t, operator.headers);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;

  const stockOf = async (size: string) =>
    (
      await db()
        .selectFrom('inventory')
        .select('stock')
        .where('product_id', '=', SHIRT_PRODUCT_ID)
        .where('size', '=', size)
        .executeTakeFirstOrThrow()
    ).stock;
  const setStock = (size: string, stock: number | null) => setShirtStock(db(), size, stock);

  /** What the console's changes leave behind for one return. */
  async function traces(orderId: string, paymentIntentId: string, publicId: string) {
    const [sandboxRefunds, refunds, events, emails, actions, order] = await Promise.all([
      db()
        .selectFrom('sandbox_refunds')
        .selectAll()
        .where('payment_intent_id', '=', paymentIntentId)
        .execute(),
      orders.listRefunds(db(), orderId),
      orders.listEvents(db(), orderId),
      db()
        .selectFrom('email_outbox')
        .selectAll()
        .where('kind', 'in', ['return-refunded', 'return-label'])
        .where('dedupe_key', 'like', `%:ret%`)
        .orderBy('created_at')
        .execute(),
      db()
        .selectFrom('operator_actions')
        .selectAll()
        .where('target_type', '=', 'return')
        .where('target_id', '=', publicId)
        .orderBy('at')
        .execute(),
      orders.findOrder(db(), orderId),
    ]);
    const returnRow = await db()
      .selectFrom('returns')
      .selectAll()
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    return {
      sandboxRefunds,
      refunds,
      events,
      // What was queued, not how far its delivery got: the email job sends in the background.
      emails: emails
        .filter((e) => e.dedupe_key?.includes(returnRow.id))
        .map(
          ({
            status: _status,
            attempts: _attempts,
            sent_at: _sent,
            last_error: _error,
            ...queued
          }) => queued,
        ),
      actions,
      order: order!,
      ret: returnRow,
    };
  }

  describe('who may call', () => {
    it('answers 401 without a token and 403 to a customer on every route, changing nothing', async () => {
      const { returnId, orderId, paymentIntentId } = await returnedOrder(t);
      const before = await traces(orderId, paymentIntentId, returnId);
      const customer = await customerToken(t);
      const calls: [string, string, unknown][] = [
        ['GET', '/api/admin/returns', undefined],
        ['GET', `/api/admin/returns/${returnId}`, undefined],
        ['POST', `/api/admin/returns/${returnId}/label`, { idempotencyKey: key() }],
        [
          'POST',
          `/api/admin/returns/${returnId}/receive`,
          { units: [{ itemId: 0, restock: true }] },
        ],
        [
          'POST',
          `/api/admin/returns/${returnId}/refund`,
          { idempotencyKey: key(), withoutReceipt: true },
        ],
        ['POST', `/api/admin/returns/${returnId}/close`, { reason: 'lost' }],
      ];
      for (const [method, url, body] of calls) {
        const anonymous = await t.request(method, url, body);
        expect(anonymous.status, `${method} ${url}`).toBe(401);
        expect(anonymous.body).toMatchObject({ code: 'unauthorized' });
        const asCustomer = await t.request(method, url, body, customer.headers);
        expect(asCustomer.status, `${method} ${url}`).toBe(403);
        expect(asCustomer.body).toMatchObject({ code: 'forbidden' });
      }
      const after = await traces(orderId, paymentIntentId, returnId);
      expect(after).toEqual(before);
    });
  });

  describe('the queue', () => {
    it('lists open returns oldest first with their units, figures, label and exchange, in pages', async () => {
      await setStock('lgr', 5);
      const first = await returnedOrder(t);
      const second = await returnedOrder(t, {
        choices: { 0: refund('too-long'), 1: exchange('lgr', 'Back') },
      });

      // Page through every open return one at a time: each once, oldest first.
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=1&cursor=${encodeURIComponent(cursor)}` : '?limit=1';
        const page = (await ops.queue(query)).body as ReturnQueue;
        expect(page.returns.length).toBeLessThanOrEqual(1);
        seen.push(...page.returns.map((r) => r.id));
        cursor = page.next;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.indexOf(first.returnId)).toBeLessThan(seen.indexOf(second.returnId));

      const res = await ops.queue('?limit=100');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const listed = (res.body as ReturnQueue).returns.find((r) => r.id === second.returnId)!;
      expect(listed).toMatchObject({
        seq: 1,
        status: 'requested',
        order: {
          orderNumber: second.order.orderNumber,
          status: 'return',
          name: 'Jamie Rivera',
          email: 'jamie@example.com',
        },
        // $45.00 + its share of the $6.41 tax (214 cents); the free first return.
        refundAmount: 4714,
        totalSalesTaxRefund: 214,
        shippingFee: 0,
        exchangeOrderNumber: expect.stringMatching(/\S/),
        labelTracking: expect.stringMatching(/^92\d{20}$/),
        receivedAt: null,
      });
      expect(
        listed.units.map((u) => [u.itemId, u.returnType, u.returnReason, u.sizeExchange]),
      ).toEqual([
        [0, 'Refund', 'too-long', null],
        [1, 'Exchange', 'too-short', 'lgr'],
        [2, 'Keep', '', null],
      ]);
      expect(listed.units[0]).toMatchObject({
        design: 'alaska',
        size: 'mdr',
        position: 'Front',
        productCost: 4500,
        restocked: null,
      });

      // Settled filters run newest first; an unknown filter is a 400.
      expect((await ops.queue('?status=refunded')).status).toBe(200);
      const bad = await ops.queue('?status=lost');
      expect(bad.status).toBe(400);
      await setStock('lgr', null);
    });
  });

  describe('a return', () => {
    it('shows its order, label, exchange, actions and timeline; an unknown id is a 404', async () => {
      await setStock('sms', 5);
      const { returnId, order } = await returnedOrder(t, {
        choices: { 0: refund(), 2: exchange('sms') },
      });
      const detail = detailOf(await ops.detail(returnId));
      expect(detail).toMatchObject({
        id: returnId,
        status: 'requested',
        order: {
          orderNumber: order.orderNumber,
          status: 'return',
          total: 14141,
          amountRefunded: 0,
          card: { brand: 'visa', last4: '4242' },
        },
        label: {
          url: expect.stringContaining('/api/returns/labels/'),
          trackingNumber: expect.stringMatching(/^92/),
          provider: 'sandbox',
        },
        refund: null,
        exchangeOrder: { status: 'pending', carrier: null, tracking: null, trackingUrl: null },
        actions: { receive: true, refund: false, refundWithoutReceipt: true, close: true },
        timeline: [{ by: 'customer', action: 'requested', text: 'Return #1 requested' }],
      });
      expect(detail.exchangeOrder!.orderNumber).toBe(detail.exchangeOrderNumber);

      const missing = await ops.detail('ret_doesnotexist');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({
        code: 'not_found',
        message: 'We could not find this return.',
      });
      expect((await ops.detail('not-a-return')).status).toBe(400);
      await setStock('sms', null);
    });
  });

  describe('mark received', () => {
    it('restocks the units the operator says, once; refunds nothing', async () => {
      await setStock('xlr', 10);
      const { returnId, orderId, paymentIntentId } = await returnedOrder(t, {
        size: 'xlr',
        choices: { 0: refund(), 1: refund('too-loose') },
      });
      expect(await stockOf('xlr')).toBe(7);

      const wrong: [{ itemId: number; restock: boolean }[], string][] = [
        [[{ itemId: 0, restock: true }], 'missing: unit 1'],
        [
          [
            { itemId: 0, restock: true },
            { itemId: 0, restock: true },
            { itemId: 1, restock: true },
          ],
          'Unit 0 is listed twice.',
        ],
        [
          [
            { itemId: 0, restock: true },
            { itemId: 1, restock: true },
            { itemId: 2, restock: true },
          ],
          'Unit 2 is not sent back on this return.',
        ],
      ];
      for (const [units, message] of wrong) {
        const res = await ops.receive(returnId, units);
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({ code: 'invalid_units' });
        expect((res.body as { message: string }).message).toContain(message);
      }
      expect(await stockOf('xlr')).toBe(7);

      const res = await ops.receive(returnId, [
        { itemId: 0, restock: true },
        { itemId: 1, restock: false },
      ]);
      const detail = detailOf(res);
      expect(detail.status).toBe('received');
      expect(detail.receivedAt).not.toBeNull();
      expect(detail.units.map((u) => u.restocked)).toEqual([true, false, null]);
      expect(detail.actions).toEqual({
        receive: false,
        refund: true,
        refundWithoutReceipt: false,
        close: true,
      });
      expect(detail.timeline.at(-1)).toMatchObject({
        by: operator.email,
        action: 'return.receive',
        text: 'Marked received: 1 of 2 units restocked',
      });
      expect(await stockOf('xlr')).toBe(8);

      // Twice is once, whatever the second one says.
      const again = await ops.receive(returnId, [
        { itemId: 0, restock: true },
        { itemId: 1, restock: true },
      ]);
      expect(detailOf(again).units.map((u) => u.restocked)).toEqual([true, false, null]);
      expect(await stockOf('xlr')).toBe(8);
      const after = await traces(orderId, paymentIntentId, returnId);
      expect(after.actions.map((a) => a.action)).toEqual(['return.receive']);
      expect(JSON.parse(after.actions[0]!.detail)).toMatchObject({
        restocked: [0],
        notRestocked: [1],
        status: 'received',
      });
      expect(after.ret.received_by).not.toBeNull();
      expect(after.sandboxRefunds).toHaveLength(0);
      expect(after.order.status).toBe('return');
      await setStock('xlr', null);
    });
  });

  describe('refund', () => {
    it('needs the parcel received, then refunds the return through the sandbox once: order refund, email', async () => {
      const { returnId, orderId, paymentIntentId, order } = await returnedOrder(t);
      const early = await ops.refund(returnId);
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ code: 'not_received' });

      detailOf(await ops.receive(returnId, [{ itemId: 0, restock: true }]));
      const tooMuch = await ops.refund(returnId, { amount: 4715 });
      expect(tooMuch.status).toBe(422);
      expect(tooMuch.body).toEqual({
        code: 'invalid_amount',
        message: "A refund of this return is at most $47.14. Refund more from the order's page.",
      });

      const idempotencyKey = key();
      const res = await ops.refund(returnId, { idempotencyKey });
      const detail = detailOf(res);
      expect(detail).toMatchObject({
        status: 'refunded',
        order: { status: 'refund', amountRefunded: 4714 },
        refund: { amount: 4714, reason: null },
        actions: { receive: false, refund: false, refundWithoutReceipt: false, close: false },
      });
      expect(detail.timeline.at(-1)).toMatchObject({
        action: 'return.refund',
        text: 'Refunded $47.14',
      });

      const after = await traces(orderId, paymentIntentId, returnId);
      expect(after.sandboxRefunds.map((r) => r.amount)).toEqual([4714]);
      expect(after.refunds).toMatchObject([
        {
          amount: 4714,
          actor: 'operator',
          reason: 'return #1',
          idempotency_key: `return:${after.ret.id}`,
          provider_refund_id: after.sandboxRefunds[0]!.id,
        },
      ]);
      expect(after.ret).toMatchObject({
        status: 'refunded',
        refund_id: after.refunds[0]!.id,
        refund_key: idempotencyKey,
        refund_started_at: null,
      });
      // The refund took the returned shirt (line 1, one unit): the order's page cannot refund it again.
      expect(JSON.parse(after.refunds[0]!.scope!)).toEqual({
        items: [{ line: 1, quantity: 1 }],
        shipping: false,
      });
      const quote = (quantity: number) =>
        t.request(
          'POST',
          `/api/admin/orders/${order.orderNumber}/refunds/quote`,
          { items: [{ line: 1, quantity }] },
          operator.headers,
        );
      expect((await quote(3)).status).not.toBe(200);
      expect((await quote(2)).status).toBe(200);
      const moved = after.events.filter((e) => e.to_status === 'refund');
      expect(moved).toMatchObject([
        { from_status: 'return', actor: 'operator', reason: 'return #1 refunded $47.14' },
      ]);
      expect(moved[0]!.actor_id).not.toBeNull();
      const mail = after.emails.find((e) => e.kind === 'return-refunded')!;
      expect(mail).toMatchObject({
        to_address: 'jamie@example.com',
        subject: `Sunward refund of $47.14 for order ${order.orderNumber}`,
      });
      expect(mail.text).toContain(
        `We have refunded $47.14 for your return of order ${order.orderNumber} to your Visa card ending in 4242.`,
      );
      expect(mail.text).toContain(`${t.baseUrl}/order-lookup`);

      // The same request again: the same answer, nothing new. Another request: 409.
      expect(detailOf(await ops.refund(returnId, { idempotencyKey })).status).toBe('refunded');
      const other = await ops.refund(returnId);
      expect(other.status).toBe(409);
      expect(other.body).toEqual({
        code: 'already_refunded',
        message: 'This return has been refunded already.',
      });
      const closing = await ops.close(returnId, { reason: 'x' });
      expect(closing.status).toBe(409);
      expect(closing.body).toMatchObject({ code: 'not_closable' });
      const still = await traces(orderId, paymentIntentId, returnId);
      expect(
        [still.sandboxRefunds, still.refunds, still.emails, still.actions].map((l) => l.length),
      ).toEqual([1, 1, after.emails.length, 2]);
    });

    it('a partial refund without receipt says why in the email; the parcel may still be received', async () => {
      await setStock('lgs', 3);
      const { returnId, orderId, paymentIntentId } = await returnedOrder(t, { size: 'lgs' });
      const res = await ops.refund(returnId, {
        amount: 2000,
        reason: 'Parcel lost; partial goodwill refund',
        withoutReceipt: true,
      });
      expect(detailOf(res)).toMatchObject({
        status: 'refunded',
        receivedAt: null,
        refund: { amount: 2000, reason: 'Parcel lost; partial goodwill refund' },
        actions: { receive: true, refund: false },
      });
      const after = await traces(orderId, paymentIntentId, returnId);
      expect(after.sandboxRefunds.map((r) => r.amount)).toEqual([2000]);
      expect(after.order).toMatchObject({ status: 'refund', amount_refunded: 2000 });
      expect(after.refunds.map((r) => r.reason)).toEqual([
        'return #1: Parcel lost; partial goodwill refund',
      ]);
      const mail = after.emails.find((e) => e.kind === 'return-refunded')!;
      expect(mail.text).toContain(
        'Your return came to $47.14; we refunded $20.00: Parcel lost; partial goodwill refund',
      );

      // The parcel came after all: received and restocked, still refunded.
      const late = detailOf(await ops.receive(returnId, [{ itemId: 0, restock: true }]));
      expect(late).toMatchObject({ status: 'refunded', receivedAt: expect.any(String) });
      expect(await stockOf('lgs')).toBe(1);
      await setStock('lgs', null);
    });

    it('never more than is left on the order', async () => {
      const { returnId, orderId } = await returnedOrder(t);
      await db()
        .updateTable('orders')
        .set({ amount_refunded: 14141 - 1000 })
        .where('id', '=', orderId)
        .execute();
      detailOf(await ops.receive(returnId, [{ itemId: 0, restock: false }]));
      const res = await ops.refund(returnId);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        code: 'exceeds_paid',
        message: 'A refund of $47.14 is more than the $10.00 left to refund on this order.',
      });
      // Nothing is under way: it can be closed.
      expect(detailOf(await ops.close(returnId, { reason: 'refunded by hand' })).status).toBe(
        'closed',
      );
    });

    it('a refusal by the provider is a 502: nothing changed, the return can be refunded later', async () => {
      const { returnId, orderId, paymentIntentId } = await returnedOrder(t);
      detailOf(await ops.receive(returnId, [{ itemId: 0, restock: false }]));
      const before = await traces(orderId, paymentIntentId, returnId);
      const refused = vi
        .spyOn(t.app.payments, 'refund')
        .mockResolvedValueOnce({ ok: false, code: 'card_declined', message: 'Card closed.' });
      const res = await ops.refund(returnId);
      refused.mockRestore();
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 'refund_failed' });
      expect((res.body as { message: string }).message).toContain('Card closed.');
      expect(await traces(orderId, paymentIntentId, returnId)).toEqual(before);

      expect(detailOf(await ops.refund(returnId)).status).toBe('refunded');
    });

    it('an exchange-only return has nothing to refund', async () => {
      await setStock('sms', 5);
      const { returnId } = await returnedOrder(t, { choices: { 1: exchange('sms') } });
      const res = await ops.refund(returnId, { withoutReceipt: true });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'not_refundable' });
      await setStock('sms', null);
    });
  });

  describe('close', () => {
    it('closes an exchange-only return: the order is completed again; twice is once', async () => {
      await setStock('sms', 5);
      const { returnId, orderId, paymentIntentId } = await returnedOrder(t, {
        choices: { 1: exchange('sms') },
      });
      detailOf(await ops.receive(returnId, [{ itemId: 1, restock: true }]));
      const closed = detailOf(await ops.close(returnId));
      expect(closed).toMatchObject({
        status: 'closed',
        closedAt: expect.any(String),
        order: { status: 'completed' },
        actions: { receive: false, refund: false, refundWithoutReceipt: false, close: false },
      });
      expect(closed.timeline.at(-1)).toMatchObject({ text: 'Closed without refund' });
      expect(detailOf(await ops.close(returnId)).status).toBe('closed');
      const after = await traces(orderId, paymentIntentId, returnId);
      expect(after.events.filter((e) => e.from_status === 'return')).toMatchObject([
        { to_status: 'completed', actor: 'operator', reason: 'return #1 closed' },
      ]);
      expect(after.actions.map((a) => a.action)).toEqual(['return.receive', 'return.close']);
      expect(after.sandboxRefunds).toHaveLength(0);
      await setStock('sms', null);
    });

    it('a return with money to refund needs a reason to be closed', async () => {
      const { returnId } = await returnedOrder(t);
      const res = await ops.close(returnId, { reason: '  ' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        code: 'reason_required',
        message: 'This return would refund $47.14: say why it is closed without a refund.',
      });
      const closed = detailOf(await ops.close(returnId, { reason: 'Never arrived' }));
      expect(closed.timeline.at(-1)!.text).toBe('Closed without refund: Never arrived');
      expect(closed.order.status).toBe('completed');
    });

    it('an order with two open returns stays in return until the last one settles', async () => {
      const { returnId: first, order, email, orderId } = await returnedOrder(t);
      // The customer returns a kept unit too.
      const second = await t.request('POST', '/api/orders/return', {
        order: { orderNumber: order.orderNumber, email },
        products: order.returns[0]!.products.filter((p) => p.returnType === 'Keep').map((p) =>
          p.itemId === 1 ? { ...p, ...refund('too-short') } : p,
        ),
        orderProductCount: 3,
      });
      expect(second.status).toBe(200);
      const secondId = (second.body as { returns: { id: string }[] }).returns[1]!.id;

      detailOf(await ops.receive(first, [{ itemId: 0, restock: true }]));
      const refunded = detailOf(await ops.refund(first));
      expect(refunded.order.status).toBe('return');
      const closed = detailOf(await ops.close(secondId, { reason: 'Never arrived' }));
      expect(closed.order.status).toBe('refund');
      const events = await orders.listEvents(db(), orderId);
      expect(
        events.filter((e) => e.from_status === 'return' && e.to_status !== 'return'),
      ).toMatchObject([{ to_status: 'refund', reason: 'return #2 closed: Never arrived' }]);
    });
  });

  describe('label', () => {
    it('sends the label email again, once per key', async () => {
      const { returnId, orderId, paymentIntentId } = await returnedOrder(t);
      const before = await traces(orderId, paymentIntentId, returnId);
      expect(before.emails.map((e) => e.kind)).toEqual(['return-label']);
      const k = key();
      const answers = await Promise.all([ops.label(returnId, k), ops.label(returnId, k)]);
      for (const a of answers) detailOf(a);
      const after = await traces(orderId, paymentIntentId, returnId);
      expect(after.emails.map((e) => e.kind)).toEqual(['return-label', 'return-label']);
      expect(after.emails[1]!.dedupe_key).toBe(`return-label:${after.ret.id}:resend:${k}`);
      expect(after.emails[1]!.text).toBe(after.emails[0]!.text);
      expect(after.actions.map((a) => a.action)).toEqual(['return.label']);
      const detail = detailOf(await ops.detail(returnId));
      expect(detail.timeline.at(-1)!.text).toBe('Label email sent again');
    });

    it('issues a missing label (the provider failed at submission), or 502 when it fails again', async () => {
      const failing = vi
        .spyOn(t.app.labels, 'createReturnLabel')
        .mockResolvedValue({ ok: false, code: 'label_unavailable', message: 'down', reason: 'x' });
      const { returnId, orderId, paymentIntentId } = await returnedOrder(t, { label: false });
      // The return's label job asked and got none (it asks again in 30 s or more).
      await vi.waitFor(() => expect(failing).toHaveBeenCalled(), { timeout: 10_000 });
      expect(detailOf(await ops.detail(returnId)).label).toBeNull();
      const res = await ops.label(returnId);
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 'label_unavailable' });
      failing.mockRestore();

      const k = key();
      const issued = detailOf(await ops.label(returnId, k));
      expect(issued.label).toMatchObject({ provider: 'sandbox' });
      expect(issued.labelTracking).toBe(issued.label!.trackingNumber);
      expect(issued.timeline.at(-1)!.text).toBe('Label issued and emailed');
      // The same click again does not send it twice.
      detailOf(await ops.label(returnId, k));
      const after = await traces(orderId, paymentIntentId, returnId);
      expect(after.emails.map((e) => e.dedupe_key)).toEqual([`return-label:${after.ret.id}`]);
      expect(after.actions.map((a) => a.action)).toEqual(['return.label']);
    });
  });

  describe('exchange', () => {
    it('the replacement order ships from the status door with its own tracking; the return shows it', async () => {
      await setStock('sms', 5);
      const { returnId, order } = await returnedOrder(t, { choices: { 1: exchange('sms') } });
      const detail = detailOf(await ops.detail(returnId));
      const number = detail.exchangeOrderNumber!;
      expect(detail.exchangeOrder).toMatchObject({ orderNumber: number, status: 'pending' });
      expect(await stockOf('sms')).toBe(4); // reserved for it at submission

      const door = (body: Record<string, unknown>) =>
        t.request(
          'PATCH',
          '/api/orders/status',
          { orderNumber: number, ...body },
          operator.headers,
        );
      expect((await door({ status: 'in-progress' })).status).toBe(200);
      const shipped = await door({
        status: 'shipped',
        carrier: 'ups',
        tracking: '1Z999AA10123456784',
      });
      expect(shipped.status).toBe(200);

      expect(detailOf(await ops.detail(returnId)).exchangeOrder).toEqual({
        orderNumber: number,
        status: 'shipped',
        carrier: 'ups',
        tracking: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      });
      const mail = await db()
        .selectFrom('email_outbox')
        .selectAll()
        .where('kind', '=', 'order-shipped')
        .where('subject', 'like', `%${number}%`)
        .executeTakeFirstOrThrow();
      expect(mail.to_address).toBe('jamie@example.com');
      expect(mail.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
      // The original order is untouched: still in return, its return still open.
      const original = await orders.findOrderByNumber(db(), order.orderNumber);
      expect(original).toMatchObject({ status: 'return', tracking: null });
      expect(await stockOf('sms')).toBe(4);
      await setStock('sms', null);
    });
  });
});
