import { describe, expect, it } from 'vitest';
import { lookupErrors } from './lookup-fields.ts';

describe('order lookup validation (spec 5)', () => {
  it.each([
    ['', '', { orderNumber: 'Enter Order Number' }],
    [' ', '\t', { orderNumber: 'Enter Order Number' }],
    ['', 'riley@example.com', { orderNumber: 'Enter Order Number' }],
    ['7KQ2M9XD4R', '', { email: 'Enter Email Address' }],
    ['7KQ2M9XD4R', '   ', { email: 'Enter Email Address' }],
    ['7KQ2M9XD4R', 'riley@example.com', {}],
    // The server decides what matches: anything typed may be searched.
    ['x', 'not an email', {}],
  ])('order number %j, email %j: %j', (orderNumber, email, errors) => {
    expect(lookupErrors({ orderNumber, email })).toEqual(errors);
  });
});
