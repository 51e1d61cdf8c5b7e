/**
 * The product feed for Google Merchant Center at /feeds/google.xml (decision 051): RSS 2.0 with
 * Google's `g:` namespace, one item per design and size (core's merchant-feed.ts), written by
 * fast-xml-parser's builder (every text escaped). Made from the same catalogue answers as the
 * prerendered pages (products with the facts, designs, settings, the shirt's stock) and kept while
 * their signature holds: an operator's change (price, a size on or off sale, a design, the facts)
 * clears those answers, and the next request makes the feed again (compressed once, sent with its
 * entity tag as the pages are: lib/compressed-body.ts).
 */
import { XMLBuilder } from 'fast-xml-parser';
import { GOOGLE_NAMESPACE, merchantFeedItems } from '@sunward/core/merchant-feed';
import { PRODUCT_FACT_KEYS } from '@sunward/core/product-facts';
import { SIZE_CODES } from '@sunward/core/sizes';
import { makeBody, type SentBody } from '../../lib/compressed-body.ts';
import { absoluteUrl, shirtOnSale, siteOrigin } from './catalog-facts.ts';
import type { CatalogAnswers } from './prerendered-pages.ts';

export const FEED_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  suppressEmptyNode: true,
});

export interface MerchantFeedOptions {
  siteUrl: string;
  readCatalog: () => Promise<CatalogAnswers>;
  /** A design's picture (relative or absolute URL), or null when the build has none. */
  image: (designName: string) => string | null;
}

export class MerchantFeed {
  private last: { signature: string; body: SentBody } | null = null;

  constructor(private readonly options: MerchantFeedOptions) {}

  /** The feed for the catalogue as it is now: its bytes, entity tag and compressed copies. */
  async current(): Promise<SentBody> {
    const catalog = await this.options.readCatalog();
    if (this.last?.signature !== catalog.signature) {
      const body = await makeBody(this.make(catalog), { brotliQuality: 10, gzipLevel: 9 });
      this.last = { signature: catalog.signature, body };
    }
    return this.last.body;
  }

  private make(catalog: CatalogAnswers): string {
    const { snapshot, inventory } = catalog;
    const siteUrl = siteOrigin(this.options.siteUrl);
    const shopName = snapshot.configuration.shopName;
    const { shirt, price } = shirtOnSale(catalog);
    const items =
      shirt && price
        ? merchantFeedItems({
            siteUrl,
            shopName,
            productName: shirt.name,
            priceCents: price.unit_amount,
            facts: shirt.facts ? PRODUCT_FACT_KEYS.map((k) => shirt.facts![k]) : [],
            designs: snapshot.designs.flatMap((d) => {
              const image = this.options.image(d.designName);
              return image ? [{ ...d, image: absoluteUrl(siteUrl, image) }] : [];
            }),
            outOfStock: new Set(
              SIZE_CODES.filter((size) => inventory?.sizes[size]?.outOfStock ?? true),
            ),
          })
        : [];
    const document = {
      '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
      rss: {
        '@version': '2.0',
        '@xmlns:g': GOOGLE_NAMESPACE,
        channel: {
          title: shopName,
          link: `${siteUrl}/`,
          description: `${shopName}: UPF 50+ printed sun shirts, every design in every size.`,
          item: items.map((item) =>
            Object.fromEntries(Object.entries(item).map(([key, value]) => [`g:${key}`, value])),
          ),
        },
      },
    };
    return builder.build(document) as string;
  }
}
