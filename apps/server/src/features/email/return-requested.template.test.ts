import { describe, expect, it } from 'vitest';
import { returnRequestedEmail, type ReturnRequestedDetails } from './return-requested.template.tsx';

const shop = {
  name: 'Sunward',
  siteUrl: 'https://sunward.test',
  supportEmail: 'support@sunward.test',
};

const unit = (label: string) =>
  ({ label, returnType: 'Refund', reason: 'too-long', amount: 4500, exchangeTo: null }) as const;

/** A later return of two $45.00 shirts: tax shares 232 + 232, the ground fee $6.20. */
const details = (overrides: Partial<ReturnRequestedDetails> = {}): ReturnRequestedDetails => ({
  orderNumber: 'SW-1001',
  name: 'Jamie Rivera',
  units: [
    unit('Alaska sun shirt, MD - Regular, Front'),
    unit('Alaska sun shirt, LG - Short, Back'),
  ],
  totalSalesTaxRefund: 464,
  shippingFee: 620,
  refundAmount: 8844,
  exchangeOrderNumber: null,
  account: false,
  ...overrides,
});

/** "$1,234.56" or "-$6.20" in cents. */
const cents = (money: string) => {
  const [, sign, dollars, rest] = /^(-?)\$([\d,]+)\.(\d\d)/.exec(money)!;
  const value = Number(dollars!.replaceAll(',', '')) * 100 + Number(rest);
  return sign ? -value : value;
};

/** The amounts of the text's lines, in the order shown, and its refund amount. */
function shownAmounts(text: string) {
  const lines = text.split('\n');
  const units = lines.filter((l) => l.startsWith('Refund: ')).map((l) => l.split('  ').at(-1)!);
  const figure = (label: string) => lines.find((l) => l.startsWith(`${label}: `))!.split(': ')[1]!;
  return {
    lines: [...units, figure('Sales tax refund'), figure('Return shipping fee')],
    total: figure('Refund amount'),
  };
}

describe('the return-requested email', () => {
  it('shows lines that add up to the refund amount: unit prices, tax refund, the fee deducted', async () => {
    const { text, html } = await returnRequestedEmail(details(), shop);
    const shown = shownAmounts(text);
    expect(shown).toEqual({
      lines: ['$45.00', '$45.00', '$4.64', '-$6.20'],
      total: '$88.44',
    });
    expect(shown.lines.map(cents).reduce((s, c) => s + c, 0)).toBe(cents(shown.total));
    expect(html).toContain('-$6.20');
  });

  it('the first return: no fee, said to be the free return', async () => {
    const { text } = await returnRequestedEmail(
      details({ shippingFee: 0, refundAmount: 9464 }),
      shop,
    );
    expect(text).toContain('Return shipping fee: $0.00 (your free return)');
    const shown = shownAmounts(text);
    expect(shown.lines.map(cents).reduce((s, c) => s + c, 0)).toBe(cents(shown.total));
  });
});
