import { describe, expect, it } from 'vitest';
import { merchantFeedItems, type FeedFacts } from './merchant-feed.ts';

const input = (overrides: Partial<FeedFacts> = {}): FeedFacts => ({
  siteUrl: 'https://shop.example',
  shopName: 'Sunward',
  productName: 'UPF 50+ Graphic Sun Shirt',
  priceCents: 4500,
  facts: ['Lightweight knit.', 'UPF 50+.'],
  designs: [
    { designName: 'alaska', designTitle: 'Alaska', image: 'https://shop.example/a.jpg' },
    { designName: 'key-west', designTitle: 'Key West', image: 'https://shop.example/k.jpg' },
  ],
  outOfStock: new Set(['xxlr']),
  ...overrides,
});

describe('the merchant feed rows', () => {
  it('has every design in every size, grouped by design', () => {
    const items = merchantFeedItems(input());
    expect(items).toHaveLength(20);
    expect(new Set(items.map((i) => i.id)).size).toBe(20);
    expect(items.filter((i) => i.item_group_id === 'key-west')).toHaveLength(10);
  });

  it.each([
    ['alaska-xxlr', 'out_of_stock', 'XXL Regular'],
    ['alaska-mdr', 'in_stock', 'MD Regular'],
    ['key-west-xss', 'in_stock', 'XS Short'],
  ])('%s is %s, size %s', (id, availability, size) => {
    const item = merchantFeedItems(input()).find((i) => i.id === id)!;
    expect(item).toMatchObject({ availability, size });
  });

  it('prices, links and identifies each variant as Google asks', () => {
    const item = merchantFeedItems(input({ priceCents: 3999 })).find((i) => i.id === 'alaska-smr')!;
    expect(item).toEqual({
      id: 'alaska-smr',
      item_group_id: 'alaska',
      title: 'Alaska UPF 50+ Graphic Sun Shirt, SM - Regular',
      description: 'Alaska: a UPF 50+ printed sun shirt, $39.99. Lightweight knit. UPF 50+.',
      link: 'https://shop.example/designs/alaska',
      image_link: 'https://shop.example/a.jpg',
      availability: 'in_stock',
      price: '39.99 USD',
      brand: 'Sunward',
      condition: 'new',
      identifier_exists: 'no',
      google_product_category: '212',
      gender: 'unisex',
      age_group: 'adult',
      size: 'SM Regular',
      size_system: 'US',
      color: 'Heather Grey',
      pattern: 'Alaska',
    });
  });
});
