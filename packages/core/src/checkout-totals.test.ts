import { describe, expect, it } from 'vitest';
import { computeCheckoutTotals } from './checkout-totals.ts';
import { taxRuleFor } from './tax.ts';

describe('computeCheckoutTotals', () => {
  const rule = (state: string) => taxRuleFor(state, { nexusStates: ['NC', 'PA'] });
  it.each([
    // 2 x 4500 = 9000 < 10000 -> ground 650; tax (9000 + 650) x 4.75% = 458.375 -> 458;
    // total 9000 + 650 + 458 = 10108
    ['NC', 4500, 2, 'ground', { ground: 650, priority: 1115 }, [9000, 650, 458, 10108]],
    // 3 x 4500 = 13500 >= 10000 -> ground free; tax 13500 x 4.75% = 641.25 -> 641; total 14141
    ['NC', 4500, 3, 'ground', { ground: 985, priority: 1460 }, [13500, 0, 641, 14141]],
    // priority is charged above the target: (13500 + 1460) x 4.75% = 710.6 -> 711;
    // total 13500 + 1460 + 711 = 15671
    ['NC', 4500, 3, 'priority', { ground: 985, priority: 1460 }, [13500, 1460, 711, 15671]],
    // exactly the target: 2 x 5000 = 10000 -> ground free; 10000 x 4.75% = 475; total 10475
    ['NC', 5000, 2, 'ground', { ground: 650, priority: 1115 }, [10000, 0, 475, 10475]],
    // CA, no nexus: tax 0; 4500 + 850 = 5350
    ['CA', 4500, 1, 'ground', { ground: 850, priority: 1380 }, [4500, 850, 0, 5350]],
    // PA nexus but clothing exempt: tax 0; 9000 + 1115 = 10115
    ['PA', 4500, 2, 'priority', { ground: 650, priority: 1115 }, [9000, 1115, 0, 10115]],
  ] as const)('%s %i x %i by %s', (state, unit, qty, option, quote, expected) => {
    const totals = computeCheckoutTotals({
      lines: [{ unitAmount: unit, quantity: qty }],
      option,
      quote,
      freeShippingTarget: 10000,
      taxRule: rule(state),
    });
    const [subtotal, shipping, salesTax, total] = expected;
    expect(totals).toEqual({ subtotal, shipping, salesTax, total });
  });

  it('total is always subtotal + shipping + tax', () => {
    for (let qty = 1; qty <= 10; qty++) {
      for (const option of ['ground', 'priority'] as const) {
        const t = computeCheckoutTotals({
          lines: [{ unitAmount: 4500, quantity: qty }],
          option,
          quote: { ground: 700, priority: 1200 },
          freeShippingTarget: 10000,
          taxRule: rule('NC'),
        });
        expect(t.total).toBe(t.subtotal + t.shipping + t.salesTax);
      }
    }
  });
});
