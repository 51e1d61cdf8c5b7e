/**
 * Every figure of a return adds up (issue 23), over random orders and random return sequences, through
 * the shop's own HTTP calls with the sandbox card processor, on every test database. For each return:
 * the lines the shopper reads (each refunded unit's price, the sales tax refund, less the return
 * shipping fee) make its refund amount in the order view, in the console and in the email; the console
 * refunds exactly that amount through the processor; and an order's refunds never come to more than
 * was paid. Orders are written straight to the database: random prices and tax are not what a checkout
 * of the seeded shirt makes.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, ReturnRecord } from '@sunward/core/checkout-schemas';
import type { ReturnDetail } from '@sunward/core/console-returns-schemas';
import { DESIGN_NAMES } from '@sunward/core/designs';
import { SIZE_CODES } from '@sunward/core/sizes';
import { computeSalesTax } from '@sunward/core/tax';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { operatorToken } from '../operators/operators.factories.ts';
import { orderView } from '../orders/order-views.ts';
import * as orders from '../orders/orders.repository.ts';
import { orderRow } from '../orders/orders.factories.ts';
import { consoleCalls, detailOf } from './admin-returns.factories.ts';
import { returnBody, submitReturn } from './returns.factories.ts';

const NUM_RUNS = 50;

const orderArb = fc.record({
  lines: fc.array(
    fc.record({
      unitAmount: fc.integer({ min: 100, max: 20_000 }),
      quantity: fc.integer({ min: 1, max: 4 }),
      design: fc.constantFrom(...DESIGN_NAMES),
      size: fc.constantFrom(...SIZE_CODES),
      position: fc.constantFrom('Front', 'Back'),
    }),
    { minLength: 1, maxLength: 10 },
  ),
  shipping: fc.integer({ min: 0, max: 3_000 }),
  ratePpm: fc.integer({ min: 0, max: 100_000 }),
  // The return fee is the ground price to the order's ZIP: near, far, and zone 9.
  zip: fc.constantFrom('28202', '10001', '94103', '99501'),
});

/** Returns in turn: per open unit (by position) keep, refund or exchange. */
const returnsArb = fc.array(
  fc.array(fc.constantFrom('Keep', 'Refund', 'Exchange'), { maxLength: 40 }),
  { minLength: 1, maxLength: 3 },
);

/** "$1,234.56" or "-$6.20" in cents. */
const cents = (money: string) => {
  const match = /^(-?)\$([\d,]+)\.(\d\d)$/.exec(money);
  if (!match) throw new Error(`not money: ${money}`);
  const value = Number(match[2]!.replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] ? -value : value;
};

/** The lines of the return-requested email: each unit's amount, then the figures, as shown. */
function emailLines(text: string) {
  const figure = (label: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${label}: `));
    if (!line) throw new Error(`no "${label}" in the email`);
    return cents(line.slice(label.length + 2).replace(' (your free return)', ''));
  };
  const units = text
    .split('\n')
    .filter((l) => l.startsWith('Refund: '))
    .map((l) => cents(l.split('  ').at(-1)!));
  return {
    units,
    taxRefund: figure('Sales tax refund'),
    fee: figure('Return shipping fee'),
    refundAmount: figure('Refund amount'),
  };
}

const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

/** What the shopper's pages show of a record: its refunded units' prices, tax refund, fee. */
const shownInView = (record: ReturnRecord) =>
  sum(record.products.filter((p) => p.returnType === 'Refund').map((p) => p.productCost)) +
  record.totalSalesTaxRefund -
  record.shippingFee;

const shownInConsole = (detail: ReturnDetail) =>
  sum(detail.units.filter((u) => u.returnType === 'Refund').map((u) => u.productCost)) +
  detail.totalSalesTaxRefund -
  detail.shippingFee;

describe.each(DATABASE_KINDS)('the figures of returns add up on %s', (kind) => {
  let t: TestApp;
  let ops: ReturnType<typeof consoleCalls>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ops = consoleCalls(t, (await operatorToken(t)).headers);
    // Exchanges never run short: no size of the shirt is counted.
    await t.database.db
      .updateTable('inventory')
      .set({ stock: null })
      .where('product_id', '=', SHIRT_PRODUCT_ID)
      .execute();
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;

  /** A delivered order paid through the sandbox: the intent succeeded for the order's total. */
  async function paidOrder(order: OrderInput) {
    const subtotal = sum(order.lines.map((l) => l.unitAmount * l.quantity));
    const { salesTax } = computeSalesTax(order.lines, order.shipping, {
      state: 'NC',
      nexus: true,
      ratePpm: order.ratePpm,
      parts: [{ label: 'North Carolina', ratePpm: order.ratePpm }],
      exemption: null,
    });
    const total = subtotal + order.shipping + salesTax;
    const now = nowIso();
    const intentId = newId('pi');
    await db()
      .insertInto('sandbox_payment_intents')
      .values({
        id: intentId,
        client_secret: `${intentId}_secret_x`,
        amount: total,
        currency: 'usd',
        status: 'succeeded',
        metadata: '{}',
        card_brand: 'visa',
        card_last4: '4242',
        billing_details: null,
        shipping: null,
        last_error: null,
        challenge_token: null,
        return_url: null,
        amount_refunded: 0,
        idempotency_key: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const email = `${newId('shopper').toLowerCase()}@example.com`;
    const row = orderRow({
      status: 'completed',
      payment_intent_id: intentId,
      email,
      card_brand: 'visa',
      card_last4: '4242',
      shipping_address: JSON.stringify({
        line1: '1 Main St',
        city: 'Somewhere',
        state: 'NC',
        postal_code: order.zip,
      }),
      subtotal,
      shipping: order.shipping,
      sales_tax: salesTax,
      total,
    });
    await db().insertInto('orders').values(row).execute();
    await db()
      .insertInto('order_items')
      .values(
        order.lines.map((l, i) => ({
          id: newId('oi'),
          order_id: row.id,
          line_no: i + 1,
          product_id: SHIRT_PRODUCT_ID,
          price_id: SHIRT_PRICE_ID,
          design: l.design,
          size: l.size,
          position: l.position,
          quantity: l.quantity,
          unit_amount: l.unitAmount,
        })),
      )
      .execute();
    return { orderId: row.id, email, intentId, subtotal, salesTax, total };
  }

  async function returnEmail(publicId: string) {
    const { id } = await db()
      .selectFrom('returns')
      .select('id')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    const mail = await db()
      .selectFrom('email_outbox')
      .select('text')
      .where('dedupe_key', '=', `return-requested:${id}`)
      .executeTakeFirstOrThrow();
    return emailLines(mail.text);
  }

  it('for every return: the shown lines make the refund, which is what the processor refunds', async () => {
    await fc.assert(
      fc.asyncProperty(orderArb, returnsArb, async (input, sequence) => {
        const paid = await paidOrder(input);
        let order: Order = await orderView(db(), (await orders.findOrder(db(), paid.orderId))!);
        let open = order.products
          .flatMap((p) => Array<number>(p.quantity).fill(0))
          .map((_, i) => i);
        const records: ReturnRecord[] = [];

        for (const [n, choices] of sequence.entries()) {
          if (open.length === 0) break;
          const first = n === 0;
          const chosen = open.map((itemId, i) => {
            const choice = choices[i] ?? 'Keep';
            // Exchanges only on an order's first return.
            return { itemId, choice: choice === 'Exchange' && !first ? 'Refund' : choice };
          });
          if (chosen.every((c) => c.choice === 'Keep')) chosen[0]!.choice = 'Refund';
          const form = Object.fromEntries(
            chosen
              .filter((c) => c.choice !== 'Keep')
              .map((c) => {
                const unit = order.products.flatMap((p) => Array<typeof p>(p.quantity).fill(p))[
                  c.itemId
                ]!;
                return [
                  c.itemId,
                  c.choice === 'Refund'
                    ? {
                        returnType: 'Refund' as const,
                        returnReason: 'too-long' as const,
                        selected: true,
                      }
                    : {
                        returnType: 'Exchange' as const,
                        returnReason: 'too-short' as const,
                        sizeExchange: unit.size as (typeof SIZE_CODES)[number],
                        // Another position: always an exchange for something else.
                        positionExchange:
                          unit.position === 'Front' ? ('Back' as const) : ('Front' as const),
                        selected: true,
                      },
                ];
              }),
          );
          const res = await submitReturn(
            t,
            returnBody(order, form, { email: paid.email, units: open }),
          );
          expect(res.status, res.text).toBe(200);
          order = res.body as Order;
          const record = order.returns.at(-1)!;
          records.push(record);

          // The shopper's pages (account, lookup, confirmation) and the review's figures.
          expect(shownInView(record)).toBe(record.refundAmount);
          if (first) expect(record.shippingFee).toBe(0);
          // The console.
          const detail = detailOf(await ops.detail(record.id));
          expect(shownInConsole(detail)).toBe(detail.refundAmount);
          expect(detail.refundAmount).toBe(record.refundAmount);
          // The email.
          const mail = await returnEmail(record.id);
          expect(sum(mail.units) + mail.taxRefund + mail.fee).toBe(mail.refundAmount);
          expect(mail.refundAmount).toBe(record.refundAmount);

          open = chosen.filter((c) => c.choice === 'Keep').map((c) => c.itemId);
        }

        // The console refunds each return: the processor pays back exactly its refund amount.
        for (const record of records.filter((r) => r.refundAmount > 0)) {
          const before = await db()
            .selectFrom('sandbox_refunds')
            .select('id')
            .where('payment_intent_id', '=', paid.intentId)
            .execute();
          const refunded = detailOf(await ops.refund(record.id, { withoutReceipt: true }));
          expect(refunded.refund?.amount).toBe(record.refundAmount);
          const made = await db()
            .selectFrom('sandbox_refunds')
            .select(['id', 'amount'])
            .where('payment_intent_id', '=', paid.intentId)
            .execute();
          const fresh = made.filter((r) => !before.some((b) => b.id === r.id));
          expect(fresh.map((r) => r.amount)).toEqual([record.refundAmount]);
        }
        const intent = await db()
          .selectFrom('sandbox_payment_intents')
          .select('amount_refunded')
          .where('id', '=', paid.intentId)
          .executeTakeFirstOrThrow();
        expect(intent.amount_refunded).toBe(sum(records.map((r) => r.refundAmount)));
        // Never more than was paid for the shirts and their tax (the order's shipping stays).
        expect(intent.amount_refunded).toBeLessThanOrEqual(paid.subtotal + paid.salesTax);
        expect(sum(records.map((r) => r.totalSalesTaxRefund))).toBeLessThanOrEqual(paid.salesTax);
      }),
      { numRuns: NUM_RUNS },
    );
  }, 120_000);
});

type OrderInput = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;
