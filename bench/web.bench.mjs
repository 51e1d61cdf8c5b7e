// Lighthouse (mobile) on the production build: performance, LCP, TBT, CLS and JS bytes for
// /, /designs, /gallery and /bag, plus the image bytes /designs downloads on a 390px-wide 2x phone.
// `npm run bench:web` builds what is stale first; `-- --no-build` skips that. Results go to
// bench/results/web-<timestamp>.json.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, chromiumPath, root, startShop, writeResult } from './lib.mjs';

const PAGES = ['/', '/designs', '/gallery', '/bag'];

/** The JavaScript index.html loads up front (entry + modulepreloads), gzip bytes. */
function initialJs() {
  const dist = path.join(root, 'apps/web/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/static\/[^"]+\.js)"/g)].map((m) => m[1]);
  const sizes = files.map((f) => ({
    file: f,
    gzip: gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length,
  }));
  return { files: sizes, total: sizes.reduce((s, f) => s + f.gzip, 0) };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

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
      const lhr = await audit(`${base}${page}`, { ...flags, onlyCategories: ['performance'] });
      const requests = lhr.audits['network-requests'].details?.items ?? [];
      const jsBytes = requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((s, r) => s + (r.transferSize ?? 0), 0);
      pages.push({
        page,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
        jsBytes,
      });
    }

    // /designs on a 390 x 844 phone at 2x: which image bytes does the first load download?
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
    const designsImages = {
      viewport: '390x844@2x',
      count: images.length,
      bytes: images.reduce((s, r) => s + (r.transferSize ?? 0), 0),
      types: [...new Set(images.map((r) => r.mimeType))],
    };

    const result = {
      at: new Date().toISOString(),
      initialJs: initialJs(),
      pages,
      designsImages,
    };
    // The entry starts the app and page chunks itself; the JS bytes column counts all JS each page loads.
    console.log('\nEntry JS named in index.html (gzip):', kb(result.initialJs.total));
    console.log('\npage        perf   LCP ms   TBT ms   CLS     FCP ms   JS bytes');
    for (const p of pages) {
      console.log(
        `${p.page.padEnd(10)} ${String(p.performance).padStart(5)} ${String(p.lcpMs).padStart(8)} ${String(p.tbtMs).padStart(8)}   ${p.cls.toFixed(3)} ${String(p.fcpMs).padStart(8)}   ${kb(p.jsBytes)}`,
      );
    }
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
