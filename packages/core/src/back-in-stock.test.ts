import { describe, expect, it } from 'vitest';
import { BackInStockRequestSchema, byMostWanted, type WaitingCount } from './back-in-stock.ts';

const row = (designTitle: string, size: WaitingCount['size'], waiting: number): WaitingCount => ({
  designName: designTitle.toLowerCase(),
  designTitle,
  productId: 'p',
  size,
  label: size,
  waiting,
});

describe('back in stock', () => {
  it.each([
    [{ email: 'a@example.com', productId: 'p', design: 'alaska', size: 'xxlr' }, true],
    [{ email: 'not-an-email', productId: 'p', design: 'alaska', size: 'xxlr' }, false],
    [{ email: 'a@example.com', productId: 'p', design: 'atlantis', size: 'xxlr' }, false],
    [{ email: 'a@example.com', productId: 'p', design: 'alaska', size: 'xxxl' }, false],
    [{ email: 'a@example.com', productId: '', design: 'alaska', size: 'xxlr' }, false],
  ])('request %j valid: %s', (input, valid) => {
    expect(BackInStockRequestSchema.safeParse(input).success).toBe(valid);
  });

  it('names the field in its message', () => {
    const result = BackInStockRequestSchema.safeParse({
      email: 'x',
      productId: 'p',
      design: 'alaska',
      size: 'xxlr',
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['email'],
      message: 'Please enter an email address.',
    });
  });

  it('sorts the most-wanted first, then by design and size order', () => {
    const rows = [
      row('Alaska', 'xxlr', 1),
      row('Key West', 'sms', 3),
      row('Alaska', 'sms', 1),
      row('Arizona', 'mdr', 3),
    ];
    expect(rows.sort(byMostWanted).map((r) => `${r.designTitle} ${r.size} ${r.waiting}`)).toEqual([
      'Arizona mdr 3',
      'Key West sms 3',
      'Alaska sms 1',
      'Alaska xxlr 1',
    ]);
  });
});
