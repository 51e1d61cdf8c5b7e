import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { createOperator } from './support/operator.ts';
import { SHOTS, TAKE_SHOTS, screenshot } from './support/shots.ts';

/** The catalogue pages the server sends rendered (docs/decisions/025), with a heading each shows. */
const PRERENDERED = [
  { path: '/', heading: /Made for long days in the sun/i },
  { path: '/designs', heading: 'Ready? Choose a Design' },
  { path: '/designs/alaska', heading: 'Ready? Choose a Design' },
  { path: '/gallery', heading: 'Browse Our Design Collection' },
  { path: '/bag', heading: 'Shopping Bag' },
  { path: '/size-guide', heading: 'Size Guide' },
  { path: '/return-policy', heading: 'Return Policy' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-use', heading: 'Terms of Use' },
  // Forms that need nothing but the page (issue 30).
  { path: '/order-lookup', heading: 'Order Lookup' },
  { path: '/data-request', heading: 'Data Request' },
  { path: '/no-such-page', heading: /doesn.t go anywhere/ },
];

/** A browser that runs no script: what it shows came in the HTML. */
async function withoutScripts(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: width < 500 ? 844 : 900 },
  });
  return context.newPage();
}

test.describe('pages that arrive rendered', () => {
  test('with scripts off, each catalogue page shows its content, header and footer', async ({
    browser,
  }, testInfo) => {
    const width = testInfo.project.name === 'mobile' ? 390 : 1280;
    const page = await withoutScripts(browser, width);
    for (const { path, heading } of PRERENDERED) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await expect(page.getByText('© 2025 Sunward'), path).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sunward home' }), path).toBeVisible();
      // The start-up screen is not there: the page itself is.
      await expect(page.getByText('Loading the shop'), path).toHaveCount(0);
    }
    await page.goto('/designs');
    for (const name of ['Alaska', 'Grand Canyon', 'Twin Vistas']) {
      await expect(page.getByText(name, { exact: true }).first()).toBeAttached();
    }
    // A tile is a link to its design's URL: followed before (or without) the app, it opens the design.
    await page.getByRole('link', { name: /Alaska$/ }).click();
    await expect(page).toHaveURL(/\/designs\/alaska$/);
    await expect(page.getByRole('dialog', { name: 'Alaska' })).toBeVisible();
    // Styled as a dialog (its stylesheets came with the page), over a page that does not scroll.
    await expect(page.getByRole('dialog', { name: 'Alaska' })).toBeInViewport();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflowY)).toBe('hidden');
    // What a shopper without scripts sees, for a person to look at (support/shots.ts).
    for (const path of TAKE_SHOTS ? ['/', '/designs', '/gallery'] : []) {
      await page.goto(path);
      await screenshot(
        page,
        `${SHOTS}/prerendered-no-js${path === '/' ? '-home' : path.replace(/\//g, '-')}-${width}.png`,
      );
    }
    await page.context().close();
  });

  test('a page with a filled bag and a stored sign-in hydrates without a mismatch', async ({
    page,
    request,
  }) => {
    const products = (await (await request.get('/api/products')).json()) as Array<{
      id: string;
      default_price: string;
    }>;
    const shirt = products[0]!;
    const line = {
      id: 'line-1',
      productId: shirt.id,
      itemId: 123456,
      priceId: shirt.default_price,
      quantity: 2,
      productCost: 4500,
      size: 'lgr',
      position: 'Front',
      design: 'alaska',
    };
    // What only this browser knows: two shirts in the bag, and a sign-in the library has to check.
    await page.addInitScript(
      (cart) => {
        localStorage.setItem('cart', cart);
        localStorage.setItem('oidc.user:http://127.0.0.1/oidc:sunward-web', '{}');
      },
      JSON.stringify([line]),
    );
    // React reports a page it could not hydrate as rendered (#418, #419, #423, #425) as an error.
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    for (const { path, heading } of PRERENDERED) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      // Hydrated: the bag's count (localStorage) is on the page now.
      await expect(page.getByRole('link', { name: 'Shopping Bag, 2 items' }), path).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(
        problems.filter((p) => /hydrat|Minified React error|did not match/i.test(p)),
        path,
      ).toEqual([]);
    }
    await page.goto('/designs');
    await expectNoSeriousA11yViolations(page);
  });

  test('unknown paths answer 404 with the not-found page; the app routes answer 200 @mobile', async ({
    page,
    request,
  }) => {
    for (const path of [
      '/no-such-page',
      '/designs/no-such-design',
      '/account/nothing',
      '/admin/x',
    ]) {
      expect((await request.get(path)).status(), path).toBe(404);
      expect((await request.head(path)).status(), `HEAD ${path}`).toBe(404);
    }
    for (const path of ['/', '/designs/alaska', '/bag', '/checkout', '/account', '/callback']) {
      expect((await request.get(path)).status(), path).toBe(200);
      expect((await request.head(path)).status(), `HEAD ${path}`).toBe(200);
    }
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: /doesn.t go anywhere/ }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Designs' })).toBeVisible();
    await expect(page.getByText('© 2025 Sunward')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a design's URL has its own title and link preview @mobile", async ({ request }) => {
    const html = await (await request.get('/designs/alaska')).text();
    expect(html).toContain('<title>Alaska UPF 50+ Sun Shirt | Sunward</title>');
    expect(html).toMatch(
      /<meta property="og:title" content="Alaska UPF 50\+ Sun Shirt \| Sunward"/,
    );
    expect(html).toMatch(
      /<meta property="og:url" content="http:\/\/127\.0\.0\.1:\d+\/designs\/alaska"/,
    );
    expect(html).toMatch(/content="Alaska: a UPF 50\+ printed sun shirt, \$45\.00\./);
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/assets\/designs\/alaska-collection-/);
    expect((await request.get(image!)).headers()['content-type']).toBe('image/jpeg');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap.match(/<loc>[^<]*\/designs\/[a-z0-9-]+<\/loc>/g)).toHaveLength(30);
  });

  test("after an operator's catalogue change the served HTML shows it @mobile", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const width = testInfo.project.name === 'mobile' ? 390 : 1280;
    await createOperator(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/catalog');
    const onSale = page.getByRole('switch', { name: 'On sale Alaska' });
    await expect(onSale).toBeChecked();
    const shopper = await withoutScripts(browser, width);
    await shopper.goto('/designs');
    await expect(shopper.getByText('Alaska', { exact: true }).first()).toBeAttached();

    try {
      await onSale.click();
      await expect(page.getByText('Saved: off sale.')).toBeVisible();
      // Made again in the background as soon as the change is saved (never while a request waits).
      await expect(async () => {
        await shopper.reload();
        await expect(shopper.getByText('Alaska', { exact: true })).toHaveCount(0, { timeout: 100 });
      }).toPass({ timeout: 10_000 });
      await expect(shopper.getByText('Grand Canyon', { exact: true }).first()).toBeAttached();
      expect((await shopper.request.get('/designs/alaska')).status()).toBe(404);
    } finally {
      await page.goto('/admin/catalog');
      if (!(await onSale.isChecked())) {
        await onSale.click();
        await expect(page.getByText('Saved: on sale.')).toBeVisible();
      }
    }
    await expect(async () => {
      await shopper.reload();
      await expect(shopper.getByText('Alaska', { exact: true }).first()).toBeAttached({
        timeout: 100,
      });
    }).toPass({ timeout: 10_000 });
    expect((await shopper.request.get('/designs/alaska')).status()).toBe(200);
    await shopper.context().close();
  });
});
