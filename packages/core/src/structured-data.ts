/**
 * A design page's structured data (issue 29 item 5, decision 051): schema.org JSON-LD that search
 * engines read from the prerendered HTML, without running the app. One `@graph` holds the Product (the
 * design's shirt: name, description, images, brand, one Offer per size with its price and its
 * availability from stock, and aggregateRating/review only when reviews exist) and the page's
 * BreadcrumbList (Home > Designs > the design). Typed with schema-dts (schema.org's vocabulary as
 * TypeScript types), so a property schema.org does not have, or a value of the wrong type, fails the
 * type check; `merchantListingProblems` checks at run time what Google's merchant listings require.
 */
import type { BreadcrumbList, Graph, Offer, Product, Review } from 'schema-dts';
import { isDesignName, shirtColourName } from './designs.ts';
import { SIZES, type SizeCode } from './sizes.ts';

export interface RatingSummary {
  /** The mean rating, 1 to 5. */
  ratingValue: number;
  reviewCount: number;
  reviews: readonly {
    author: string;
    ratingValue: number;
    body: string;
    /** ISO 8601 date. */
    datePublished: string;
  }[];
}

export interface DesignPageFacts {
  /** SITE_URL, without a trailing slash. */
  siteUrl: string;
  shopName: string;
  designName: string;
  designTitle: string;
  productName: string;
  description: string;
  /** Cents. */
  priceCents: number;
  /** Absolute URLs, the most telling first. */
  images: readonly string[];
  /** Each size the shop lists, in or out of stock. */
  sizes: readonly { size: SizeCode; inStock: boolean }[];
  /** The reviews' summary, when the design has reviews (issue 29's reviews); else omitted. */
  rating?: RatingSummary | undefined;
}

export const designUrl = (siteUrl: string, designName: string) =>
  `${siteUrl}/designs/${encodeURIComponent(designName)}`;

/** "45.00": schema.org's price is a number written with a dot. */
export const priceText = (cents: number) => (cents / 100).toFixed(2);

/** A design in a size: the variant's id, in the feed and the offers alike. */
export const variantId = (designName: string, size: SizeCode) => `${designName}-${size}`;

const AVAILABILITY = {
  in: 'https://schema.org/InStock',
  out: 'https://schema.org/OutOfStock',
} as const;

export function designStructuredData(facts: DesignPageFacts): Graph {
  const url = designUrl(facts.siteUrl, facts.designName);
  const offers: Offer[] = facts.sizes.map(({ size, inStock }) => ({
    '@type': 'Offer',
    sku: variantId(facts.designName, size),
    name: `${facts.designTitle} ${facts.productName}, ${SIZES.find((s) => s.code === size)?.label ?? size}`,
    url,
    price: priceText(facts.priceCents),
    priceCurrency: 'USD',
    availability: inStock ? AVAILABILITY.in : AVAILABILITY.out,
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: facts.shopName },
  }));
  const rating = facts.rating && facts.rating.reviewCount > 0 ? facts.rating : undefined;
  const reviews: Review[] | undefined = rating?.reviews.map((r) => ({
    '@type': 'Review',
    author: { '@type': 'Person', name: r.author },
    datePublished: r.datePublished,
    reviewBody: r.body,
    reviewRating: { '@type': 'Rating', ratingValue: r.ratingValue, bestRating: 5, worstRating: 1 },
  }));
  const product: Product = {
    '@type': 'Product',
    '@id': `${url}#product`,
    name: `${facts.designTitle} ${facts.productName}`,
    description: facts.description,
    url,
    sku: facts.designName,
    image: [...facts.images],
    brand: { '@type': 'Brand', name: facts.shopName },
    ...(isDesignName(facts.designName) ? { color: shirtColourName(facts.designName) } : {}),
    offers,
    ...(rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.ratingValue,
            reviewCount: rating.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
          ...(reviews && reviews.length > 0 ? { review: reviews } : {}),
        }
      : {}),
  };
  const breadcrumbs: BreadcrumbList = {
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${facts.siteUrl}/` },
      { '@type': 'ListItem', position: 2, name: 'Designs', item: `${facts.siteUrl}/designs` },
      { '@type': 'ListItem', position: 3, name: facts.designTitle, item: url },
    ],
  };
  return { '@context': 'https://schema.org', '@graph': [product, breadcrumbs] };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` escaped, so no text in it (a description
 * with `</script>`) can end the element.
 */
export function jsonLdText(data: Graph): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const SCHEMA_AVAILABILITY =
  /^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|BackOrder|Discontinued|LimitedAvailability|OnlineOnly|SoldOut)$/;

/**
 * What a parsed JSON-LD document lacks for Google's merchant listings (Product: name, image, offers
 * with price, priceCurrency and a schema.org availability; brand; aggregateRating and review well
 * formed when present; a BreadcrumbList with positioned items). Empty when it has all of it.
 */
export function merchantListingProblems(doc: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(doc) || doc['@context'] !== 'https://schema.org') return ['no schema.org @context'];
  const nodes = list(doc['@graph']).filter(isObject);
  const product = nodes.find((n) => n['@type'] === 'Product');
  if (!product) return ['no Product'];
  if (typeof product.name !== 'string' || !product.name) problems.push('Product.name');
  const images = list(product.image);
  if (
    images.length === 0 ||
    !images.every((i) => typeof i === 'string' && /^https?:\/\//.test(i))
  ) {
    problems.push('Product.image (absolute URLs)');
  }
  const brand = product.brand;
  if (!isObject(brand) || typeof brand.name !== 'string') problems.push('Product.brand.name');
  const offers = list(product.offers).filter(isObject);
  if (offers.length === 0) problems.push('Product.offers');
  offers.forEach((o, i) => {
    if (o['@type'] !== 'Offer') problems.push(`offers[${i}].@type`);
    if (typeof o.price !== 'string' || !/^\d+(\.\d{1,2})?$/.test(o.price)) {
      problems.push(`offers[${i}].price`);
    }
    if (typeof o.priceCurrency !== 'string' || !/^[A-Z]{3}$/.test(o.priceCurrency)) {
      problems.push(`offers[${i}].priceCurrency`);
    }
    if (typeof o.availability !== 'string' || !SCHEMA_AVAILABILITY.test(o.availability)) {
      problems.push(`offers[${i}].availability`);
    }
  });
  if (product.aggregateRating !== undefined) {
    const r = product.aggregateRating;
    if (
      !isObject(r) ||
      typeof r.ratingValue !== 'number' ||
      typeof r.reviewCount !== 'number' ||
      r.reviewCount < 1
    ) {
      problems.push('Product.aggregateRating');
    }
  }
  list(product.review).forEach((r, i) => {
    if (!isObject(r) || !isObject(r.author) || !isObject(r.reviewRating)) {
      problems.push(`review[${i}]`);
    }
  });
  const crumbs = nodes.find((n) => n['@type'] === 'BreadcrumbList');
  const items = list(crumbs?.itemListElement).filter(isObject);
  if (
    items.length === 0 ||
    !items.every((it, i) => it.position === i + 1 && typeof it.name === 'string')
  ) {
    problems.push('BreadcrumbList');
  }
  return problems;
}
