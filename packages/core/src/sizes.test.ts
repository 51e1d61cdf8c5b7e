import { describe, expect, it } from 'vitest';
import { SIZES, SIZE_CODES, isSizeCode, sizeInfo, sizeLabel } from './sizes.ts';
import { DESIGNS, designTitle } from './designs.ts';
import { formatDate, isOld } from './dates.ts';

describe('sizes', () => {
  it('keeps the spec display order: short sizes, then regular sizes', () => {
    expect(SIZE_CODES).toEqual([
      'xss',
      'sms',
      'mds',
      'lgs',
      'xls',
      'smr',
      'mdr',
      'lgr',
      'xlr',
      'xxlr',
    ]);
    expect(SIZES.map((s) => s.label)).toEqual([
      'XS - Short',
      'SM - Short',
      'MD - Short',
      'LG - Short',
      'XL - Short',
      'SM - Regular',
      'MD - Regular',
      'LG - Regular',
      'XL - Regular',
      'XXL - Regular',
    ]);
  });
  it.each([
    ['xss', 'S'],
    ['xxlr', 'R'],
  ] as const)('%s has badge %s', (code, badge) => expect(sizeInfo(code).badge).toBe(badge));
  it.each([
    ['mdr', true],
    ['MDR', false],
    ['xl', false],
    [3, false],
  ])('isSizeCode(%j) = %s', (v, ok) => expect(isSizeCode(v)).toBe(ok));
  it.each([
    ['mds', 'MD - Short'],
    ['xxlr', 'XXL - Regular'],
    ['one-size', 'one-size'],
  ])('sizeLabel(%j) = %j', (size, label) => expect(sizeLabel(size)).toBe(label));
});

describe('designs', () => {
  it.each([
    ['alaska', 'Alaska'],
    ['3-peaks-golf', '3 Peaks Golf'],
    ['hiking-appalachian-trail', 'Hiking Appalachian Trail'],
  ])('%s -> %s', (name, title) => expect(designTitle(name)).toBe(title));
  it('has 30 distinct designs', () =>
    expect(new Set(DESIGNS.map((d) => d.designName)).size).toBe(30));
});

describe('dates', () => {
  it.each([
    ['2025-03-27T15:00:00Z', '03/27/2025'],
    // 02:00 UTC on Jan 1 is still Dec 31 in Charlotte
    ['2026-01-01T02:00:00Z', '12/31/2025'],
    ['not a date', ''],
  ])('formatDate(%s) = %s', (iso, text) => expect(formatDate(iso)).toBe(text));

  const now = new Date('2026-06-16T00:00:00Z');
  it.each([
    ['2026-06-01T00:00:00Z', false], // exactly 15 days: not more than 1296000 s
    ['2026-05-31T23:59:59Z', true],
    ['2026-06-10T00:00:00Z', false],
  ])('isOld(%s) = %s', (iso, old) => expect(isOld(iso, now)).toBe(old));
});
