/**
 * Discount codes over random bags, codes, destinations, shipping options and changes of mind (issue 28):
 * the amount charged is the total shown, and the total is the lines less the discount plus shipping and
 * tax; the refunds of any sequence of returns and a cancel never come to more than was paid, and each
 * refunded unit refunds what was paid for it (its price less its share of the discount) and its tax.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateDiscount,
  computeDiscountedTotals,
  unitPricesPaid,
  type DiscountOffer,
} from './discount.ts';
import { returnRefund, taxShares } from './returns.ts';
import { CLOTHING_EXEMPTIONS, type TaxRule } from './tax.ts';

const DESIGNS = ['alaska', 'zion', 'maui', 'sedona'];

const linesArb = fc.array(
  fc.record({
    unitAmount: fc.integer({ min: 100, max: 20_000 }),
    quantity: fc.integer({ min: 1, max: 10 }),
    design: fc.constantFrom(...DESIGNS),
  }),
  { minLength: 1, maxLength: 8 },
);

const designsArb = fc.option(fc.subarray(DESIGNS, { minLength: 1 }), { nil: null });
const offerArb: fc.Arbitrary<DiscountOffer | null> = fc.option(
  fc.oneof(
    fc.record({
      kind: fc.constant('percent' as const),
      percent: fc.integer({ min: 1, max: 100 }),
      designs: designsArb,
    }),
    fc.record({
      kind: fc.constant('amount' as const),
      amountOff: fc.integer({ min: 1, max: 200_000 }),
      designs: designsArb,
    }),
    fc.record({ kind: fc.constant('free_shipping' as const), designs: designsArb }),
  ),
  { nil: null },
);

const ruleArb: fc.Arbitrary<TaxRule> = fc
  .record({
    ratePpm: fc.integer({ min: 0, max: 100_000 }),
    exemption: fc.constantFrom(null, ...Object.values(CLOTHING_EXEMPTIONS)),
  })
  .map(({ ratePpm, exemption }) => ({
    state: 'XX',
    nexus: ratePpm > 0,
    ratePpm,
    parts: [{ label: 'XX', ratePpm }],
    exemption,
  }));

const choiceArb = fc.record({
  offer: offerArb,
  option: fc.constantFrom('ground' as const, 'priority' as const),
  rule: ruleArb,
});

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

describe('discounted totals over random bags and changes of mind', () => {
  it('charges the total shown: lines less discount, plus shipping and tax', () => {
    fc.assert(
      fc.property(
        linesArb,
        fc.record({
          ground: fc.integer({ min: 0, max: 3000 }),
          priority: fc.integer({ min: 0, max: 6000 }),
        }),
        fc.array(choiceArb, { minLength: 1, maxLength: 5 }),
        (lines, quote, choices) => {
          // every change of mind prices the bag afresh; the last one is what the card is charged
          let charged = 0;
          let shown = 0;
          for (const choice of choices) {
            const t = computeDiscountedTotals({
              lines,
              option: choice.option,
              quote,
              freeShippingTarget: 10_000,
              taxRule: choice.rule,
              offer: choice.offer,
            });
            const lineAmounts = lines.map(
              (l, i) => l.unitAmount * l.quantity - t.lineDiscounts[i]!,
            );
            expect(t.subtotal).toBe(sum(lines.map((l) => l.unitAmount * l.quantity)));
            expect(t.discount).toBe(sum(t.lineDiscounts) + t.shippingDiscount);
            expect(t.total).toBe(sum(lineAmounts) + t.shipping - t.shippingDiscount + t.salesTax);
            expect(t.total).toBe(t.subtotal + t.shipping - t.discount + t.salesTax);
            expect(t.shippingDiscount).toBeLessThanOrEqual(t.shipping);
            lineAmounts.forEach((a) => expect(a).toBeGreaterThanOrEqual(0));
            shown = t.total;
            charged = t.total;
          }
          expect(charged).toBe(shown);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('puts the cents left over on the last eligible line', () => {
    fc.assert(
      fc.property(linesArb, offerArb, (lines, offer) => {
        if (!offer || offer.kind === 'free_shipping') return;
        const a = allocateDiscount(lines, offer, 0);
        const eligible = lines.flatMap((l, i) =>
          offer.designs === null || offer.designs.includes(l.design) ? [i] : [],
        );
        const goods = sum(eligible.map((i) => lines[i]!.unitAmount * lines[i]!.quantity));
        lines.forEach((l, i) => {
          if (!eligible.includes(i)) expect(a.lineDiscounts[i]).toBe(0);
          else expect(a.lineDiscounts[i]).toBeLessThanOrEqual(l.unitAmount * l.quantity);
        });
        expect(sum(a.lineDiscounts)).toBe(a.goodsDiscount);
        expect(a.goodsDiscount).toBeLessThanOrEqual(goods);
        // every eligible line but the last gets its share rounded down
        for (const i of eligible.slice(0, -1)) {
          const exact = (lines[i]!.unitAmount * lines[i]!.quantity * a.goodsDiscount) / goods;
          if (
            a.lineDiscounts[eligible.at(-1)!]! <
            lines[eligible.at(-1)!]!.unitAmount * lines[eligible.at(-1)!]!.quantity
          )
            expect(a.lineDiscounts[i]).toBe(Math.floor(exact));
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('refunds of a discounted order: returns, then a cancel of the rest', () => {
  it('refund per unit what was paid for it and its tax, never more than was charged', () => {
    fc.assert(
      fc.property(
        linesArb,
        offerArb,
        ruleArb,
        fc.integer({ min: 0, max: 3000 }),
        fc.array(
          fc.record({
            picks: fc.array(fc.boolean(), { maxLength: 80 }),
            groundFee: fc.integer({ min: 0, max: 1_000 }),
          }),
          { maxLength: 4 },
        ),
        fc.boolean(),
        (lines, offer, rule, ground, returns, cancelAfter) => {
          const t = computeDiscountedTotals({
            lines,
            option: 'ground',
            quote: { ground, priority: ground + 500 },
            freeShippingTarget: 10_000,
            taxRule: rule,
            offer,
          });
          const unitCosts = lines.flatMap((l, i) =>
            unitPricesPaid(l.unitAmount, l.quantity, t.lineDiscounts[i]!),
          );
          expect(sum(unitCosts)).toBe(t.subtotal - (t.discount - t.shippingDiscount));
          const shares = taxShares(t.salesTax, unitCosts.length);
          let open = unitCosts.map((_, i) => i);
          let refunded = 0;
          for (const [n, step] of returns.entries()) {
            if (open.length === 0) break;
            let chosen = open.filter((_, k) => step.picks[k]);
            if (chosen.length === 0) chosen = [open[0]!];
            const refund = returnRefund({
              unitCosts,
              salesTax: t.salesTax,
              refundedUnits: chosen,
              isFirstReturn: n === 0,
              groundFee: step.groundFee,
            });
            // the per-unit rule: each unit refunds its discounted price and its tax share
            expect(refund.unitsRefund).toBe(sum(chosen.map((i) => unitCosts[i]!)));
            expect(refund.totalSalesTaxRefund).toBe(sum(chosen.map((i) => shares[i]!)));
            refunded += refund.refundAmount;
            open = open.filter((i) => !chosen.includes(i));
          }
          // a cancel refunds what was charged and not yet refunded
          if (cancelAfter && returns.length === 0) refunded += t.total - refunded;
          expect(refunded).toBeLessThanOrEqual(t.total);
          expect(refunded).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
