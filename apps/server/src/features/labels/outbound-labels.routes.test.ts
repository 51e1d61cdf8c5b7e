/**
 * The shop's own shipping labels over real HTTP on every test database (decision 039): bought by the
 * job engine once however often asked (a double click, a retry), the order shipped with its tracking
 * number and one shipped email; a refusal (the carrier's, or the address check's) leaves the order
 * ready to ship with the reason; no answer then a retry asks again with the same key and buys one
 * label; a void makes the order ready to ship again; the batch print is each order's label page then
 * its packing slip, in the order asked; operators only.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LabelsAnswer, OrderLabel } from '@sunward/core/console-labels';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fail } from '../../lib/result.ts';
import { cartLine, placeOrder } from '../checkout/checkout.factories.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { readLabelPdf } from './label-pdf.test-helpers.ts';
import type { OutboundLabelRequest } from './label-provider.ts';
import { groupedTracking, SANDBOX_MARK, sandboxLabelProvider } from './sandbox-label.provider.ts';

describe.each(DATABASE_KINDS)('shipping labels on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  let customer: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
    customer = await customerToken(t);
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  const db = () => t.database.db;
  const paid = async (lines = [cartLine()]) =>
    (await placeOrder(t, { cart: lines })).order.orderNumber;
  const buy = (orders: string[]) =>
    t.request('POST', '/api/admin/labels', { orders }, operator.headers);
  const askVoid = (orderNumber: string) =>
    t.request('POST', '/api/admin/labels/void', { orderNumber }, operator.headers);
  const read = async (orders: string[]) => {
    const res = await t.request(
      'GET',
      `/api/admin/labels?orders=${orders.join(',')}`,
      undefined,
      operator.headers,
    );
    expect(res.status, res.text).toBe(200);
    return (res.body as LabelsAnswer).labels as (OrderLabel & { ok: true })[];
  };
  /** The labels once none is being bought or voided (the job engine settles them). */
  const settled = async (orders: string[]) => {
    await expect
      .poll(async () => (await read(orders)).map((l) => l.state), { timeout: 15_000 })
      .not.toContainEqual(expect.stringMatching(/^(buying|voiding)$/));
    return read(orders);
  };
  const order = (n: string) =>
    db().selectFrom('orders').selectAll().where('order_number', '=', n).executeTakeFirstOrThrow();
  const labelRows = async (n: string) => {
    const { id } = await order(n);
    return db()
      .selectFrom('outbound_labels')
      .select(['attempt', 'idempotency_key', 'status', 'tracking_number', 'postage', 'reason'])
      .where('order_id', '=', id)
      .orderBy('attempt')
      .execute();
  };
  const shippedEmails = async (n: string) => {
    const { id } = await order(n);
    return db()
      .selectFrom('email_outbox')
      .select(['subject', 'text'])
      .where('order_id', '=', id)
      .where('kind', '=', 'order-shipped')
      .execute();
  };

  it('buys one label for a double click and a retry, ships the order and emails it once', async () => {
    const n = await paid();
    const asks = vi.spyOn(sandboxLabelProvider, 'buyLabel');
    const [first, second] = await Promise.all([buy([n]), buy([n])]);
    expect(first.status, first.text).toBe(200);
    expect(second.status, second.text).toBe(200);
    const [label] = await settled([n]);
    expect(label).toMatchObject({
      orderNumber: n,
      state: 'bought',
      orderStatus: 'shipped',
      provider: 'sandbox',
      reason: null,
      canBuy: false,
      canVoid: true,
    });
    expect(label!.trackingNumber).toMatch(/^92000000000000\d{8}$/);
    expect(label!.postage).toBe(590); // one 6 oz shirt (shirtWeightOz): the sandbox's 8 oz step
    // Asked again once bought: answered as it is.
    const again = await buy([n]);
    expect((again.body as LabelsAnswer).labels[0]).toMatchObject({ state: 'bought', ok: true });

    expect(asks).toHaveBeenCalledTimes(1);
    expect(await labelRows(n)).toHaveLength(1);
    expect(await order(n)).toMatchObject({
      status: 'shipped',
      carrier: 'usps',
      tracking: label!.trackingNumber,
    });
    const emails = await shippedEmails(n);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(`Tracking number: ${label!.trackingNumber}`);
    // pending -> in-progress -> shipped, each recorded under the operator.
    const events = await db()
      .selectFrom('order_events')
      .select(['from_status', 'to_status', 'actor', 'actor_id'])
      .where('order_id', '=', (await order(n)).id)
      .orderBy('at')
      .execute();
    expect(events.slice(1)).toEqual([
      {
        from_status: 'pending',
        to_status: 'in-progress',
        actor: 'operator',
        actor_id: operator.customerId,
      },
      {
        from_status: 'in-progress',
        to_status: 'shipped',
        actor: 'operator',
        actor_id: operator.customerId,
      },
    ]);
  });

  it('leaves the order ready to ship with the carrier’s reason when it refuses, and buys on a retry', async () => {
    const n = await paid();
    vi.spyOn(sandboxLabelProvider, 'buyLabel').mockResolvedValueOnce(
      fail('label_refused', 'USPS refused the label.', {
        reason: 'USPS answered 400: The EPS account has insufficient funds.',
      }),
    );
    await buy([n]);
    const [refused] = await settled([n]);
    expect(refused).toMatchObject({
      state: 'refused',
      orderStatus: 'pending',
      reason: 'USPS answered 400: The EPS account has insufficient funds.',
      trackingNumber: null,
      canBuy: true,
      canVoid: false,
    });
    expect(await order(n)).toMatchObject({ status: 'pending', tracking: null });
    expect(await shippedEmails(n)).toHaveLength(0);

    await buy([n]);
    const [bought] = await settled([n]);
    expect(bought).toMatchObject({ state: 'bought', orderStatus: 'shipped', reason: null });
    // A refusal bought nothing: the retry is the next attempt, with its own key.
    const rows = await labelRows(n);
    expect(rows.map((r) => [r.attempt, r.status])).toEqual([
      [1, 'refused'],
      [2, 'bought'],
    ]);
    expect(rows[0]!.idempotency_key).not.toBe(rows[1]!.idempotency_key);
  });

  it('checks the address again before buying: one that fails is the reason, nothing is bought', async () => {
    const n = await paid();
    const { id, shipping_address } = await order(n);
    const address = JSON.parse(shipping_address) as Record<string, string>;
    await db()
      .updateTable('orders')
      .set({ shipping_address: JSON.stringify({ ...address, postal_code: '00001' }) })
      .where('id', '=', id)
      .execute();
    const asks = vi.spyOn(sandboxLabelProvider, 'buyLabel');
    await buy([n]);
    const [label] = await settled([n]);
    expect(label).toMatchObject({
      state: 'refused',
      orderStatus: 'pending',
      reason: 'The address did not pass the check again: The ZIP code 00001 does not exist.',
    });
    expect(asks).not.toHaveBeenCalled();
  });

  it('asks again with the same key after no answer, and buys one label', async () => {
    const n = await paid();
    const keys: string[] = [];
    const real = sandboxLabelProvider.buyLabel.bind(sandboxLabelProvider);
    vi.spyOn(sandboxLabelProvider, 'buyLabel').mockImplementation(
      async (request: OutboundLabelRequest) => {
        keys.push(request.idempotencyKey);
        if (keys.length === 1) {
          // The carrier made the label, but its answer never came (a timeout).
          await real(request);
          return fail('label_no_answer', 'USPS did not answer.', {
            reason: 'The operation was aborted due to timeout',
          });
        }
        return real(request);
      },
    );
    await buy([n]);
    const [timedOut] = await settled([n]);
    expect(timedOut).toMatchObject({
      state: 'refused',
      orderStatus: 'pending',
      reason: 'The carrier did not answer: The operation was aborted due to timeout',
      canBuy: true,
    });

    await buy([n]);
    const [bought] = await settled([n]);
    expect(bought).toMatchObject({ state: 'bought', orderStatus: 'shipped' });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await labelRows(n)).toMatchObject([{ attempt: 1, status: 'bought' }]);
    expect(await shippedEmails(n)).toHaveLength(1);
  });

  it('voids a label: postage refunded, the order ready to ship again, and a new label after', async () => {
    const n = await paid();
    await buy([n]);
    const [bought] = await settled([n]);
    const voids = vi.spyOn(sandboxLabelProvider, 'voidLabel');

    const res = await askVoid(n);
    expect(res.status, res.text).toBe(200);
    const [voided] = await settled([n]);
    expect(voided).toMatchObject({
      state: 'voided',
      refund: 'refunded',
      orderStatus: 'in-progress',
      trackingNumber: bought!.trackingNumber,
      canBuy: true,
      canVoid: false,
    });
    expect(voided!.voidedAt).not.toBeNull();
    expect(voids).toHaveBeenCalledExactlyOnceWith(bought!.trackingNumber);
    expect(await order(n)).toMatchObject({ status: 'in-progress', tracking: null, carrier: null });
    // Voided already: nothing left to void.
    const again = await askVoid(n);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'no_label' });

    await buy([n]);
    const [next] = await settled([n]);
    expect(next).toMatchObject({ state: 'bought', orderStatus: 'shipped' });
    expect(next!.trackingNumber).not.toBe(bought!.trackingNumber);
    expect(await shippedEmails(n)).toHaveLength(2);
  });

  it('keeps a void the carrier made when the order moved on meanwhile, and says so on the label', async () => {
    const n = await paid();
    await buy([n]);
    await settled([n]);
    const voidLabel = sandboxLabelProvider.voidLabel.bind(sandboxLabelProvider);
    // Delivered while the carrier was asked to void (the claim saw it shipped).
    vi.spyOn(sandboxLabelProvider, 'voidLabel').mockImplementation(async (tracking) => {
      await db()
        .updateTable('orders')
        .set({ status: 'completed' })
        .where('order_number', '=', n)
        .execute();
      return voidLabel(tracking);
    });
    const res = await askVoid(n);
    expect(res.status, res.text).toBe(200);
    const [voided] = await settled([n]);
    expect(voided).toMatchObject({ state: 'voided', orderStatus: 'completed' });
    expect(voided!.reason).toBe(
      'The label was voided, but the order is completed, so it was left as it is.',
    );
    expect(await order(n)).toMatchObject({ status: 'completed' });
  });

  it('refuses to void a label the carrier has scanned (a tracking event for its number)', async () => {
    const n = await paid();
    await buy([n]);
    const [bought] = await settled([n]);
    expect(bought!.canVoid).toBe(true);
    await db()
      .insertInto('tracking_events')
      .values({
        id: `te_${n}`,
        tracking_number: bought!.trackingNumber!,
        occurred_at: new Date().toISOString(),
        code: '03',
        description: 'USPS picked up item',
        city: 'RALEIGH',
        state: 'NC',
        zip: '27676',
        delivered: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const [scanned] = await read([n]);
    expect(scanned).toMatchObject({ state: 'bought', canVoid: false });
    const res = await askVoid(n);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'label_scanned',
      message: `USPS has scanned the parcel of order ${n}: its label was used and cannot be voided.`,
    });
    expect((await order(n)).status).toBe('shipped');
  });

  it('refuses to void a delivered parcel’s label, and to buy for an order not ready to ship', async () => {
    const n = await paid();
    await buy([n]);
    await settled([n]);
    await db()
      .updateTable('orders')
      .set({ status: 'completed' })
      .where('order_number', '=', n)
      .execute();
    const res = await askVoid(n);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'label_scanned' });

    const cancelled = await paid();
    await db()
      .updateTable('orders')
      .set({ status: 'cancelled' })
      .where('order_number', '=', cancelled)
      .execute();
    const answer = (await buy([cancelled, 'NOSUCH0RDER'])).body as LabelsAnswer;
    expect(answer.labels).toEqual([
      {
        orderNumber: cancelled,
        ok: false,
        code: 'not_ready',
        message: `Order ${cancelled} is cancelled: a label is bought for an order ready to ship (pending or in progress).`,
      },
      {
        orderNumber: 'NOSUCH0RDER',
        ok: false,
        code: 'not_found',
        message: 'There is no order NOSUCH0RDER.',
      },
    ]);
  });

  it('prints a batch as one PDF: each order’s label, then its packing slip, in the order asked', async () => {
    const a = await paid([cartLine({ quantity: 2 })]);
    const b = await paid();
    const c = await paid();
    const res = await buy([a, b, c]);
    expect((res.body as LabelsAnswer).labels.map((l) => l.ok)).toEqual([true, true, true]);
    const labels = await settled([a, b, c]);
    expect(labels.map((l) => l.state)).toEqual(['bought', 'bought', 'bought']);

    const asked = [c, a, b];
    const print = await fetch(`${t.baseUrl}/api/admin/labels/print?orders=${asked.join(',')}`, {
      headers: operator.headers,
    });
    expect(print.status).toBe(200);
    expect(print.headers.get('content-type')).toBe('application/pdf');
    const doc = await PDFDocument.load(new Uint8Array(await print.arrayBuffer()));
    expect(doc.getPageCount()).toBe(6);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: 288, height: 432 });

    const pageText = async (i: number) => {
      const one = await PDFDocument.create();
      const [copied] = await one.copyPages(doc, [i]);
      one.addPage(copied!);
      return (await readLabelPdf(await one.save())).text.join('\n');
    };
    for (const [i, n] of asked.entries()) {
      const label = labels.find((l) => l.orderNumber === n)!;
      const labelPage = await pageText(2 * i);
      expect(labelPage).toContain(SANDBOX_MARK);
      expect(labelPage).toContain(`Order ${n}`);
      expect(labelPage).toContain(groupedTracking(label.trackingNumber!));
      const slip = await pageText(2 * i + 1);
      expect(slip).toContain('Sunward');
      expect(slip).toContain('PACKING SLIP');
      expect(slip).toContain(`Order ${n}`);
      expect(slip).toContain('SHIP TO');
    }
    const slipA = await pageText(3);
    expect(slipA).toMatch(/2 shirts in this parcel/);

    // An order without a bought label prints nothing.
    const fresh = await paid();
    const none = await t.request(
      'GET',
      `/api/admin/labels/print?orders=${a},${fresh}`,
      undefined,
      operator.headers,
    );
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({
      code: 'no_label',
      message: `Order ${fresh} has no label to print.`,
    });
  });

  it('answers 401 to anonymous callers and 403 to customers on every label route', async () => {
    const n = await paid();
    const routes: [string, string, unknown][] = [
      ['POST', '/api/admin/labels', { orders: [n] }],
      ['GET', `/api/admin/labels?orders=${n}`, undefined],
      ['GET', `/api/admin/labels/print?orders=${n}`, undefined],
      ['POST', '/api/admin/labels/void', { orderNumber: n }],
    ];
    for (const [method, url, body] of routes) {
      const anonymous = await t.request(method, url, body);
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      const forbidden = await t.request(method, url, body, customer.headers);
      expect(forbidden.status, `${method} ${url}`).toBe(403);
    }
    expect(await labelRows(n)).toHaveLength(0);
    expect((await order(n)).status).toBe('pending');
  });
});
