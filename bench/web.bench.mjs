// Lighthouse (mobile) on the production build: performance, SEO, LCP, TBT, CLS and JS bytes for
// /, /designs, one design's URL (/designs/alaska), /gallery, /bag, /order-lookup, /data-request and the pages
// that depend on the shopper (/support, /checkout with an empty bag, /account signed out, /return,
// /return/confirmation, opened directly), plus the image bytes /designs downloads on a 390px-wide 2x phone.
// BENCH_WEB_PAGES=/support,/checkout measures only those pages.
// `npm run bench:web` builds what is stale first; `-- --no-build` skips that. Results go to
// bench/results/web-<timestamp>.json.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, root, startShop, writeResult } from './lib.mjs';

// One design's own URL (issue 16) beside the catalogue pages, the forms that arrive rendered, and the
// pages that arrive as a frame and depend on what this browser knows (issue 30): Lighthouse opens each
// in a fresh profile, so /checkout has an empty bag, /account is signed out, and /support and the return
// pages have no order in their navigation state.
const ALL_PAGES = [
  '/',
  '/designs',
  '/designs/alaska',
  '/gallery',
  '/bag',
  '/order-lookup',
  '/data-request',
  '/support',
  '/checkout',
  '/account',
  '/return',
  '/return/confirmation',
];
const PAGES = process.env.BENCH_WEB_PAGES?.split(',') ?? ALL_PAGES;

/**
 * The JavaScript a page's HTML loads up front (its entry script and modulepreloads), gzip bytes: what
 * every first visit downloads. Prerendered pages start only the entry (the app follows their first
 * paint); index.html, which answers the pages that are not prerendered, preloads the app's start.
 */
function initialJs(html = readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8')) {
  const dist = path.join(root, 'apps/web/dist');
  const files = [...html.matchAll(/(?:src|href)="(\/static\/[^"]+\.js)"/g)].map((m) => m[1]);
  const sizes = files.map((f) => ({
    file: f,
    gzip: gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length,
  }));
  return { files: sizes, total: sizes.reduce((s, f) => s + f.gzip, 0) };
}

/** Kilobytes of 1,000 bytes, as the budgets are written. */
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

const gzipCache = new Map();
/** The gzip (level 9) size of a built file named by its URL path, as the server's .gz sibling holds it. */
function gzipSize(urlPath) {
  if (!gzipCache.has(urlPath)) {
    const file = path.join(root, 'apps/web/dist', urlPath);
    gzipCache.set(
      urlPath,
      existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0,
    );
  }
  return gzipCache.get(urlPath);
}

/**
 * What JavaScript a page needs before it paints, measured in Chromium as a phone on Lighthouse's slow 4G
 * (150 ms RTT, 1.6 Mbps down) with a 4x CPU slowdown: the first paint, which scripts had finished
 * downloading by then, and the gzip bytes of the scripts downloaded before the page's content painted
 * (its largest contentful paint).
 */
async function paintBudget(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = globalThis;
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    // The page's content is in once the start-up screen is gone and the network is quiet.
    await page.waitForSelector('.startup', { state: 'detached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const t = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
      lcp: globalThis.__lcp,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => ({ path: new URL(e.name).pathname, end: e.responseEnd })),
    }));
    const before = (ms) => t.scripts.filter((x) => x.end <= ms);
    const sum = (xs) => xs.reduce((n, x) => n + gzipSize(x.path), 0);
    return {
      firstPaintMs: Math.round(t.firstPaint),
      jsBeforeFirstPaint: sum(before(t.firstPaint)),
      firstScriptMs: Math.round(Math.min(...t.scripts.map((x) => x.end))),
      contentPaintMs: Math.round(t.lcp),
      jsBeforeContent: sum(before(t.lcp)),
    };
  } finally {
    await context.close();
  }
}

/** One Lighthouse run; retried once when Lighthouse reports a run error (a busy machine can cause one). */
async function audit(url, flags, config) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, flags, config);
    const ok = !lhr.runtimeError && lhr.audits['largest-contentful-paint']?.numericValue != null;
    if (ok || attempt === 2) {
      if (!ok)
        throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError?.message ?? 'no LCP'}`);
      return lhr;
    }
  }
}

/** The images /designs downloads on a 390 x 844 phone at 2x (its first load). */
async function designsImageBytes(base, flags) {
  const lhr = await audit(
    `${base}/designs`,
    { ...flags, onlyCategories: ['performance'] },
    {
      extends: 'lighthouse:default',
      settings: {
        formFactor: 'mobile',
        screenEmulation: {
          mobile: true,
          width: 390,
          height: 844,
          deviceScaleFactor: 2,
          disabled: false,
        },
      },
    },
  );
  const images = (lhr.audits['network-requests'].details?.items ?? []).filter(
    (r) => r.resourceType === 'Image',
  );
  return {
    viewport: '390x844@2x',
    count: images.length,
    bytes: images.reduce((s, r) => s + (r.transferSize ?? 0), 0),
    types: [...new Set(images.map((r) => r.mimeType))],
  };
}

async function run() {
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: build the storefront first');
  }
  const shop = await startShop({ LOG_LEVEL: 'warn' });
  const base = shop.url;
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error' };
    const pages = [];
    for (const page of PAGES) {
      // Lighthouse's default: mobile form factor, simulated slow 4G and 4x CPU slowdown.
      const lhr = await audit(`${base}${page}`, {
        ...flags,
        onlyCategories: ['performance', 'seo'],
      });
      const requests = lhr.audits['network-requests'].details?.items ?? [];
      const jsBytes = requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((s, r) => s + (r.transferSize ?? 0), 0);
      const html = await (await fetch(`${base}${page}`)).text();
      pages.push({
        page,
        firstLoadJs: initialJs(html).total,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        jsBytes,
        // Where the page ended up: the pages opened without what they need move (to /order-lookup,
        // /bag, the sign-in).
        finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      });
    }

    // /designs on a 390 x 844 phone at 2x: which image bytes does the first load download?
    const designsImages = PAGES.includes('/designs') ? await designsImageBytes(base, flags) : null;

    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    });
    try {
      for (const p of pages) p.paint = await paintBudget(browser, `${base}${p.page}`);
    } finally {
      await browser.close();
    }

    const result = {
      at: new Date().toISOString(),
      initialJs: initialJs(),
      pages,
      designsImages,
    };
    // First-load JS: what the page's HTML starts; the JS bytes column counts all JS each page loads
    // (the app and the page's chunks, which a prerendered page fetches after its first paint).
    console.log(
      '\nFirst-load JS of index.html (the pages that are not prerendered; gzip):',
      kb(result.initialJs.total),
    );
    console.log(
      '\npage                  perf   SEO   LCP ms   TBT ms   CLS     FCP ms   JS bytes   first-load JS   ended at',
    );
    for (const p of pages) {
      console.log(
        `${p.page.padEnd(20)} ${String(p.performance).padStart(5)} ${String(p.seo).padStart(5)} ${String(p.lcpMs).padStart(8)} ${String(p.tbtMs).padStart(8)}   ${p.cls.toFixed(3)} ${String(p.fcpMs).padStart(8)}   ${kb(p.jsBytes).padStart(8)}   ${kb(p.firstLoadJs).padStart(13)}   ${p.finalPath === p.page ? '' : p.finalPath}`,
      );
    }
    console.log(
      '\nJavaScript before painting (Chromium, 390x844@2x, slow 4G, 4x CPU; gzip bytes of whole scripts)',
    );
    console.log(
      'page                 first paint  JS by then  first script done  content paint  JS by then',
    );
    for (const p of pages) {
      const b = p.paint;
      console.log(
        `${p.page.padEnd(20)} ${`${b.firstPaintMs} ms`.padStart(12)} ${kb(b.jsBeforeFirstPaint).padStart(11)} ${`${b.firstScriptMs} ms`.padStart(18)} ${`${b.contentPaintMs} ms`.padStart(14)} ${kb(b.jsBeforeContent).padStart(11)}`,
      );
    }
    if (designsImages)
      console.log(
        `\n/designs images at ${designsImages.viewport}: ${designsImages.count} files, ${kb(designsImages.bytes)} (${designsImages.types.join(', ')})`,
      );
    const file = writeResult('web', result);
    console.log(`\nwrote ${path.relative(root, file)}`);
  } finally {
    await chrome.kill();
    await shop.stop();
  }
}

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
