import { describe, expect, it } from 'vitest';
import { checkMeasurement, formatInches, SPEC_SIZE_GUIDE } from './size-guide.ts';

describe('the size guide', () => {
  it('starts from the spec: every size 16 wide, 27 long, 8 sleeve', () => {
    expect(SPEC_SIZE_GUIDE).toHaveLength(10);
    expect(new Set(SPEC_SIZE_GUIDE.map((m) => `${m.width}/${m.length}/${m.sleeve}`))).toEqual(
      new Set(['16/27/8']),
    );
  });

  it.each([
    ['width', 16, true],
    ['width', 16.25, true],
    ['width', 16.3, false],
    ['width', 0, false],
    ['width', -16, false],
    ['width', 41, false],
    ['width', 40, true],
    ['length', 14.75, false],
    ['length', 45, true],
    ['sleeve', 4, true],
    ['sleeve', Number.NaN, false],
    ['sleeve', '8', false],
  ] as const)('%s %s allowed: %s', (key, value, allowed) => {
    expect(checkMeasurement('xxlr', key, value) === null).toBe(allowed);
  });

  it('names the size and the measurement in its message', () => {
    expect(checkMeasurement('xxlr', 'sleeve', 99)).toBe(
      'XXL - Regular sleeve must be from 4 to 40 inches, in quarter inches (16, 16.25, 16.5).',
    );
  });

  it('writes inches as people do', () => {
    expect([16, 16.25, 16.5, 27].map(formatInches)).toEqual(['16', '16.25', '16.5', '27']);
  });
});
