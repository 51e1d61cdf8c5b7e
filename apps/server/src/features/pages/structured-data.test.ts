/**
 * Every design page's structured data (issue 29 item 5, decision 051), as crawlers read it from the
 * prerendered HTML: one JSON-LD script per design page, a schema.org Product with an offer per size
 * at the shirt's price, availability from stock, brand and image, and the page's breadcrumbs; it
 * passes the merchant-listing check, and follows an operator's change of stock. Other pages have none.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_NAMES } from '@sunward/core/designs';
import { SIZE_CODES } from '@sunward/core/sizes';
import { merchantListingProblems } from '@sunward/core/structured-data';
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { consoleAs } from '../catalog/admin-catalog.factories.ts';
import { orderRow } from '../orders/orders.factories.ts';

const WEB_DIST = path.resolve(import.meta.dirname, '../../../../web/dist');
const SITE = 'https://shop.example';

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

interface Offer {
  sku: string;
  price: string;
  availability: string;
}

describe.each(DATABASE_KINDS)('design pages’ structured data (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST, 'server/prerender.js'))) {
      throw new Error(`No built storefront at ${WEB_DIST}: run node scripts/build.mjs first.`);
    }
    t = await createTestApp(kind, { webDistDir: WEB_DIST, siteUrl: SITE, catalogCacheMs: 600_000 });
  });
  afterAll(() => t?.close());

  it('every design page carries a Product and breadcrumbs that pass the merchant-listing check', async () => {
    for (const name of DESIGN_NAMES) {
      const html = (await t.request('GET', `/designs/${name}`)).text;
      const docs = jsonLd(html);
      expect(docs, name).toHaveLength(1);
      expect(merchantListingProblems(docs[0]), name).toEqual([]);
    }
    const [doc] = jsonLd((await t.request('GET', '/designs/grand-canyon')).text);
    const [product, crumbs] = doc!['@graph'] as Record<string, unknown>[];
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Grand Canyon UPF 50+ Graphic Sun Shirt',
      url: `${SITE}/designs/grand-canyon`,
      brand: { '@type': 'Brand', name: 'Sunward' },
      color: 'White',
      image: [
        expect.stringMatching(new RegExp(`^${SITE}/assets/designs/grand-canyon-collection-`)),
      ],
    });
    const offers = product!.offers as Offer[];
    expect(offers.map((o) => o.sku)).toEqual(SIZE_CODES.map((s) => `grand-canyon-${s}`));
    expect(new Set(offers.map((o) => o.price))).toEqual(new Set(['45.00']));
    // No reviews yet: no rating and no review.
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product).not.toHaveProperty('review');
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${SITE}/` },
        { position: 2, name: 'Designs', item: `${SITE}/designs` },
        { position: 3, name: 'Grand Canyon', item: `${SITE}/designs/grand-canyon` },
      ],
    });
    // Other pages carry none.
    for (const page of ['/', '/designs', '/size-guide']) {
      expect(jsonLd((await t.request('GET', page)).text), page).toEqual([]);
    }
  });

  it('carries the published reviews: their average, count and newest words; hidden ones go', async () => {
    const as = await consoleAs(t);
    const db = t.database.db;
    // Two buyers' orders (one review per design per order).
    const orders = [orderRow({ status: 'completed' }), orderRow({ status: 'completed' })];
    await db.insertInto('orders').values(orders).execute();
    const at = new Date().toISOString();
    const review = (id: string, stars: number, body: string | null) => ({
      id,
      order_id: body ? orders[0]!.id : orders[1]!.id,
      customer_id: null,
      design: 'key-west',
      size: 'mdr',
      stars,
      fit: 'true-to-size',
      title: null,
      body,
      first_name: body ? 'Dana' : null,
      state: 'NC',
      status: 'new',
      reply: null,
      reply_at: null,
      moderated_at: null,
      moderated_by: null,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('reviews')
      .values([review('rv_sd_1', 5, 'Cool on the boat all day.'), review('rv_sd_2', 4, null)])
      .execute();
    const productOf = async () => {
      const [doc] = jsonLd((await t.request('GET', '/designs/key-west')).text);
      return (doc!['@graph'] as Record<string, unknown>[])[0]!;
    };
    // New reviews are not the shop's word yet.
    expect(await productOf()).not.toHaveProperty('aggregateRating');
    const moderate = (id: string, status: string) =>
      t.request('POST', `/api/admin/reviews/${id}/status`, { status }, as.operator);
    expect((await moderate('rv_sd_1', 'published')).status).toBe(200);
    expect((await moderate('rv_sd_2', 'published')).status).toBe(200);
    const product = await productOf();
    expect(product.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    // Quoted: the one with words, by its first name.
    expect(product.review).toEqual([
      expect.objectContaining({
        author: { '@type': 'Person', name: 'Dana' },
        reviewBody: 'Cool on the boat all day.',
        reviewRating: expect.objectContaining({ ratingValue: 5 }),
      }),
    ]);
    expect(
      merchantListingProblems(jsonLd((await t.request('GET', '/designs/key-west')).text)[0]),
    ).toEqual([]);
    // Hidden, both: the page says nothing of reviews again.
    expect((await moderate('rv_sd_1', 'hidden')).status).toBe(200);
    expect((await moderate('rv_sd_2', 'hidden')).status).toBe(200);
    expect(await productOf()).not.toHaveProperty('aggregateRating');
  });

  it('says a size is out of stock once an operator takes it off sale', async () => {
    const as = await consoleAs(t);
    const offerOf = async (size: string) => {
      const [doc] = jsonLd((await t.request('GET', '/designs/alaska')).text);
      const [product] = doc!['@graph'] as { offers: Offer[] }[];
      return product!.offers.find((o) => o.sku === `alaska-${size}`)!.availability;
    };
    expect(await offerOf('xxlr')).toBe('https://schema.org/InStock');
    const url = `/api/admin/catalog/products/${SHIRT_PRODUCT_ID}/sizes/xxlr`;
    const off = await t.request('PATCH', url, { version: 0, outOfStock: true }, as.operator);
    expect(off.status).toBe(200);
    try {
      expect(await offerOf('xxlr')).toBe('https://schema.org/OutOfStock');
      expect(await offerOf('xlr')).toBe('https://schema.org/InStock');
    } finally {
      const version = (off.body as { version: number }).version;
      await t.request('PATCH', url, { version, outOfStock: false }, as.operator);
    }
  });
});
