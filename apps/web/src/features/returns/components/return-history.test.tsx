import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createReturnItem, createReturnRecord } from '@/test/factories.ts';
import { figure } from '../test/returns-test-utils.tsx';
import { ReturnHistory } from './return-history.tsx';

const refund = (itemId: number) =>
  createReturnItem({ itemId, returnType: 'Refund', returnReason: 'too-long', selected: true });

/** "$45.00" or "-$6.20" in cents. */
const cents = (text: string | null) => {
  const [, sign, dollars, rest] = /^(-?)\$([\d,]+)\.(\d\d)$/.exec(text ?? '')!;
  const value = Number(dollars!.replaceAll(',', '')) * 100 + Number(rest);
  return sign ? -value : value;
};

/** A return's lines as shown: its refunded units' prices (ending their lines), the tax refund, the fee. */
const shownLines = (card: HTMLElement) => [
  ...within(card)
    .getAllByRole('listitem')
    .flatMap((li) => /-?\$[\d,]+\.\d\d$/.exec(li.textContent ?? '') ?? []),
  figure('Sales Tax Refund', card),
  figure('Return Shipping Fee', card),
];

describe('the returns of an order on the confirmation: the figures add up (issue 23)', () => {
  it("each refunded unit's price, the tax refund and the fee (deducted) make the refund amount", () => {
    render(
      <ReturnHistory
        returns={[
          // 2 shirts at $45.00 of an order with 4 units and $9.28 tax: 232 + 232.
          createReturnRecord({
            products: [refund(0), refund(1), createReturnItem({ itemId: 2 })],
            totalSalesTaxRefund: 464,
            shippingFee: 0,
            refundAmount: 9464,
          }),
          createReturnRecord({
            products: [refund(2)],
            totalSalesTaxRefund: 232,
            shippingFee: 620,
            refundAmount: 4112,
          }),
        ]}
      />,
    );
    const [first, second] = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.closest('li')!);
    expect(shownLines(first!)).toEqual(['$45.00', '$45.00', '$4.64', '$0.00']);
    expect(figure('Refund Amount', first)).toBe('$94.64');
    expect(shownLines(second!)).toEqual(['$45.00', '$2.32', '-$6.20']);
    expect(figure('Refund Amount', second)).toBe('$41.12');
    for (const card of [first!, second!]) {
      const lines = shownLines(card).reduce((s, l) => s + cents(l), 0);
      expect(lines).toBe(cents(figure('Refund Amount', card)));
    }
    expect(figure('Total Refund')).toBe('$135.76');
  });
});
