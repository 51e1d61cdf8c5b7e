import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('paths', () => {
  it.each([
    [paths.home.href(), '/'],
    [paths.designs.href(), '/designs'],
    [paths.console.href(), '/admin'],
    [paths.consoleOrder.href({ orderNumber: 'ABC123' }), '/admin/orders/ABC123'],
    // Parameters are URI-encoded, so a value never adds a path segment.
    [paths.consoleOrder.href({ orderNumber: 'A/B C?' }), '/admin/orders/A%2FB%20C%3F'],
    [paths.success.href('pi_1'), '/success?payment_intent=pi_1'],
    [paths.consoleOrders.href(), '/admin/orders'],
    [paths.consolePackingSlip.href({ orderNumber: 'ABC123' }), '/admin/orders/ABC123/packing-slip'],
    [paths.consoleReturn.href({ returnId: 'ret_1' }), '/admin/returns/ret_1'],
    [paths.consoleSupportMessage.href({ id: 'sup_1' }), '/admin/inbox/support/sup_1'],
    [paths.consoleDataRequest.href({ id: 'dr_1' }), '/admin/inbox/data-requests/dr_1'],
    [paths.consoleCustomer.href({ customerId: 'cus_1' }), '/admin/customers/cus_1'],
    [paths.consoleActivity.href(), '/admin/activity'],
  ])('%s is %s', (href, expected) => {
    expect(href).toBe(expected);
  });

  it('types the parameters of each pattern', () => {
    // @ts-expect-error a pattern with a parameter needs it
    expect(() => paths.consoleOrder.href()).toThrow('Missing ":orderNumber" param');
    // @ts-expect-error only the pattern's own parameters
    paths.consoleOrder.href({ orderNumber: '1', design: 'alaska' });
    // @ts-expect-error a fixed path takes none
    paths.designs.href({ design: 'alaska' });
  });

  it('every console page is under /admin', () => {
    const console = Object.entries(paths).filter(([key]) => key.startsWith('console'));
    expect(console.length).toBe(23);
    expect(
      console.every(([, p]) => p.pattern === '/admin' || p.pattern.startsWith('/admin/')),
    ).toBe(true);
  });

  it('every pattern starts with a slash and no two pages share one', () => {
    const patterns = Object.values(paths).map((p) => p.pattern);
    expect(patterns.every((p) => p.startsWith('/'))).toBe(true);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
