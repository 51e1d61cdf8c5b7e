import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet, stableHeaders } from '../../../test/raw-get.ts';
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app.ts';

/** The storefront as `node scripts/build.mjs` builds it, with its prerendering module. */
const WEB_DIST = path.resolve(import.meta.dirname, '../../../../web/dist');
const SITE = 'https://shop.example';

describe.each(DATABASE_KINDS)('prerendered pages, 404s and link previews (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST, 'server/prerender.js'))) {
      throw new Error(`No built storefront at ${WEB_DIST}: run node scripts/build.mjs first.`);
    }
    // The catalogue's answers stay fresh until a test changes them (the fast lane serves a page
    // only while they are), however slow the machine.
    t = await createTestApp(kind, { webDistDir: WEB_DIST, siteUrl: SITE, catalogCacheMs: 600_000 });
  });
  afterAll(() => t?.close());

  /** The page's markup inside #root (without React's text separators), and the catalogue it carries. */
  const parts = (html: string) => ({
    root: (
      /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? ''
    ).replace(/<!-- -->/g, ''),
    snapshot: /<script type="application\/json" id="catalog-snapshot">([^<]*)<\/script>/.exec(
      html,
    )?.[1],
  });

  it('serves the catalogue pages rendered, with their data and stylesheets, and no inline script but the import map', async () => {
    const pages = {
      '/': 'Made for long days in the sun',
      '/designs': 'Ready? Choose a Design',
      '/designs/alaska': 'Ready? Choose a Design',
      '/gallery': 'Browse Our Design Collection',
      // The bag's frame: its lines are the browser's (bag-view.tsx), not in the page.
      '/bag': 'Shopping Bag',
      '/size-guide': 'Size Guide',
      '/return-policy': 'Return Policy',
      '/privacy-policy': 'Privacy Policy',
      '/terms-of-use': 'Terms of Use',
      // Frames (decision 054): the title over a skeleton; what fills them is the browser's.
      '/support': 'Support',
      '/checkout': 'Checkout',
      '/account': 'Account',
      '/return': 'Start a Return',
      '/return/confirmation': 'Return Confirmation',
    };
    for (const [page, heading] of Object.entries(pages)) {
      const res = await t.request('GET', page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const { root, snapshot } = parts(res.text);
      expect(root, page).toContain(heading);
      expect(root, page).toContain('© 2025 Sunward');
      expect(root, page).not.toContain('Loading the shop');
      const data = JSON.parse(snapshot!) as { products: unknown[]; designs: unknown[] };
      expect(data.designs, page).toHaveLength(30);
      // The data is in the page: the catalogue is not preloaded again.
      expect(res.text).not.toContain('href="/api/products"');
      // The page's stylesheets are in it (no request holds the first paint back), the entry's too.
      expect(res.text).toMatch(/<style data-href="\/static\/start-[^"]+\.css">[^<]+<\/style>/);
      expect(res.text).toMatch(/<style data-href="\/static\/index-[^"]+\.css">[^<]+<\/style>/);
      // No stylesheet request: only disabled links, which the client's chunk loader takes as loaded.
      expect(res.text).not.toMatch(/<link rel="stylesheet" crossorigin href="[^"]+">/);
      expect(res.text).toMatch(
        /<link rel="stylesheet" crossorigin href="\/static\/start-[^"]+\.css" disabled>/,
      );
      // One script starts (the 2 KB entry); the app is fetched after the first paint (src/main.tsx).
      expect(res.text, page).not.toContain('rel="modulepreload"');
      expect(res.text.match(/<script type="module"/g), page).toHaveLength(1);
      // Every script is a module file or data, but the payment page's import map (its chunks'
      // integrity, decision 056): the CSP allows that one inline script by its hash, no other.
      const tags = res.text.match(/<script[^>]*>/g) ?? [];
      for (const tag of tags) {
        expect(tag, page).toMatch(
          /type="module" crossorigin src="\/static\/[^"]+" integrity="sha384-|type="application\/(ld\+)?json"|^<script type="importmap">$/,
        );
      }
      expect(
        tags.filter((tag) => tag.includes('importmap')),
        page,
      ).toHaveLength(1);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
    // A design's URL arrives with the design's dialog open: the dialog's stylesheets (the modal's,
    // the slideshow's) are in its page, so it paints styled before the app loads them; /designs,
    // where the dialog opens on use, does not carry them.
    const design = await t.request('GET', '/designs/alaska');
    const grid = await t.request('GET', '/designs');
    for (const part of ['modal', 'add-to-bag-modal', 'slideshow']) {
      expect(design.text, part).toMatch(
        new RegExp(`<style data-href="/static/${part}-[^"]+\\.css">[^<]+</style>`),
      );
      expect(grid.text, part).not.toContain(`data-href="/static/${part}-`);
    }
    // A page that is not prerendered needs the app at once: its HTML preloads it.
    const success = await t.request('GET', '/success');
    expect(success.text).toMatch(
      /<link rel="modulepreload" crossorigin="" href="\/static\/boot-[^"]+\.js" integrity="sha384-[^"]+">/,
    );
    const designs = parts((await t.request('GET', '/designs')).text).root;
    for (const title of ['Alaska', 'Grand Canyon', 'Twin Vistas']) expect(designs).toContain(title);
  });

  it('sends a page compressed when the client takes it', async () => {
    const plain = await t.request('GET', '/designs');
    const br = await fetch(`${t.baseUrl}/designs`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('accept-encoding');
    expect(await br.text()).toBe(plain.text);
  });

  it('sends a current page from the fast lane with the bytes and headers of the route, 304 for its ETag', async () => {
    await t.request('GET', '/designs/alaska'); // the catalogue's answers fresh: the page is current
    for (const accept of ['gzip, deflate, br, zstd', 'gzip', 'identity']) {
      const before = t.app.fastLane.answered;
      // A query string takes the request past the lane to the not-found handler, which ignores it.
      const route = await rawGet(t.baseUrl, '/designs/alaska?via=route', {
        'accept-encoding': accept,
      });
      const lane = await rawGet(t.baseUrl, '/designs/alaska', { 'accept-encoding': accept });
      expect(t.app.fastLane.answered).toBe(before + 1);
      expect(lane.status).toBe(200);
      expect(lane.body.equals(route.body)).toBe(true);
      expect(stableHeaders(lane.headers)).toEqual(stableHeaders(route.headers));
    }
    const page = await rawGet(t.baseUrl, '/designs/alaska', { 'accept-encoding': 'br' });
    expect(page.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
    });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const etag = page.headers.etag!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    const held = { 'if-none-match': etag, 'accept-encoding': 'br' };
    const before = t.app.fastLane.answered;
    const viaLane = await rawGet(t.baseUrl, '/designs/alaska', held);
    const viaRoute = await rawGet(t.baseUrl, '/designs/alaska?via=route', held);
    expect(t.app.fastLane.answered).toBe(before + 1);
    for (const answer of [viaLane, viaRoute]) {
      expect(answer.status).toBe(304);
      expect(answer.body.length).toBe(0);
      expect(answer.headers.etag).toBe(etag);
    }
    // Another page's tag is not this page's; the not-found page is 404 whatever the client holds.
    expect((await rawGet(t.baseUrl, '/designs/alaska', { 'if-none-match': '"x"' })).status).toBe(
      200,
    );
    const missing = await rawGet(t.baseUrl, '/no-such-page');
    const missingAgain = await rawGet(t.baseUrl, '/no-such-page', {
      'if-none-match': missing.headers.etag!,
    });
    expect([missing.status, missingAgain.status]).toEqual([404, 404]);
    // The not-found page is made under a path of its own, which is not a page.
    expect((await rawGet(t.baseUrl, '/404')).status).toBe(404);
    expect(missingAgain.body.equals(missing.body)).toBe(true);
  });

  it('leaves a page to the route once the catalogue has changed, until it is made again', async () => {
    /** Names the shop as the console does: the setting written, then the answers cleared. */
    const nameShop = async (name: string) => {
      const value = JSON.stringify(name);
      await t.app.db.updateTable('settings').set({ value }).where('key', '=', 'shopName').execute();
      t.app.catalogCache.invalidate();
    };
    await t.request('GET', '/gallery');
    const old = await rawGet(t.baseUrl, '/gallery');
    try {
      await nameShop('Trailhead');
      const before = t.app.fastLane.answered;
      const changed = await rawGet(t.baseUrl, '/gallery', { 'if-none-match': old.headers.etag! });
      expect(t.app.fastLane.answered).toBe(before); // the route answered, with the page made anew
      expect(changed.status).toBe(200);
      expect(changed.body.toString()).toContain('Trailhead');
      expect(changed.headers.etag).not.toBe(old.headers.etag);
      const again = await rawGet(t.baseUrl, '/gallery');
      expect(t.app.fastLane.answered).toBe(before + 1);
      expect(again.headers.etag).toBe(changed.headers.etag);
    } finally {
      await nameShop('Sunward');
    }
  });

  it('answers 404 with the not-found page for unknown paths, 200 for the app routes (GET and HEAD)', async () => {
    for (const page of [
      '/no-such-page',
      '/designs/no-such-design',
      '/account/orders',
      '/admin/x',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        expect((await t.request(method, page)).status, `${method} ${page}`).toBe(404);
      }
    }
    const routes = ['/', '/designs/alaska', '/bag', '/checkout', '/success', '/account'];
    for (const page of [
      ...routes,
      '/callback',
      '/return',
      '/return/confirmation',
      '/admin/orders',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        expect((await t.request(method, page)).status, `${method} ${page}`).toBe(200);
      }
    }
    const missing = await t.request('GET', '/no-such-page');
    const { root } = parts(missing.text);
    expect(root).toContain('This trail doesn&#x27;t go anywhere');
    expect(root).toContain('class="header"');
    expect(root).toContain('© 2025 Sunward');
    expect(missing.text).toContain('<title>Page not found | Sunward</title>');
    // Pages whose data is not in the catalogue and that have no frame keep the start-up screen.
    expect((await t.request('GET', '/success')).text).toContain('Loading the shop');
  });

  it("gives each design's URL its own title, description and preview picture", async () => {
    const html = (await t.request('GET', '/designs/grand-canyon')).text;
    expect(html).toContain('<title>Grand Canyon UPF 50+ Sun Shirt | Sunward</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Grand Canyon UPF 50+ Sun Shirt | Sunward"',
    );
    expect(html).toContain(`<meta property="og:url" content="${SITE}/designs/grand-canyon" />`);
    expect(html).toMatch(
      /name="description"\s+content="Grand Canyon: a UPF 50\+ printed sun shirt, \$45\.00\. /,
    );
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:image" content="${SITE}/assets/designs/grand-canyon-collection-\\d+\\.[0-9a-f]+\\.jpg" />`,
      ),
    );
    // Another page keeps the shop's picture, absolute.
    const home = (await t.request('GET', '/')).text;
    expect(home).toMatch(new RegExp(`<meta property="og:image" content="${SITE}/assets/home/`));
  });

  it('lists the 30 design URLs in the sitemap', async () => {
    const sitemap = (await t.request('GET', '/sitemap.xml')).text;
    const designs = sitemap.match(/<loc>https:\/\/shop\.example\/designs\/[a-z0-9-]+<\/loc>/g);
    expect(designs).toHaveLength(30);
    expect(sitemap).toContain(`<loc>${SITE}/designs/3-peaks-golf</loc>`);
  });

  it('makes the pages again after a catalogue change, and the name setting names them', async () => {
    const before = (await t.request('GET', '/designs')).text;
    expect(before).toContain('Alaska');
    const renders = t.app.prerenderedPages!.renders;
    try {
      await t.app.db
        .updateTable('designs')
        .set({ active: 0 })
        .where('name', '=', 'alaska')
        .execute();
      await t.app.db
        .updateTable('settings')
        .set({ value: JSON.stringify('Trailhead') })
        .where('key', '=', 'shopName')
        .execute();
      // What a console write does after it commits.
      t.app.catalogCache.invalidate();
      // The very next request answers with a page made from the changed catalogue.
      const after = (await t.request('GET', '/designs')).text;
      expect(parts(after).root).not.toContain('Alaska');
      expect(after).toContain('<title>Choose a Design | Trailhead</title>');
      expect(after).toContain('<meta property="og:site_name" content="Trailhead" />');
      expect(parts(after).root).toContain('© 2025 Trailhead');
      expect(t.app.prerenderedPages!.renders).toBeGreaterThan(renders);
      expect((await t.request('GET', '/designs/alaska')).status).toBe(404);
    } finally {
      await t.app.db
        .updateTable('designs')
        .set({ active: 1 })
        .where('name', '=', 'alaska')
        .execute();
      await t.app.db
        .updateTable('settings')
        .set({ value: JSON.stringify('Sunward') })
        .where('key', '=', 'shopName')
        .execute();
      t.app.catalogCache.invalidate();
    }
  });
});
