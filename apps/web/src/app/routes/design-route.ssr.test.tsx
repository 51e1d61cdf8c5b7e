// @vitest-environment node
/**
 * A design's URL renders on the server (issue 16: its HTML is made ahead of the browser with
 * react-dom/server): the designs page with the add-to-bag modal open on the design, without touching
 * window, document, localStorage or a portal while rendering (this file runs in Node, where they do
 * not exist).
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { DESIGNS } from '@sunward/core/designs';
import { SHIRT_FACTS } from '@sunward/core/product-facts';
import { configurationQuery } from '@/shared/api/catalog/get-configuration.ts';
import { designsQuery } from '@/shared/api/catalog/get-designs.ts';
import { productsQuery, toCatalogProduct } from '@/shared/api/catalog/get-products.ts';
import { createConfiguration, createProduct } from '@/test/factories.ts';
import { preloadPage } from '../pages.ts';
import { AppRoutes } from '../router.tsx';

/**
 * The page at `url` once its lazy parts (the page, the modal) are in: React's static prerender waits
 * for every suspended part, as the build's prerender (src/prerender.tsx) does, in one chunk as there.
 */
async function renderReady(url: string): Promise<string> {
  const client = new QueryClient();
  client.setQueryData(productsQuery.queryKey, [toCatalogProduct(createProduct())]);
  client.setQueryData(designsQuery.queryKey, [...DESIGNS]);
  client.setQueryData(configurationQuery.queryKey, createConfiguration());
  await preloadPage(url);
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={client}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </QueryClientProvider>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('a design’s URL on the server', () => {
  it('renders the designs page with the modal open on the design, the shirt first', async () => {
    expect(typeof document).toBe('undefined');
    const html = await renderReady('/designs/alaska');
    expect(html).toContain('Ready? Choose a Design');
    expect(html).toMatch(/role="dialog"[^>]*aria-modal="true"/);
    expect(html).toContain('<title>Alaska UPF 50+ Sun Shirt | Sunward</title>');
    // The first slide is the folded shirt, then the facts, the size guide and the return promise.
    expect(html.indexOf('Alaska shirt, folded')).toBeLessThan(html.indexOf('design artwork'));
    expect(html).toContain(SHIRT_FACTS.upf);
    expect(html).toContain('href="/size-guide"');
    expect(html).toContain('One free return per order');
    expect(html).toContain('$45.00');
    // Its controls answer once the app has taken over; until then a tap would be lost.
    for (const label of ['Close', 'Previous image', 'Next image', 'About graphic position']) {
      const tag = html.match(new RegExp(`<button[^>]*aria-label="${label}"[^>]*>`))?.[0];
      expect(tag, label).toContain('disabled=""');
    }
  });

  it('arrives with the dialog showing at once, its shirt first and the grid’s pictures after it', async () => {
    const html = await renderReady('/designs/alaska');
    // No entrance animation: the dialog is there in the first paint (modal.css, data-state arrived).
    expect(html).toMatch(/<div class="modal" data-state="arrived"/);
    const img = (alt: string) => html.match(new RegExp(`<img[^>]*alt="${alt}"[^>]*>`))?.[0] ?? '';
    expect(img('Alaska shirt, folded')).toMatch(/loading="eager"[^>]*fetchPriority="high"/);
    // The grid behind the dialog waits: lazy, at low priority (on /designs its first tiles are eager).
    expect(img('Alaska sun shirt, folded')).toMatch(/loading="lazy"[^>]*fetchPriority="low"/);
    const grid = await renderReady('/designs');
    expect(grid).toMatch(
      /<img[^>]*alt="Alaska sun shirt, folded"[^>]*loading="eager"[^>]*fetchPriority="high"/,
    );
  });

  it('renders the not-found page for a name that is no design', async () => {
    const html = await renderReady('/designs/no-such-design');
    expect(html).not.toContain('role="dialog"');
    expect(html).toContain('Page not found');
  });
});

describe('the bag on the server', () => {
  it('renders the frame, title and size key, without lines or the empty state (they are the browser’s)', async () => {
    const html = await renderReady('/bag');
    expect(html).toContain('<h1 class="page-head__title">Shopping Bag</h1>');
    expect(html).toContain('Size key: S is Short, R is Regular');
    expect(html).not.toContain('Your Shopping Bag is Empty');
    expect(html).not.toContain('Items in your bag');
    expect(html).not.toContain('Loading the shop');
  });
});

describe('the header on the server', () => {
  it('renders the menu button disabled: it opens only once the app has taken over', async () => {
    const html = await renderReady('/size-guide');
    expect(html).toMatch(/<button[^>]*aria-label="Open menu"[^>]*disabled=""/);
  });
});
