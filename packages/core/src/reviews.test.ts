/** Verified reviews' pure rules (issue 29 item 1, docs/decisions/048): the average, "most helpful", the input's limits. */
import { describe, expect, it } from 'vitest';
import { ReviewInputSchema } from './review-schemas.ts';
import { averageStars, compareHelpful, REVIEW_LIMITS } from './reviews.ts';

describe('averageStars', () => {
  it.each([
    [[], null],
    [[5], 5],
    [[5, 4], 4.5],
    [[5, 4, 4], 4.3],
    [[1, 2, 2], 1.7],
  ])('%j -> %s', (stars, average) => {
    expect(averageStars(stars)).toBe(average);
  });
});

describe('compareHelpful', () => {
  const r = (textLength: number, createdAt: string) => ({ textLength, createdAt });
  it('text before stars only, longer (by 100s) before shorter, then newest', () => {
    const list = [
      r(0, '2026-11-05T00:00:00.000Z'),
      r(40, '2026-11-01T00:00:00.000Z'),
      r(60, '2026-11-03T00:00:00.000Z'),
      r(450, '2026-10-01T00:00:00.000Z'),
    ].sort(compareHelpful);
    expect(list.map((x) => x.textLength)).toEqual([450, 60, 40, 0]);
  });
});

describe('ReviewInputSchema', () => {
  const base = { design: 'alaska', stars: 4, fit: 'true-to-size', size: 'mdr' };
  const messages = (input: unknown) => {
    const parsed = ReviewInputSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };
  it('takes the least a review needs, and trims and empties optional text', () => {
    expect(ReviewInputSchema.parse({ ...base, title: '  Great  ', body: '', state: 'nc' })).toEqual(
      { ...base, title: 'Great', body: null, firstName: null, state: 'NC' },
    );
  });
  it.each([
    [{ stars: 0 }, 'Stars: choose 1 to 5 stars.'],
    [{ stars: 6 }, 'Stars: choose 1 to 5 stars.'],
    [{ stars: 4.5 }, 'Stars: choose 1 to 5 stars.'],
    [{ fit: 'snug' }, 'How it fits: runs small, true to size or runs large.'],
    [{ body: 'x'.repeat(REVIEW_LIMITS.body + 1) }, 'Review: at most 2000 characters.'],
    [{ title: 'x'.repeat(101) }, 'Title: at most 100 characters.'],
    [{ firstName: 'x'.repeat(41) }, 'First name: at most 40 characters.'],
    [{ state: 'ZZ' }, 'State: a US state code, such as NC.'],
    [{ size: 'huge' }, 'Size bought: not a size of the shop.'],
  ])('%j is refused naming the field', (change, message) => {
    expect(messages({ ...base, ...change })).toContain(message);
  });
});
