import { describe, expect, it } from 'vitest';
import { formatAge, formatDue } from './attention-format.ts';
import { changeWords } from './sales-figures.tsx';

describe('the home’s words', () => {
  it.each([
    [0, 'less than an hour'],
    [1, '1 hour'],
    [23, '23 hours'],
    [24, '1 day'],
    [50, '2 days'],
  ])('an order waiting %i hours: %s', (hours, words) => {
    expect(formatAge(hours)).toBe(words);
  });

  it.each([
    ['2026-03-14', 0, 'due 03/14/2026 (today)'],
    ['2026-03-15', 1, 'due 03/15/2026 (in 1 day)'],
    ['2026-03-12', -2, 'due 03/12/2026 (2 days overdue)'],
  ])('a request due %s, %i days left: %s', (dueBy, left, words) => {
    expect(formatDue(dueBy, left)).toBe(words);
  });

  it.each([
    [12.5, 'Up 12.5%', 'up'],
    [-33.3, 'Down 33.3%', 'down'],
    [1200, 'Up 1,200%', 'up'],
    [0, 'No change', 'flat'],
    [null, 'Nothing to compare with', 'none'],
  ])('a change of %s reads "%s"', (change, text, trend) => {
    expect(changeWords(change)).toEqual({ text, trend });
  });
});
