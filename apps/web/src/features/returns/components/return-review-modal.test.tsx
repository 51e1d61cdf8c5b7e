import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order, ReturnItem } from '@sunward/core/checkout-schemas';
import { createReturnItem, createReturnRecord } from '@/test/factories.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { createOrder, fakeApi, figure, line } from '../test/returns-test-utils.tsx';
import { ReturnReviewModal } from './return-review-modal.tsx';

const refund = (itemId: number): ReturnItem =>
  createReturnItem({ itemId, selected: true, returnType: 'Refund', returnReason: 'too-long' });

function renderReview(order: Order, items: ReturnItem[]) {
  renderWithProviders(
    <ReturnReviewModal
      order={order}
      items={items}
      open
      busy={false}
      onSubmit={() => undefined}
      onClose={() => undefined}
    />,
  );
  return screen.getByRole('dialog', { name: 'Review Your Return' });
}

/** "$45.00", "-$6.20 deducted from your refund": the amount in cents. */
const cents = (text: string | null) => {
  const [, sign, dollars, rest] = /^(-?)\$([\d,]+)\.(\d\d)/.exec(text ?? '')!;
  const value = Number(dollars!.replaceAll(',', '')) * 100 + Number(rest);
  return sign ? -value : value;
};

/** Every amount the review lists above its Total Refund, as shown. */
const shownLines = (dialog: HTMLElement) => [
  ...within(dialog)
    .queryAllByText('Refund Amount', { selector: 'dt' })
    .map((dt) => dt.nextElementSibling!.textContent),
  figure('Sales Tax Refund', dialog),
  ...(figure('Return Shipping Fee', dialog) === null
    ? []
    : [figure('Return Shipping Fee', dialog)]),
];

const sum = (lines: (string | null)[]) => lines.reduce((s, l) => s + cents(l), 0);

describe('return review: the figures add up (issue 23)', () => {
  it("two units refunded: each unit's price, the tax refund once, and their total", () => {
    fakeApi();
    // The tester's order: 2 shirts at $45.00, sales tax $4.64.
    const order = createOrder({ products: [line({ quantity: 2 })], salesTax: 464 });
    const dialog = renderReview(order, [refund(0), refund(1)]);
    expect(shownLines(dialog)).toEqual(['$45.00', '$45.00', '$4.64']);
    expect(figure('Total Refund', dialog)).toBe('$94.64');
    expect(sum(shownLines(dialog))).toBe(cents(figure('Total Refund', dialog)));
  });

  it('a later return: the return shipping fee is a deducted (negative) line', async () => {
    fakeApi();
    const order = createOrder({
      products: [line({ quantity: 2 })],
      salesTax: 464,
      returns: [createReturnRecord({ products: [createReturnItem({ itemId: 0 })] })],
    });
    const dialog = renderReview(order, [refund(1)]);
    await waitFor(() =>
      expect(figure('Return Shipping Fee', dialog)).toBe('-$6.20 deducted from your refund'),
    );
    expect(shownLines(dialog)).toEqual(['$45.00', '$2.32', '-$6.20 deducted from your refund']);
    // 4500 + 232 - 620
    expect(figure('Total Refund', dialog)).toBe('$41.12');
    expect(sum(shownLines(dialog))).toBe(cents(figure('Total Refund', dialog)));
  });
});
