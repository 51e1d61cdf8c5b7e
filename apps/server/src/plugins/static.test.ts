import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const INDEX = [
  '<!doctype html><html><head><title>Sunward | UPF 50+ Sun Shirts</title>',
  '<link rel="preload" href="/api/products" as="fetch" crossorigin="anonymous" />',
  '<link rel="preload" href="/api/configuration" as="fetch" crossorigin="anonymous" />',
  '<link rel="preload" href="/api/designs" as="fetch" crossorigin="anonymous" />',
  '<meta property="og:site_name" content="Sunward" />',
  '<meta property="og:image" content="/assets/home/banner-tablet-1200.0123456789.jpg" />',
  '</head><body><div id="root">Sunward<span>Loading the shop</span></div></body></html>',
].join('');
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const WEB_MANIFEST = {
  name: 'Sunward',
  short_name: 'Sunward',
  start_url: '/',
  display: 'standalone',
  icons: [{ src: '/assets/brand/sunward-icon-192.0123456789.png', sizes: '192x192' }],
};

describe('static files, the SPA fallback and the headers every answer carries', () => {
  const siteUrlAtStart = 'https://shop.example';
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'shop-static-'));
    const web = path.join(dir, 'web');
    const assets = path.join(dir, 'assets');
    mkdirSync(path.join(web, 'static'), { recursive: true });
    mkdirSync(path.join(assets, 'designs'), { recursive: true });
    writeFileSync(path.join(web, 'index.html'), INDEX);
    writeFileSync(path.join(web, 'manifest.webmanifest'), JSON.stringify(WEB_MANIFEST));
    writeFileSync(path.join(web, 'favicon.ico'), 'ico bytes');
    writeFileSync(path.join(web, 'static/app-abc123.js'), SCRIPT);
    writeFileSync(path.join(web, 'static/app-abc123.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(assets, 'designs/alaska-folded-360.0123456789.avif'), 'avif bytes');
    t = await createTestApp('sqlite', {
      webDistDir: web,
      assetsDir: assets,
      siteUrl: siteUrlAtStart,
    });
  });

  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Pages and files get the document policy; JSON from /api the locked-down API one. */
  const secured = (headers: Headers, kind: 'document' | 'api' = 'document') => {
    const csp = headers.get('content-security-policy');
    if (kind === 'document') {
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    } else {
      expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers.get('x-frame-options')).toBeNull();
    }
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
  };

  it('answers page routes with index.html, revalidated on every visit', async () => {
    for (const page of ['/', '/designs', '/bag?from=menu', '/account/orders']) {
      const res = await t.request('GET', page);
      expect(res.status, page).toBe(200);
      expect(res.text).toBe(
        INDEX.replace('content="/assets/', `content="${new URL(siteUrlAtStart).origin}/assets/`),
      );
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      secured(res.headers);
    }
  });

  it("answers the console's pages without the catalogue's preloads, not to be indexed", async () => {
    for (const page of ['/admin', '/admin/orders?status=pending', '/Admin/Activity']) {
      const res = await t.request('GET', page);
      expect(res.status, page).toBe(200);
      expect(res.text, page).not.toMatch(/href="\/api\/(products|designs)"/);
      expect(res.text).toContain('<link rel="preload" href="/api/configuration"');
      expect(res.text).toContain('<meta name="robots" content="noindex" />');
      expect(res.text).toContain('Loading the console');
      expect(res.text).toContain('<title>Sunward | UPF 50+ Sun Shirts</title>');
    }
    // Not a console page: the shop's.
    const shop = await t.request('GET', '/administrator');
    expect(shop.text).toContain('href="/api/products"');
    expect(shop.text).not.toContain('noindex');
  });

  it('answers the web app manifest, the favicon, robots.txt and the sitemap', async () => {
    const first = await t.request('GET', '/manifest.webmanifest');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(first.body).toEqual(WEB_MANIFEST);
    secured(first.headers);

    const icon = await t.request('GET', '/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.text).toBe('ico bytes');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');

    const robots = await t.request('GET', '/robots.txt');
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(robots.text).toContain('Disallow: /checkout\n');
    expect(robots.text).toContain('Disallow: /return$\n');
    expect(robots.text).toContain('Disallow: /support\n');
    expect(robots.text).toContain('Disallow: /admin\n');
    expect(robots.text).not.toMatch(/Disallow: \/return-policy|Disallow: \/designs/);
    expect(robots.text).toContain('Sitemap: https://shop.example/sitemap.xml');
    const sitemap = await t.request('GET', '/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://shop.example/');
    expect(locs).toContain('https://shop.example/designs');
    expect(locs).toContain('https://shop.example/terms-of-use');
    expect(locs.some((l) => /bag|checkout|account/.test(l!))).toBe(false);
  });

  it('serves hashed files as immutable, precompressed when the client accepts it', async () => {
    const js = await t.request('GET', '/static/app-abc123.js', undefined, {
      'accept-encoding': 'gzip',
    });
    expect(js.status).toBe(200);
    expect(js.text).toBe(SCRIPT);
    expect(js.headers.get('content-encoding')).toBe('gzip');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    secured(js.headers);

    const image = await t.request('GET', '/assets/designs/alaska-folded-360.0123456789.avif');
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    secured(image.headers);
  });

  it('answers HEAD for a page with the page’s headers and no body', async () => {
    for (const page of ['/', '/designs']) {
      const res = await t.request('HEAD', page);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.text).toBe('');
      secured(res.headers);
    }
  });

  it('answers a missing file or a non-GET page request with 404 JSON, not the page', async () => {
    for (const [method, url] of [
      ['GET', '/static/app-gone.js'],
      ['GET', '/assets/designs/nope.avif'],
      ['GET', '/humans.txt'],
      ['POST', '/designs'],
    ] as const) {
      const res = await t.request(method, url);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ message: `Not found: ${method} ${url}`, code: 'not_found' });
      secured(res.headers);
    }
  });

  it('sends the API headers with JSON and the document headers with the API docs page', async () => {
    secured((await t.request('GET', '/api/designs')).headers, 'api');
    secured((await t.request('POST', '/api/log-error', {})).headers, 'api');
    const docs = await t.request('GET', '/api/docs/');
    expect(docs.headers.get('content-type')).toContain('text/html');
    secured(docs.headers);
  });

  it('gives each request its own id and keeps a proxy-sent one', async () => {
    const a = await t.request('GET', '/healthz');
    const b = await t.request('GET', '/healthz');
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    const relayed = await t.request('GET', '/healthz', undefined, { 'x-request-id': 'lb-42' });
    expect(relayed.headers.get('x-request-id')).toBe('lb-42');
  });

  it('counts unknown API URLs and HEAD requests against the limit once each', async () => {
    // A limit of 4: a HEAD counted twice (GET route plus its HEAD twin) would be refused on the
    // third request.
    const app = await createTestApp('sqlite', {
      webDistDir: t.config.webDistDir,
      assetsDir: t.config.assetsDir,
      rateLimitMax: 4,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await app.request('HEAD', '/api/designs')).status);
      statuses.push((await app.request('GET', '/api/no-such-route')).status);
      const limited = await app.request('GET', '/api/no-such-route');
      expect(statuses).toEqual([200, 200, 200, 404]);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        message: 'Too many requests. Please wait a moment and try again.',
        code: 'rate_limited',
      });
      secured(limited.headers, 'api');
      // Pages and files are never limited.
      expect((await app.request('GET', '/designs')).status).toBe(200);
      expect((await app.request('GET', '/static/app-abc123.js')).status).toBe(200);
    } finally {
      await app.close();
    }
  });
  it('names the shop after the shopName setting in the page and the app manifest', async () => {
    await t.database.db
      .insertInto('settings')
      .values({ key: 'shopName', value: JSON.stringify('Harbor Sun'), updated_at: '2026-11-22' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify('Harbor Sun') }))
      .execute();
    t.app.catalogCache.invalidate();
    const renamed = await t.request('GET', '/manifest.webmanifest');
    expect(renamed.body).toEqual({ ...WEB_MANIFEST, name: 'Harbor Sun', short_name: 'Harbor Sun' });

    const page = await t.request('GET', '/gallery');
    expect(page.text).toContain('<title>Harbor Sun | UPF 50+ Sun Shirts</title>');
    expect(page.text).toContain('<meta property="og:site_name" content="Harbor Sun" />');
    // Only the title and the preview tags: the page's own text is React's to render.
    expect(page.text).toContain('<div id="root">Sunward<span>');

    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify('Sun & <Sea>') })
      .where('key', '=', 'shopName')
      .execute();
    t.app.catalogCache.invalidate();
    expect((await t.request('GET', '/')).text).toContain('<title>Sun &amp; &lt;Sea&gt; | UPF');
  });
});
