/**
 * The Google Merchant Center feed (issue 29 item 5, decision 051), over HTTP on each database: RSS 2.0
 * with Google's namespace, every design in every size as a variant of its design's group, with price,
 * availability from stock, image, link and identifier_exists; each item checked against the
 * attributes Google requires; every text escaped; made again when the catalogue changes (price, a
 * size off sale, the facts), and answered 304 while it has not.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_NAMES } from '@sunward/core/designs';
import { SIZE_CODES } from '@sunward/core/sizes';
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { consoleAs } from '../catalog/admin-catalog.factories.ts';

const WEB_DIST = path.resolve(import.meta.dirname, '../../../../web/dist');
const SITE = 'https://shop.example';

/** What Google requires of every item (and of apparel in the US), and the values it accepts. */
const REQUIRED = [
  'g:id',
  'g:title',
  'g:description',
  'g:link',
  'g:image_link',
  'g:availability',
  'g:price',
  'g:brand',
  'g:condition',
  'g:item_group_id',
  'g:identifier_exists',
  'g:gender',
  'g:age_group',
  'g:size',
  'g:color',
] as const;
type Item = Record<(typeof REQUIRED)[number], string>;

function problemsOf(item: Item): string[] {
  const problems = REQUIRED.filter((key) => typeof item[key] !== 'string' || item[key] === '');
  if (!/^[\w-]{1,50}$/.test(item['g:id'])) problems.push('g:id' as never);
  if (item['g:title'].length > 150) problems.push('g:title' as never);
  if (!/^https:\/\//.test(item['g:link'])) problems.push('g:link' as never);
  if (!/^https:\/\/.+\.(jpg|png|gif|webp)$/.test(item['g:image_link'])) {
    problems.push('g:image_link' as never);
  }
  if (!['in_stock', 'out_of_stock', 'preorder', 'backorder'].includes(item['g:availability'])) {
    problems.push('g:availability' as never);
  }
  if (!/^\d+\.\d{2} [A-Z]{3}$/.test(item['g:price'])) problems.push('g:price' as never);
  if (item['g:condition'] !== 'new') problems.push('g:condition' as never);
  if (item['g:identifier_exists'] !== 'no') problems.push('g:identifier_exists' as never);
  return problems;
}

describe.each(DATABASE_KINDS)('the Google Merchant Center feed (%s)', (kind) => {
  let t: TestApp;
  let as: Awaited<ReturnType<typeof consoleAs>>;

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST, 'server/prerender.js'))) {
      throw new Error(`No built storefront at ${WEB_DIST}: run node scripts/build.mjs first.`);
    }
    t = await createTestApp(kind, { webDistDir: WEB_DIST, siteUrl: SITE, catalogCacheMs: 600_000 });
    as = await consoleAs(t);
  });
  afterAll(() => t?.close());

  const feed = async () => {
    const res = await t.request('GET', '/feeds/google.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(res.text)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(
      res.text,
    ) as {
      rss: { '@_version': string; '@_xmlns:g': string; channel: { title: string; item: Item[] } };
    };
    return { res, doc, items: doc.rss.channel.item };
  };
  const item = async (id: string) => (await feed()).items.find((i) => i['g:id'] === id)!;

  it('lists every design in every size, each with what Google requires', async () => {
    const { doc, items, res } = await feed();
    expect(doc.rss['@_version']).toBe('2.0');
    expect(doc.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
    expect(items).toHaveLength(DESIGN_NAMES.length * SIZE_CODES.length);
    for (const i of items) expect(problemsOf(i), i['g:id']).toEqual([]);
    expect(new Set(items.map((i) => i['g:id'])).size).toBe(items.length);
    expect(items.filter((i) => i['g:item_group_id'] === 'alaska')).toHaveLength(SIZE_CODES.length);
    expect(items.find((i) => i['g:id'] === 'alaska-xxlr')).toMatchObject({
      'g:title': 'Alaska UPF 50+ Graphic Sun Shirt, XXL - Regular',
      'g:link': `${SITE}/designs/alaska`,
      'g:price': '45.00 USD',
      'g:availability': 'in_stock',
      'g:brand': 'Sunward',
      'g:size': 'XXL Regular',
      'g:color': 'Heather Grey',
    });
    // A navy shirt is said to be navy.
    expect(items.find((i) => i['g:id'] === 'sahara-discovery-mds')).toMatchObject({
      'g:color': 'Navy',
    });
    // Unchanged: answered 304 to the entity tag it was sent with.
    const again = await t.request('GET', '/feeds/google.xml', undefined, {
      'if-none-match': res.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
  });

  it('follows the catalogue: a size off sale, a new price, the facts; every text escaped', async () => {
    const before = (await feed()).res.headers.get('etag');
    const sizeUrl = `/api/admin/catalog/products/${SHIRT_PRODUCT_ID}/sizes/xlr`;
    const off = await t.request('PATCH', sizeUrl, { version: 0, outOfStock: true }, as.operator);
    expect(off.status).toBe(200);
    const price = await t.request(
      'PATCH',
      `/api/admin/catalog/products/${SHIRT_PRODUCT_ID}/price`,
      { expectedPriceId: SHIRT_PRICE_ID, unitAmount: 3999 },
      as.operator,
    );
    expect(price.status).toBe(200);
    const facts = (await t.request('GET', '/api/admin/catalog', undefined, as.operator)).body as {
      products: { facts: { facts: Record<string, string>; version: number } }[];
    };
    const current = facts.products[0]!.facts;
    const fabric = 'Knit <90% polyester & 10% spandex> "light"';
    expect(
      (
        await t.request(
          'PATCH',
          `/api/admin/catalog/products/${SHIRT_PRODUCT_ID}/facts`,
          { version: current.version, facts: { ...current.facts, fabric } },
          as.operator,
        )
      ).status,
    ).toBe(200);

    const { res, items } = await feed();
    expect(res.headers.get('etag')).not.toBe(before);
    expect(res.text).toContain('Knit &lt;90% polyester &amp; 10% spandex&gt;');
    const xl = items.find((i) => i['g:id'] === 'key-west-xlr')!;
    expect(xl['g:availability']).toBe('out_of_stock');
    expect(xl['g:price']).toBe('39.99 USD');
    expect(xl['g:description']).toContain(fabric);
    expect((await item('key-west-lgr'))['g:availability']).toBe('in_stock');
  });
});
