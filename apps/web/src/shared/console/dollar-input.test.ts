import { describe, expect, it } from 'vitest';
import { dollarsText, parseDollars } from './dollar-input.ts';

describe('parseDollars', () => {
  it.each([
    ['45', 4500],
    ['45.5', 4550],
    ['45.05', 4505],
    [' $49.95 ', 4995],
    ['$1,045.00', 104_500],
    ['0', 0],
    ['0.01', 1],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it.each(['', 'abc', '45.555', '-5', '4,5', '1,0000', '45.', '.5', '$', '1e3'])(
    'refuses %j rather than guess',
    (text) => {
      expect(parseDollars(text)).toBeNull();
    },
  );

  it('writes cents back as the field shows them', () => {
    expect(dollarsText(4500)).toBe('45.00');
    expect(dollarsText(4995)).toBe('49.95');
    expect(dollarsText(0)).toBe('0.00');
  });
});
