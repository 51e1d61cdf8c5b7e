import { describe, expect, it } from 'vitest';
import { isUsStateCode } from './us-states.ts';
import { normalizeStreet, primaryLineProblem } from './usps-address.ts';

describe('normalizeStreet (USPS Publication 28)', () => {
  it.each([
    ['123 Main Street', '', '123 MAIN ST', ''],
    ['123 main st.', 'apartment 4', '123 MAIN ST', 'APT 4'],
    ['456 North Elm Avenue Suite 200', '', '456 N ELM AVE', 'STE 200'],
    ['789 Front Street', '', '789 FRONT ST', ''],
    ['P.O. Box 123', '', 'PO BOX 123', ''],
    ['12 Oak Boulevard Northwest', '#5', '12 OAK BLVD NW', '# 5'],
    ['100 North Ave', '', '100 NORTH AVE', ''],
    ['9 Lake Shore Drive Apt 3B', '', '9 LAKE SHORE DR', 'APT 3B'],
  ])('%s | %s -> %s | %s', (line1, line2, street, secondary) =>
    expect(normalizeStreet(line1, line2)).toEqual({
      streetAddress: street,
      secondaryAddress: secondary,
    }),
  );
});

describe('primaryLineProblem', () => {
  it('needs a house number and a street name, or a PO box', () => {
    expect(primaryLineProblem('123 MAIN ST')).toBeNull();
    expect(primaryLineProblem('PO BOX 9')).toBeNull();
    expect(primaryLineProblem('MAIN ST')).toMatch(/house number/);
    expect(primaryLineProblem('123')).toMatch(/house number/);
  });
  it('knows state codes', () => {
    expect(isUsStateCode('nc')).toBe(true);
    expect(isUsStateCode('XX')).toBe(false);
  });
});
