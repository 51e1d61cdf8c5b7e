import { describe, expect, it } from 'vitest';
import { paths } from '@/shared/paths.ts';
import { areas, isKnownPage, matchPage, pageAt, type Area, type Page } from './pages.ts';

const fakePage = (name: string): Page => {
  const load = () => Promise.resolve({ default: () => name });
  return { load, preload: load, loaded: null };
};

/** The page registered at `pattern` in the app's table. */
const registered = (pattern: string): Page | undefined =>
  areas.flatMap((a) => a.children).find((r) => r.path === pattern)?.page;

describe('pageAt', () => {
  it.each([
    ['/', paths.home.pattern],
    ['/designs', paths.designs.pattern],
    // As the router matches: case-insensitive, a trailing slash allowed, the query string ignored.
    ['/Designs/', paths.designs.pattern],
    ['/size-guide', paths.sizeGuide.pattern],
    ['/order-lookup', paths.orderLookup.pattern],
    ['/nowhere', '*'],
    // A design's own URL (issue 16); an unknown name is answered by the designs page (not found).
    ['/designs/alaska', paths.design.pattern],
    ['/designs/alaska/more', '*'],
  ])('%s is the page at %s', (pathname, pattern) => {
    expect(pageAt(pathname)).toBe(registered(pattern));
  });

  it.each([
    ['/', true],
    ['/designs/alaska', true],
    ['/bag', true],
    ['/admin/orders/SW-1001', true],
    ['/nowhere', false],
    ['/account/orders', false],
    ['/admin/nothing', false],
  ])('%s is a page of the app (not a catch-all): %s', (pathname, known) => {
    expect(isKnownPage(pathname)).toBe(known);
  });

  it('matches a route with a parameter and hands over its value', () => {
    const order = fakePage('order');
    const table: Area[] = [
      {
        name: 'console',
        waitsForCatalog: false,
        children: [
          { path: paths.consoleOrder.pattern, page: order },
          { path: '/admin/*', page: fakePage('console 404') },
        ],
      },
      { name: 'shop', waitsForCatalog: true, children: [{ path: '*', page: fakePage('404') }] },
    ];
    const href = paths.consoleOrder.href({ orderNumber: 'ABC 123' });
    expect(pageAt(href, table)).toBe(order);
    expect(matchPage(href, table)?.params).toEqual({ orderNumber: 'ABC 123' });
    expect(matchPage('/admin/orders', table)?.page).not.toBe(order);
  });

  it.each([
    ['/', 'shop'],
    ['/bag', 'shop'],
    ['/nowhere', 'shop'],
    ['/account', 'account'],
    ['/account/orders', 'account'],
    ['/admin', 'console'],
    [paths.consoleOrder.href({ orderNumber: 'ABC123' }), 'console'],
  ])('%s is in the %s area', (pathname, area) => {
    expect(matchPage(pathname)?.area.name).toBe(area);
  });

  it("the console's layout is a chunk of its own; the shop's and the account's are not", () => {
    expect(matchPage('/admin/orders')?.area.layout).toBeDefined();
    expect(matchPage('/')?.area.layout).toBeUndefined();
    expect(matchPage('/account')?.area.layout).toBeUndefined();
  });

  it("a console URL without a page is the console's own 404, not the shop's", () => {
    const consoleNotFound = registered(`${paths.console.pattern}/*`);
    expect(pageAt('/admin/nowhere')).toBe(consoleNotFound);
    expect(consoleNotFound).not.toBe(registered('*'));
  });

  it('only the shop waits for the catalogue', () => {
    expect(areas.filter((a) => a.waitsForCatalog).map((a) => a.name)).toEqual(['shop']);
  });
});
