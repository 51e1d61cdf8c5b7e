/**
 * Fit advice (issue 29 item 2, docs/decisions/049): a table of cases, then properties over random
 * answers and reasons: nothing is said below the thresholds or without a clear majority, what is said
 * is what most said, and a suggested size is a size the shop makes, at most one step from the usual.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MIN_FIT_ANSWERS,
  MIN_RETURN_REASONS,
  fitAdvice,
  noFitCounts,
  noReasonCounts,
  suggestSize,
  verdictOf,
  type FitCounts,
  type ReasonCounts,
} from './fit-advice.ts';
import { SIZE_CODES, sizeInfo, type SizeCode } from './sizes.ts';

const fits = (small: number, tts: number, large: number): FitCounts => ({
  'runs-small': small,
  'true-to-size': tts,
  'runs-large': large,
});
const reasons = (short: number, long: number, tight: number, loose: number): ReasonCounts => ({
  'too-short': short,
  'too-long': long,
  'too-tight': tight,
  'too-loose': loose,
});

describe('fitAdvice', () => {
  it.each([
    ['nothing at all', fits(0, 0, 0), reasons(0, 0, 0, 0), null],
    ['4 answers: below the threshold', fits(0, 4, 0), reasons(0, 0, 0, 0), null],
    [
      '5 answers, 3 true to size',
      fits(1, 3, 1),
      reasons(0, 0, 0, 0),
      'Most buyers of MD Short say it runs true to size.',
    ],
    ['a tie is no verdict', fits(3, 3, 0), reasons(0, 0, 0, 0), null],
    ['2 of 5 is no majority', fits(2, 1, 2), reasons(0, 0, 0, 0), null],
    [
      'both',
      fits(0, 6, 2),
      reasons(0, 0, 4, 1),
      "Most buyers of MD Short say it runs true to size; returns for this size are mostly 'too tight'.",
    ],
    [
      'returns only',
      fits(0, 2, 0),
      reasons(1, 0, 0, 5),
      "Returns of MD Short for this size are mostly 'too loose'.",
    ],
    ['4 returns: below the threshold', fits(0, 0, 0), reasons(0, 0, 4, 0), null],
  ])('%s', (_, f, r, text) => {
    expect(fitAdvice('mds', f, r).text).toBe(text);
  });

  it('says how many said it', () => {
    expect(fitAdvice('lgr', fits(5, 1, 0), reasons(0, 0, 0, 0)).fit).toEqual({
      value: 'runs-small',
      count: 5,
      of: 6,
    });
  });
});

describe('suggestSize', () => {
  const advice = (size: SizeCode, f: FitCounts, r = noReasonCounts()) => fitAdvice(size, f, r);
  it.each([
    ['runs small: one up, same length', 'mds', fits(5, 0, 0), noReasonCounts(), 'lgs'],
    ['runs large: one down', 'mdr', fits(0, 0, 5), noReasonCounts(), 'smr'],
    ['true to size: the same', 'mdr', fits(0, 5, 0), noReasonCounts(), 'mdr'],
    ['no larger Short than XL', 'xls', fits(5, 0, 0), noReasonCounts(), null],
    ['too short: the Regular length', 'mds', noFitCounts(), reasons(5, 0, 0, 0), 'mdr'],
    ['too long: the Short length', 'lgr', noFitCounts(), reasons(0, 5, 0, 0), 'lgs'],
    ['XXL is made Regular only', 'xxlr', noFitCounts(), reasons(0, 5, 0, 0), null],
    ['too tight: one up', 'smr', noFitCounts(), reasons(0, 0, 5, 0), 'mdr'],
    ['nothing to go by', 'smr', fits(1, 1, 0), noReasonCounts(), null],
  ] as const)('%s', (_, usual, f, r, expected) => {
    expect(suggestSize(usual, advice(usual, f, r))?.size ?? null).toBe(expected);
  });

  it('words the suggestion', () => {
    expect(suggestSize('mds', advice('mds', fits(5, 1, 0)))?.text).toBe(
      'Try LG Short: buyers say MD Short runs small.',
    );
  });
});

const count = fc.nat({ max: 30 });
const fitsArb = fc.record({ 'runs-small': count, 'true-to-size': count, 'runs-large': count });
const reasonsArb = fc.record({
  'too-short': count,
  'too-long': count,
  'too-tight': count,
  'too-loose': count,
});
const sizeArb = fc.constantFrom(...SIZE_CODES);
const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

describe('fit advice properties', () => {
  it('says nothing below a threshold, and only what at least half and more than any other said', () => {
    fc.assert(
      fc.property(sizeArb, fitsArb, reasonsArb, (size, f, r) => {
        const a = fitAdvice(size, f, r);
        if (sum(f) < MIN_FIT_ANSWERS) expect(a.fit).toBeNull();
        if (sum(r) < MIN_RETURN_REASONS) expect(a.returns).toBeNull();
        for (const [v, counts] of [
          [a.fit, f],
          [a.returns, r],
        ] as const) {
          if (!v) continue;
          const all = counts as Record<string, number>;
          expect(v.count).toBe(all[v.value]);
          expect(v.of).toBe(sum(all));
          expect(v.count * 2).toBeGreaterThanOrEqual(v.of);
          for (const [k, n] of Object.entries(all))
            if (k !== v.value) expect(n).toBeLessThan(v.count);
        }
        expect(a.text === null).toBe(a.fit === null && a.returns === null);
      }),
    );
  });

  it('a suggestion is a size the shop makes, one step away at most, in the same length unless the length was the complaint', () => {
    fc.assert(
      fc.property(sizeArb, fitsArb, reasonsArb, (usual, f, r) => {
        const a = fitAdvice(usual, f, r);
        const s = suggestSize(usual, a);
        if (!a.fit && !a.returns) expect(s).toBeNull();
        if (!s) return;
        expect(SIZE_CODES).toContain(s.size);
        const lengthChanged = sizeInfo(s.size).length !== sizeInfo(usual).length;
        if (lengthChanged) {
          expect(a.fit).toBeNull();
          expect(['too-short', 'too-long']).toContain(a.returns?.value);
          expect(sizeInfo(s.size).size).toBe(sizeInfo(usual).size);
        } else {
          expect(
            Math.abs(SIZE_CODES.indexOf(s.size) - SIZE_CODES.indexOf(usual)),
          ).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('verdictOf never names an answer nobody gave', () => {
    fc.assert(
      fc.property(fitsArb, fc.nat({ max: 10 }), (f, min) => {
        const v = verdictOf(f, min);
        if (v) expect(f[v.value]).toBeGreaterThan(0);
      }),
    );
  });
});
