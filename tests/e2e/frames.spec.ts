/**
 * Issue 30, decision 054: the shopper pages that depend on what only this browser knows (the order in
 * the navigation state, the bag, the sign-in) arrive as their frame from HTML (header, title, a
 * skeleton, footer); the app then takes over without a hydration error and without moving anything on
 * screen, and the page does what it did: the form, or the move with a line saying why. Each test holds
 * the app's scripts to look at the frame first; each failed on the build before (the start-up screen).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { SHOTS, screenshot } from './support/shots.ts';
import { appReady, displayFaceLoaded, putShirtInBag } from './support/shop.ts';
import { createAccountThroughShop, header } from './support/sign-in.ts';

/** The layout shifts a page has had (none caused by input), with the nodes that moved. */
interface Shift {
  value: number;
  nodes: string[];
}

/**
 * Watches `page` from its next load: React's hydration errors (it logs them, or throws #418 and its
 * kin) and the layout shifts. The app's scripts are held until `release`: until then what shows is the
 * HTML.
 */
async function holdTheApp(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    Object.assign(globalThis, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & LayoutShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          // What moved, from where to where (x,y w x h), to tell what caused it.
          nodes: entry.sources.map((s) => {
            const name =
              s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : '#text';
            const box = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
            return `${name} ${box(s.previousRect)} -> ${box(s.currentRect)}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const hydrationErrors = () =>
    problems.filter((p) => /hydrat|Minified React error|did not match/i.test(p));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/static/**/*.js', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return {
    /**
     * Lets the app load, counting shifts from here: the frame is on screen with its font (a font that
     * arrives late moves text by itself; decision 025 preloads it, and a busy test machine can still
     * paint before it), so what is counted is what the app's taking over moves.
     */
    release: async () => {
      await displayFaceLoaded(page);
      await page.evaluate(() => {
        (globalThis as unknown as { __shifts: Shift[] }).__shifts.length = 0;
      });
      release();
    },
    hydrationErrors,
    /** The app has taken over: no hydration error, and nothing moved since the release. */
    tookOver: async (what?: string) => {
      await appReady(page);
      expect(hydrationErrors(), what).toEqual([]);
      const shifts = await page.evaluate(
        () => (globalThis as unknown as { __shifts: Shift[] }).__shifts,
      );
      expect(shifts, what).toEqual([]);
    },
  };
}

interface LayoutShiftEntry {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

/** Opens `path` with the app held (holdTheApp) and checks its frame, titled `title`. */
async function openFrame(page: Page, path: string, title: string) {
  const app = await holdTheApp(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expectFrame(page, title);
  return app;
}

/** What the HTML shows before any script: the header, the page's title, the footer; no start-up screen. */
async function expectFrame(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sunward home' })).toBeVisible();
  await expect(page.getByText('© 2025 Sunward')).toBeAttached();
  await expect(page.getByText('Loading the shop')).toHaveCount(0);
  expect(await page.locator('html').getAttribute('data-app'), 'the app has not started').toBeNull();
}

/** The screenshots are named by the width they were taken at. */
const width = (page: Page) => page.viewportSize()?.width ?? 0;

test('/support opened directly arrives as its frame, then goes to the lookup saying why', async ({
  page,
}) => {
  const app = await openFrame(page, '/support', 'Support');
  await screenshot(page, `${SHOTS}/frame-support-${width(page)}.png`);
  await app.release();
  await expect(page).toHaveURL(/\/order-lookup$/);
  await expect(page.getByRole('status').filter({ hasText: 'Support starts' })).toHaveText(
    'Support starts from an order: find your order here, then choose Support.',
  );
  await app.tookOver();
  await screenshot(page, `${SHOTS}/frame-support-moved-${width(page)}.png`);
});

test('/support reloaded with its order arrives as its frame, then shows the form for that order', async ({
  page,
}) => {
  await page.goto('/order-lookup');
  await appReady(page);
  // As the lookup's Support button leaves it (React Router keeps its state in history.state.usr),
  // which a reload keeps.
  await page.evaluate(() =>
    history.replaceState(
      { usr: { orderNumber: 'AB12CD34EF', previousUrl: '/order-lookup' }, key: 'k1', idx: 0 },
      '',
      '/support',
    ),
  );
  const app = await holdTheApp(page);
  await page.reload({ waitUntil: 'commit' });
  await expectFrame(page, 'Support');
  await app.release();
  await expect(page.getByText('Order # AB12CD34EF')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEditable();
  await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute(
    'href',
    '/order-lookup',
  );
  await expect(page).toHaveURL(/\/support$/);
  await app.tookOver();
  await expectNoSeriousA11yViolations(page);
});

test('/checkout with an empty bag arrives as its frame, then moves to the empty bag without a shift', async ({
  page,
}) => {
  const app = await openFrame(page, '/checkout', 'Checkout');
  await expect(page.getByRole('link', { name: 'Back to bag' })).toBeVisible();
  await screenshot(page, `${SHOTS}/frame-checkout-${width(page)}.png`);
  await app.release();
  await expect(page).toHaveURL(/\/bag$/);
  await expect(page.getByRole('heading', { name: 'Your Shopping Bag is Empty' })).toBeVisible();
  await app.tookOver();
  await screenshot(page, `${SHOTS}/frame-checkout-moved-${width(page)}.png`);
});

test('/checkout with a bag arrives as its frame, then shows the checkout form', async ({
  page,
}) => {
  await putShirtInBag(page);
  const app = await openFrame(page, '/checkout', 'Checkout');
  await app.release();
  await expect(page.getByLabel('Email', { exact: true })).toBeEditable();
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText('Alaska');
  await expect(header(page).getByRole('link', { name: /Shopping Bag, 1 item/ })).toBeVisible();
  await app.tookOver();
  await screenshot(page, `${SHOTS}/frame-checkout-filled-${width(page)}.png`);
});

test('/return and /return/confirmation opened directly arrive as their frame, then go to the lookup saying why', async ({
  page,
}) => {
  for (const [path, title, why] of [
    ['/return', 'Start a Return', 'A return starts from its order'],
    ['/return/confirmation', 'Return Confirmation', 'Your return is listed with its order'],
  ] as const) {
    const app = await openFrame(page, path, title);
    await screenshot(page, `${SHOTS}/frame${path.replace(/\//g, '-')}-${width(page)}.png`);
    await app.release();
    await expect(page).toHaveURL(/\/order-lookup$/);
    await expect(page.getByRole('status').filter({ hasText: why })).toBeVisible();
    await app.tookOver(path);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});

test('/account signed out arrives as its frame, then goes to sign in', async ({ page }) => {
  const app = await openFrame(page, '/account', 'Account');
  // Nothing of a signed-in account, and no Sign In either: the frame is the same for both.
  await expect(page.getByText('Log Out')).toHaveCount(0);
  await expect(header(page).getByText('Sign In')).toHaveCount(0);
  await screenshot(page, `${SHOTS}/frame-account-${width(page)}.png`);
  await app.release();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/oidc\//);
  expect(app.hydrationErrors()).toEqual([]);
});

test('/account signed in arrives as its frame, never says Sign In, then shows the account', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `frame.${testInfo.project.name}.${Date.now()}@example.com`;
  await createAccountThroughShop(page, { name: 'Robin Frame', email, password: 'frame-walk-42-K' });
  const app = await openFrame(page, '/account', 'Account');
  await expect(header(page).getByText('Sign In')).toHaveCount(0);
  await app.release();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(header(page).getByText('Sign In')).toHaveCount(0);
  await app.tookOver();
  await screenshot(page, `${SHOTS}/frame-account-signed-in-${width(page)}.png`);
});
