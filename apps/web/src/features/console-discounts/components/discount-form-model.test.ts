import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, toInput, valuesOf } from './discount-form-model.ts';

describe('the discount form: fields to the API body', () => {
  it('reads dollars to cents and leaves empty limits out', () => {
    const read = toInput({ ...EMPTY_FORM, code: 'sun 10', kind: 'amount', amountOff: '10.50' });
    expect(read).toEqual({
      ok: true,
      input: expect.objectContaining({
        code: 'sun 10',
        kind: 'amount',
        percent: null,
        amountOff: 1050,
        minSubtotal: null,
        maxUses: null,
        designs: null,
      }),
    });
  });

  it.each([
    [{ kind: 'percent' as const, percent: '' }, 'percent', 'Percent off: 1 to 100.'],
    [
      { kind: 'amount' as const, amountOff: 'ten' },
      'amountOff',
      'Amount off: an amount in dollars, e.g. 10 or 10.50.',
    ],
    [{ maxUses: '1.5' }, 'maxUses', 'Total uses: a whole number.'],
    [{ limitDesigns: true }, 'designs', 'Designs: choose at least one.'],
  ])('%j -> %s', (change, field, message) => {
    const read = toInput({ ...EMPTY_FORM, code: 'X1X', percent: '10', ...change });
    expect(read).toEqual({ ok: false, fields: expect.objectContaining({ [field]: message }) });
  });

  it('a stored code comes back to the same body', () => {
    const input = toInput(
      valuesOf({
        id: 'dc_1',
        code: 'SUN20',
        kind: 'percent',
        percent: 20,
        amountOff: null,
        minSubtotal: 5000,
        startsAt: null,
        endsAt: '2026-12-01T05:00:00.000Z',
        maxUses: 100,
        oncePerCustomer: true,
        firstOrderOnly: false,
        designs: ['alaska'],
        active: true,
        description: '20% off',
        uses: 0,
        orders: 0,
        discountGiven: 0,
        revenue: 0,
        refunded: 0,
        createdAt: '2026-11-29T00:00:00.000Z',
      }),
    );
    expect(input).toEqual({
      ok: true,
      input: {
        code: 'SUN20',
        kind: 'percent',
        percent: 20,
        amountOff: null,
        minSubtotal: 5000,
        startsAt: null,
        endsAt: '2026-12-01T05:00:00.000Z',
        maxUses: 100,
        oncePerCustomer: true,
        firstOrderOnly: false,
        designs: ['alaska'],
        active: true,
      },
    });
  });
});
