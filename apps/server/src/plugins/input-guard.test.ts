import { describe, expect, it } from 'vitest';
import { findRefusal } from './input-guard.ts';

const sentence = (label: string) =>
  `${label} contains characters that are not allowed (control characters).`;

describe('findRefusal', () => {
  it.each([
    [[['body', { billingDetails: { name: 'Sam\u0000' } }]], 'billingDetails.name', 'Name'],
    [[['body', { address: { line1: '1 Main\tSt' } }]], 'address.line1', 'Address line 1'],
    [
      [['body', { shipping: { address: { postal_code: '\u001b' } } }]],
      'shipping.address.postal_code',
      'ZIP code',
    ],
    [[['body', { paymentIntentId: 'pi_\u007f' }]], 'paymentIntentId', 'Payment intent ID'],
    [[['body', { client_id: '\u0000' }]], 'client_id', 'Client ID'],
    [[['body', { cart: [{ size: 'mdr' }, { size: 'lg\n' }] }]], 'cart.1.size', 'Size'],
    [[['body', { returnUrl: 'http://x/\r' }]], 'returnUrl', 'Return URL'],
    [[['body', { facts: { 'ca\u0000re': 'x' } }]], 'facts.ca?re', 'A field name'],
    [[['body', 'text\u0000']], 'body', 'Text'],
    [[['query', { q: '\u0000' }]], 'q', 'Search'],
    [[['params', { orderNumber: 'SW-1\u0001' }]], 'orderNumber', 'Order number'],
    // Parameters before the query, the query before the body.
    [
      [
        ['params', { id: 'a\u0000' }],
        ['query', { q: '\u0000' }],
        ['body', { b: '\u0000' }],
      ],
      'id',
      'ID',
    ],
  ] as const)('%j: %s', (parts, field, label) => {
    expect(findRefusal(parts.map(([where, value]) => [where, value]))).toEqual({
      field,
      message: sentence(label),
    });
  });

  it('lets line breaks through in the multi-line body fields only', () => {
    const multiline = ['message', 'facts.*'];
    const body = { message: 'Hi,\r\n\tthanks', facts: { care: 'Wash\ncold' } };
    expect(findRefusal([['body', body]], multiline)).toBeUndefined();
    expect(findRefusal([['body', { message: 'Hi\u0000' }]], multiline)?.field).toBe('message');
    // A query parameter is always single-line, whatever its name.
    expect(findRefusal([['query', { message: 'a\nb' }]], multiline)?.field).toBe('message');
    expect(findRefusal([['body', { subject: 'a\nb' }]], multiline)?.field).toBe('subject');
  });

  it('finds nothing in clean input or in bytes', () => {
    expect(
      findRefusal([
        ['params', {}],
        ['query', { q: 'Zoë' }],
        ['body', Buffer.from([0])],
      ]),
    ).toBeUndefined();
  });
});
