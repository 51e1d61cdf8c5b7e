import { FEED_CONTENT_TYPE, MerchantFeed } from '../features/pages/merchant-feed.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { loadConfiguration, SETTINGS_CACHE_KEY } from '../features/settings/settings.ts';
import { sendBody } from '../lib/compressed-body.ts';
import { securityHeaders, type RequestGuard } from './security.ts';
import type { ApiLimit } from './rate-limit.ts';
import { PAGE_ROUTE } from './metrics.ts';
import { catalogAnswers } from '../features/pages/catalog-answers.ts';
import { readBuiltPages } from '../features/pages/built-pages.ts';
import { loadWebBuild } from '../features/pages/prerender-module.ts';
import { PrerenderedPages, type MadePage } from '../features/pages/prerendered-pages.ts';
import { indexPages, isConsolePage, robotsTxt, sitemapXml } from './discovery.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const WEB_MANIFEST = 'manifest.webmanifest';

/**
 * Serves the built storefront (hashed files under /static are immutable; index.html is revalidated),
 * the generated images under /assets, the web app manifest, robots.txt and sitemap.xml, and falls back
 * to index.html (named after the shop) for page routes. Unknown /api URLs answer 404 JSON, counted
 * against the client's API rate limit like any API request; every answer here carries the security
 * headers (routes get them from their onRequest hook).
 */
export async function registerStatic(
  app: FastifyInstance,
  config: Config,
  guard: RequestGuard,
  limit: ApiLimit,
): Promise<void> {
  if (existsSync(config.assetsDir)) {
    await app.register(fastifyStatic, {
      root: config.assetsDir,
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply) => void reply.header('cache-control', IMMUTABLE),
    });
  }

  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      index: false,
      // Routes are made for the files present at start (a build is immutable); the rest falls through.
      wildcard: false,
      cacheControl: false,
      // Precompressed .br/.gz siblings written by the web build are served when the client accepts them.
      preCompressed: true,
      // Answered below, with the shop's name in it; the prerendering module and the build's manifest
      // are the server's to read (features/pages), not files to serve.
      globIgnore: [WEB_MANIFEST, 'server/**', '.vite/**', 'pages/**', 'script-inventory.json'],
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}static${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : 'public, max-age=0, must-revalidate');
      },
    });
  }

  /**
   * The shop's name: a setting operators change, read through the catalogue's cache (the settings' key).
   * Pages do not fail with the database or a bad stored setting: they log it and fall back to SHOP_NAME.
   */
  const shopName = async () => {
    try {
      const { body } = await app.catalogCache.get(SETTINGS_CACHE_KEY, () =>
        loadConfiguration(app.db, config),
      );
      return (JSON.parse(body) as { shopName: string }).shopName;
    } catch (err) {
      app.log.error({ err }, 'could not read the shop name; using SHOP_NAME');
      return config.shopName;
    }
  };

  const manifestFile = path.join(config.webDistDir, WEB_MANIFEST);
  if (existsSync(manifestFile)) {
    // The web build writes the icons and colours; the name is the shop's.
    const built = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
    app.get(`/${WEB_MANIFEST}`, async (_request, reply) => {
      const name = await shopName();
      return reply
        .header('content-type', 'application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(JSON.stringify({ ...built, name, short_name: name }));
    });
  }

  if (hasWeb) {
    const robots = robotsTxt(config.siteUrl);
    const sitemap = sitemapXml(config.siteUrl);
    app.get('/robots.txt', (_request, reply) =>
      reply.header('content-type', 'text/plain; charset=utf-8').send(robots),
    );
    app.get('/sitemap.xml', (_request, reply) =>
      reply.header('content-type', 'application/xml; charset=utf-8').send(sitemap),
    );
  }

  const indexPage = hasWeb ? indexPages(readFileSync(indexFile, 'utf8'), config.siteUrl) : null;
  // The catalogue pages arrive rendered and the route table decides 200 or 404 (docs/decisions/025),
  // when the storefront was built with its prerendering module.
  const build = indexPage ? await loadWebBuild(config.webDistDir) : null;
  const catalog = catalogAnswers(app, config);
  const pages =
    build && indexPage
      ? new PrerenderedPages({
          build,
          template: (name) => indexPage(name, 'shop'),
          siteUrl: config.siteUrl,
          readCatalog: catalog.read,
          peekCatalog: catalog.peek,
          log: app.log,
        })
      : null;
  if (build) {
    // The product feed for Google Merchant Center (decision 051), from the same catalogue answers.
    const feed = new MerchantFeed({
      siteUrl: config.siteUrl,
      readCatalog: catalog.read,
      image: (designName) => build.module.designPreviewImage(designName)?.url ?? null,
    });
    app.get('/feeds/google.xml', async (request, reply) =>
      sendBody(
        request,
        reply.header('cache-control', 'no-cache'),
        await feed.current(),
        FEED_CONTENT_TYPE,
      ),
    );
  }
  if (pages) {
    pages.adopt(readBuiltPages(path.join(config.webDistDir, 'pages'), config.siteUrl));
    app.decorate('prerenderedPages', pages);
    // A current page is sent by the fast lane with the headers sendPage gives it here.
    app.fastLane.serve({
      headers: { ...securityHeaders(config), ...PAGE_HEADERS, 'content-type': PAGE_CONTENT_TYPE },
      find: (url) => pages.peek(url),
      // Measured like the pages Fastify answers here (plugins/metrics.ts).
      route: PAGE_ROUTE,
    });
    // Made in the background once the server is ready (a request for a page not made yet waits for
    // it), and again as soon as an operator's change here clears the catalogue's answers; another
    // process's change is seen by the first request after the cache's time, which starts the same.
    const warm = () =>
      void pages.warm().catch((err: unknown) => app.log.error({ err }, 'could not prerender'));
    const stop = app.catalogCache.onChange(warm);
    app.addHook('onReady', async () => warm());
    app.addHook('onClose', async () => stop());
  }
  app.setNotFoundHandler(async (request, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    const isFile =
      path.extname(url) !== '' || url.startsWith('/assets/') || url.startsWith('/static/');
    guard.secure(request, reply, isApi);
    if (isApi) await limit(request, reply); // throws the 429 when the client is over its limit
    // HEAD as well as GET: uptime monitors and link checkers ask for a page's headers only (node sends
    // no body in answer to HEAD).
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || isFile || !read || !indexPage) {
      request.log.info({ method: request.method, url, statusCode: 404 }, 'not found');
      return reply
        .status(404)
        .send({ message: `Not found: ${request.method} ${url}`, code: 'not_found' });
    }
    let status: 200 | 404 = 200;
    if (pages) {
      try {
        const answer = await pages.answer(url);
        if (answer.page) return sendPage(request, reply.status(answer.status), answer.page);
        status = answer.status;
      } catch (err) {
        request.log.error(
          { err },
          'could not answer from the prerendered pages; the start-up page',
        );
      }
    }
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexPage(await shopName(), isConsolePage(url) ? 'console' : 'shop'));
  });
}

const PAGE_CONTENT_TYPE = 'text/html; charset=utf-8';
/** A prerendered page's headers besides the security set, its type, entity tag and encoding. */
const PAGE_HEADERS = {
  // Revalidated on each visit: the page follows the catalogue (a price, a size's stock).
  'cache-control': 'no-cache',
  vary: 'accept-encoding',
};

/**
 * A prerendered page, compressed as made when the client takes brotli or gzip, or 304 when the client
 * holds it (its ETag).
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: MadePage) {
  // The not-found page answers 404 whatever the client holds (sendBody's 304 is a 200's).
  return sendBody(request, reply.headers(PAGE_HEADERS), page, PAGE_CONTENT_TYPE);
}
