import { formatMoney } from '@sunward/core/money';
import type { Inventory } from '@sunward/core/schemas';
import { SIZE_CODES } from '@sunward/core/sizes';
import {
  designStructuredData,
  jsonLdText,
  type RatingSummary,
} from '@sunward/core/structured-data';
import { makeBody, type SentBody } from '../../lib/compressed-body.ts';
import { absoluteUrl, shirtOnSale, siteOrigin } from './catalog-facts.ts';
import { designPreview } from './link-preview.ts';
import { pageDocument } from './page-document.ts';
import type { CatalogSnapshot, WebBuild } from './prerender-module.ts';

/** The catalogue as the API answers it now, with a signature that changes whenever an answer does. */
export interface CatalogAnswers {
  /** The three answers' entity tags. */
  signature: string;
  /** `{"products":…,"designs":…,"configuration":…}`: the answers' bodies as they are. */
  json: string;
  snapshot: CatalogSnapshot;
  /** The shirt on sale (the first active product), and its stock per size: null when none. */
  shirtId: string | null;
  inventory: Inventory | null;
  /** Per design with published reviews, their average, count and newest few (decision 051). */
  ratings: Readonly<Record<string, RatingSummary>>;
}

/** A page made from the catalogue of `signature`: its HTML, bytes, entity tag and compressed copies. */
export interface MadePage extends SentBody {
  signature: string;
  html: string;
}

export interface PrerenderedPagesOptions {
  build: WebBuild;
  /** index.html named after the shop (discovery.ts indexPages). */
  template: (shopName: string) => string;
  siteUrl: string;
  readCatalog: () => Promise<CatalogAnswers>;
  /** The catalogue as the API answers it now, when that is known without a wait; else undefined. */
  peekCatalog: () => CatalogAnswers | undefined;
  log: { error: (details: object, message: string) => void };
}

/**
 * The prerendered catalogue pages (docs/decisions/025), made off the request path: a request is
 * answered with the page made last, and when the catalogue has changed since (its signature differs:
 * an operator's change in this process, or another process's within the catalogue cache's time) the
 * pages are made again in the background, the requested one first. Only a page never made yet (just
 * after start) is waited for.
 */
export class PrerenderedPages {
  private readonly made = new Map<string, MadePage>();
  /** Who waits for a page of a newer catalogue (answer), by page. */
  private readonly waiting = new Map<
    string,
    { signature: string; done: Promise<void>; settle: () => void }
  >();
  /** The catalogue a page could not be made for (logged): nobody waits for it again. */
  private readonly failed = new Map<string, string>();
  /** The signature the pages are being made for, and the run making them. */
  private target: string | null = null;
  private running: Promise<void> = Promise.resolve();
  /** Renders so far (for tests and the decision record's costs). */
  renders = 0;

  constructor(private readonly options: PrerenderedPagesOptions) {}

  /** How to answer `pathname`: its status and the page made for it (null: the start-up page). */
  async answer(pathname: string): Promise<{ status: 200 | 404; page: MadePage | null }> {
    const catalog = await this.options.readCatalog();
    const { status, page: key } = this.options.build.module.pageAnswer(pathname, catalog.snapshot);
    if (!key) return { status, page: null };
    const made = this.made.get(key);
    if (made?.signature === catalog.signature) return { status, page: made };
    // Made from an older catalogue, or not yet: this page is made first (a few milliseconds) and the
    // answer waits for it, so a shopper who loads a page after an operator's change sees the change
    // (a price, a size's stock, the free-shipping target in the bag). The others follow.
    void this.refresh(catalog, key);
    await this.madeFor(key, catalog.signature);
    return { status, page: this.made.get(key) ?? made ?? null };
  }

  /**
   * The page made for `pathname` when it is known at once to be current (the catalogue's answers are
   * fresh and the page was made from them) and the path is the page's own, answered 200; else
   * undefined, and `answer` decides. The fast lane's way in (lib/fast-lane.ts).
   */
  peek(pathname: string): MadePage | undefined {
    const made = this.made.get(pathname);
    if (made === undefined || pathname === this.options.build.module.NOT_FOUND_PATH)
      return undefined;
    // A page made for the catalogue as it is now is one of that catalogue's pages (refresh makes
    // exactly those), answered 200 at its own path.
    return made.signature === this.options.peekCatalog()?.signature ? made : undefined;
  }

  /**
   * Resolves once the run for `signature` has made (or failed to make, or given up on, for a newer
   * catalogue) the page `key`.
   */
  private madeFor(key: string, signature: string): Promise<void> {
    if (this.failed.get(key) === signature) return Promise.resolve();
    const waiting = this.waiting.get(key);
    if (waiting?.signature === signature) return waiting.done;
    let settle = () => {};
    const done = new Promise<void>((resolve) => (settle = resolve));
    waiting?.settle();
    this.waiting.set(key, { signature, done, settle });
    return done;
  }

  /** The waits of madeFor for `key` that this run (of `signature`) answers. */
  private settle(key: string, signature: string): void {
    const waiting = this.waiting.get(key);
    if (waiting && waiting.signature === signature) {
      this.waiting.delete(key);
      waiting.settle();
    }
  }

  /** The pages made so far, by path (the build writes them out, built-pages.ts). */
  pages(): ReadonlyMap<string, MadePage> {
    return this.made;
  }

  /** Takes pages made earlier (by the build): served until the catalogue they were made from changes. */
  adopt(pages: ReadonlyMap<string, MadePage>): void {
    for (const [key, page] of pages) if (!this.made.has(key)) this.made.set(key, page);
  }

  /** Makes every page for the catalogue as it is now (at start, in the background). */
  async warm(): Promise<void> {
    await this.refresh(await this.options.readCatalog());
  }

  /**
   * Makes the pages not yet made for `catalog`, `first` first, one after the other (each render is a
   * few milliseconds of the event loop; the compression runs on libuv's pool). A newer catalogue
   * stops the run and starts its own after it.
   */
  private refresh(catalog: CatalogAnswers, first?: string): Promise<void> {
    if (this.target === catalog.signature) return this.running;
    this.target = catalog.signature;
    const { module } = this.options.build;
    const keys = [...module.prerenderedPaths(catalog.snapshot), module.NOT_FOUND_PATH];
    const order = first ? [first, ...keys.filter((k) => k !== first)] : keys;
    this.running = this.running.then(async () => {
      for (const [i, key] of order.entries()) {
        if (this.target !== catalog.signature) {
          // A newer catalogue's run follows: whoever waits for this one's pages takes what there is.
          for (const rest of order.slice(i)) this.settle(rest, catalog.signature);
          return;
        }
        if (this.made.get(key)?.signature !== catalog.signature) {
          try {
            this.made.set(key, await this.make(key, catalog));
          } catch (err) {
            this.failed.set(key, catalog.signature);
            this.options.log.error({ err, page: key }, 'could not prerender a page');
          }
        }
        this.settle(key, catalog.signature);
      }
    });
    return this.running;
  }

  private async make(key: string, catalog: CatalogAnswers): Promise<MadePage> {
    const { build, siteUrl } = this.options;
    const { snapshot } = catalog;
    const rendered = await build.module.renderPage(key, snapshot);
    this.renders++;
    const html = pageDocument({
      template: this.options.template(snapshot.configuration.shopName),
      rendered,
      snapshotJson: catalog.json,
      snapshotId: build.module.CATALOG_SNAPSHOT_ID,
      stylesheets: build.stylesheets(rendered.modules),
      css: build.css,
      url: siteOrigin(siteUrl) + key,
      preview: this.preview(key, catalog),
      structuredData: this.structuredData(key, catalog),
    });
    const body = await makeBody(html, { brotliQuality: 10, gzipLevel: 9 });
    return { signature: catalog.signature, html, ...body };
  }

  /**
   * A design's page carries its schema.org Product and breadcrumbs (decision 051): each size an
   * offer at the shirt's price, in or out of stock as the storefront shows it.
   */
  private structuredData(key: string, catalog: CatalogAnswers): string | null {
    const { snapshot, inventory } = catalog;
    const design = snapshot.designs.find((d) => key === `/designs/${d.designName}`);
    const { shirt, price } = shirtOnSale(catalog);
    const image = design && this.options.build.module.designPreviewImage(design.designName);
    if (!design || !shirt || !price || !inventory || !image) return null;
    const siteUrl = siteOrigin(this.options.siteUrl);
    return jsonLdText(
      designStructuredData({
        siteUrl,
        shopName: snapshot.configuration.shopName,
        designName: design.designName,
        designTitle: design.designTitle,
        productName: shirt.name,
        description: designPreview({
          designTitle: design.designTitle,
          shopName: snapshot.configuration.shopName,
          price: null,
          image: null,
        }).description,
        priceCents: price.unit_amount,
        images: [absoluteUrl(siteUrl, image.url)],
        sizes: SIZE_CODES.map((size) => ({
          size,
          inStock: !(inventory.sizes[size]?.outOfStock ?? true),
        })),
        rating: catalog.ratings[design.designName],
      }),
    );
  }

  /** A design's page has its own preview: its name, its price and its picture. */
  private preview(key: string, catalog: CatalogAnswers) {
    const { snapshot } = catalog;
    const design = snapshot.designs.find((d) => key === `/designs/${d.designName}`);
    if (!design) return null;
    const { price } = shirtOnSale(catalog);
    const image = this.options.build.module.designPreviewImage(design.designName);
    return designPreview({
      designTitle: design.designTitle,
      shopName: snapshot.configuration.shopName,
      price: price ? formatMoney(price.unit_amount) : null,
      image: image && { ...image, url: absoluteUrl(this.options.siteUrl, image.url) },
    });
  }
}
