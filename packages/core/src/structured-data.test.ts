import { describe, expect, it } from 'vitest';
import type { Product } from 'schema-dts';
import { SIZE_CODES } from './sizes.ts';
import {
  designStructuredData,
  jsonLdText,
  merchantListingProblems,
  type DesignPageFacts,
} from './structured-data.ts';

const facts = (overrides: Partial<DesignPageFacts> = {}): DesignPageFacts => ({
  siteUrl: 'https://shop.example',
  shopName: 'Sunward',
  designName: 'alaska',
  designTitle: 'Alaska',
  productName: 'UPF 50+ Graphic Sun Shirt',
  description: 'Alaska: a UPF 50+ printed sun shirt.',
  priceCents: 4500,
  images: ['https://shop.example/assets/designs/alaska-collection-1200.jpg'],
  sizes: SIZE_CODES.map((size) => ({ size, inStock: size !== 'xxlr' })),
  ...overrides,
});

/** The Product node, read as plain JSON (what a crawler sees). */
const productOf = (doc: ReturnType<typeof designStructuredData>) =>
  doc['@graph'][0] as unknown as Record<string, unknown>;
/** The builder's answer is schema-dts's Product: a property schema.org lacks fails the type check. */
const typed: (doc: ReturnType<typeof designStructuredData>) => Product = (doc) =>
  doc['@graph'][0] as Product;

const RATING = {
  ratingValue: 4.5,
  reviewCount: 2,
  reviews: [
    { author: 'Ann', ratingValue: 5, body: 'Cool on the boat.', datePublished: '2026-11-01' },
    { author: 'Bo', ratingValue: 4, body: 'Runs long.', datePublished: '2026-11-02' },
  ],
};

describe('a design page’s structured data', () => {
  it('has an offer per size with its price and availability from stock, and passes the check', () => {
    const doc = designStructuredData(facts());
    expect(typed(doc)).toBeTruthy();
    expect(merchantListingProblems(doc)).toEqual([]);
    const offers = productOf(doc).offers as { sku: string; availability: string; price: string }[];
    expect(offers).toHaveLength(10);
    expect(offers.find((o) => o.sku === 'alaska-xxlr')).toMatchObject({
      availability: 'https://schema.org/OutOfStock',
      price: '45.00',
    });
    expect(offers.find((o) => o.sku === 'alaska-mdr')!.availability).toBe(
      'https://schema.org/InStock',
    );
  });

  it.each([
    ['no summary', undefined, false],
    ['no reviews yet', { ratingValue: 0, reviewCount: 0, reviews: [] }, false],
    ['two reviews', RATING, true],
  ])('aggregateRating and review only with reviews: %s', (_name, rating, shown) => {
    const doc = designStructuredData(facts({ rating }));
    const product = productOf(doc);
    expect('aggregateRating' in product).toBe(shown);
    expect('review' in product).toBe(shown);
    expect(merchantListingProblems(doc)).toEqual([]);
    if (shown) {
      expect(product.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
      expect(product.review).toHaveLength(2);
    }
  });

  it('names what is missing for a merchant listing', () => {
    const doc = designStructuredData(facts({ images: ['/relative.jpg'], sizes: [] }));
    expect(merchantListingProblems(doc)).toEqual([
      'Product.image (absolute URLs)',
      'Product.offers',
    ]);
    expect(merchantListingProblems({})).toEqual(['no schema.org @context']);
    const bad = designStructuredData(facts());
    (productOf(bad).offers as Record<string, unknown>[])[0]!.availability = 'in stock';
    expect(merchantListingProblems(bad)).toEqual(['offers[0].availability']);
  });

  it('cannot end its script element', () => {
    const text = jsonLdText(designStructuredData(facts({ description: '</script><b>' })));
    expect(text).not.toContain('<');
    expect(
      (JSON.parse(text) as { '@graph': { description: string }[] })['@graph'][0]!.description,
    ).toBe('</script><b>');
  });
});
