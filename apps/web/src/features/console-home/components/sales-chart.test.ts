import { describe, expect, it } from 'vitest';
import { dayTicks } from './sales-chart.tsx';

describe('the sales chart’s day labels', () => {
  it('always label the last day (today), evenly spaced back from it', () => {
    expect(dayTicks(7, 10)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(dayTicks(30, 6)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(dayTicks(31, 5)).toEqual([0, 7, 14, 21, 28].map((i) => i + 2));
    expect(dayTicks(90, 4)).toEqual([14, 37, 60, 83].map((i) => i + 6));
  });

  it('never gives more labels than there is room for, and none for no days', () => {
    for (const count of [1, 2, 7, 28, 30, 31, 90, 365]) {
      for (const room of [1, 2, 3, 5, 8, 13]) {
        const ticks = dayTicks(count, room);
        expect(ticks.at(-1)).toBe(count - 1);
        expect(ticks.length).toBeLessThanOrEqual(Math.max(1, room));
        expect(ticks[0]).toBeGreaterThanOrEqual(0);
      }
    }
    expect(dayTicks(0, 5)).toEqual([]);
  });
});
