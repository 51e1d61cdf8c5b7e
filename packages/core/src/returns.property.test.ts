/**
 * The refund of a return (spec 9) over random orders and random return sequences: whatever the prices,
 * quantities, tax rate, shipping and the order in which units come back, every return's shown lines
 * (each refunded unit's price, the sales tax refund, less the return shipping fee) add up to its
 * refund, and all the refunds of an order never come to more than was paid for its shirts and tax.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithinReturnWindow, returnRefund, returnWindowEnd } from './returns.ts';
import { CLOTHING_EXEMPTIONS, computeSalesTax } from './tax.ts';

const orderArb = fc.record({
  lines: fc.array(
    fc.record({
      unitAmount: fc.integer({ min: 100, max: 100_000 }),
      quantity: fc.integer({ min: 1, max: 10 }),
    }),
    { minLength: 1, maxLength: 10 },
  ),
  shipping: fc.integer({ min: 0, max: 5_000 }),
  ratePpm: fc.integer({ min: 0, max: 100_000 }),
  exemption: fc.constantFrom(null, ...Object.values(CLOTHING_EXEMPTIONS)),
});

/** A return: per open unit (by position) keep, refund or exchange, and the ground fee quoted. */
const returnArb = fc.record({
  choices: fc.array(fc.constantFrom('Keep', 'Refund', 'Exchange'), { maxLength: 100 }),
  groundFee: fc.integer({ min: 0, max: 10_000 }),
});

describe('the refund of a return, over random orders and return sequences (spec 9)', () => {
  it('shows lines that add up, and never refunds more than was paid', () => {
    fc.assert(
      fc.property(
        orderArb,
        fc.array(returnArb, { minLength: 1, maxLength: 4 }),
        (order, returns) => {
          const unitCosts = order.lines.flatMap((l) =>
            Array<number>(l.quantity).fill(l.unitAmount),
          );
          const subtotal = unitCosts.reduce((s, c) => s + c, 0);
          const { salesTax } = computeSalesTax(order.lines, order.shipping, {
            state: 'XX',
            nexus: true,
            ratePpm: order.ratePpm,
            parts: [{ label: 'XX', ratePpm: order.ratePpm }],
            exemption: order.exemption,
          });
          let open = unitCosts.map((_, i) => i);
          let refundedTotal = 0;
          let taxRefunded = 0;
          let unitsRefunded = 0;
          for (const [n, step] of returns.entries()) {
            if (open.length === 0) break;
            const first = n === 0;
            // Exchanges only on the first return; a return sends back at least one unit.
            const chosen = open.map((unit, i) => {
              const choice = step.choices[i] ?? 'Keep';
              return { unit, choice: choice === 'Exchange' && !first ? 'Refund' : choice };
            });
            if (chosen.every((c) => c.choice === 'Keep')) chosen[0]!.choice = 'Refund';
            const refundedUnits = chosen.filter((c) => c.choice === 'Refund').map((c) => c.unit);

            const refund = returnRefund({
              unitCosts,
              salesTax,
              refundedUnits,
              isFirstReturn: first,
              groundFee: step.groundFee,
            });
            const shownUnits = refundedUnits.map((i) => unitCosts[i]!);
            expect(refund.unitsRefund).toBe(shownUnits.reduce((s, c) => s + c, 0));
            expect(refund.unitsRefund + refund.totalSalesTaxRefund - refund.shippingFee).toBe(
              refund.refundAmount,
            );
            expect(refund.refundAmount).toBeGreaterThanOrEqual(0);
            // The fee: none on the first return; the ground price after, as far as the return is worth.
            expect(refund.shippingFee).toBe(
              first ? 0 : Math.min(step.groundFee, refund.unitsRefund + refund.totalSalesTaxRefund),
            );

            refundedTotal += refund.refundAmount;
            taxRefunded += refund.totalSalesTaxRefund;
            unitsRefunded += refundedUnits.length;
            open = chosen.filter((c) => c.choice === 'Keep').map((c) => c.unit);
          }
          expect(refundedTotal).toBeLessThanOrEqual(subtotal + salesTax);
          expect(refundedTotal).toBeLessThanOrEqual(subtotal + order.shipping + salesTax);
          expect(taxRefunded).toBeLessThanOrEqual(salesTax);
          // Every unit refunded: the whole tax back, to the cent.
          if (unitsRefunded === unitCosts.length) expect(taxRefunded).toBe(salesTax);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('the return window’s end', () => {
  const instant = fc
    .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 11, 31) })
    .map((ms) => new Date(ms));

  it('is the last moment isWithinReturnWindow says yes: within up to it, not a second after', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 40 * 86_400_000 }),
        fc.boolean(),
        (created, toReceipt, delivered) => {
          const received = new Date(created.getTime() + toReceipt).toISOString();
          const order = {
            createdAt: created.toISOString(),
            updatedAt: delivered ? created.toISOString() : received,
            deliveredAt: delivered ? received : null,
          };
          const end = returnWindowEnd(order)!;
          expect(isWithinReturnWindow(order, end)).toBe(true);
          expect(isWithinReturnWindow(order, new Date(end.getTime() + 1000))).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('counts 15 days from the delivery when the carrier delivered it', () => {
    const order = {
      createdAt: '2026-06-01T12:00:00.000Z',
      updatedAt: '2026-06-02T12:00:00.000Z',
      deliveredAt: '2026-06-05T18:30:00.000Z',
    };
    expect(returnWindowEnd(order)?.toISOString()).toBe('2026-06-20T18:30:00.000Z');
  });

  it('runs to the end of Jan 15 (New York) for an order bought Nov 15 - Dec 24', () => {
    const order = {
      createdAt: '2026-12-01T12:00:00.000Z',
      updatedAt: '2026-12-03T12:00:00.000Z',
      deliveredAt: '2026-12-04T12:00:00.000Z',
    };
    expect(returnWindowEnd(order)?.toISOString()).toBe('2027-01-16T04:59:59.999Z');
  });
});
