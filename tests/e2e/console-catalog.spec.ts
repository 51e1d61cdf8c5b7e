import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { setOutOfStock } from './support/inventory.ts';
import { createOperator } from './support/operator.ts';
import { chooseOptions, openDesign } from './support/shop.ts';
import { SHOTS, TAKE_SHOTS, screenshot } from './support/shots.ts';

// Whatever happens in the journey, the next spec finds the shop as it was.
test.afterEach(async () => {
  await setOutOfStock('xlr', false);
  await query("UPDATE settings SET value = '10000' WHERE key = 'freeShippingTarget'");
});

/**
 * A full-page screenshot once every lazy picture has loaded (scrolled through first), after checking
 * that nothing widens the page past the screen (tables scroll or stack inside their box).
 */
async function shoot(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
  if (!TAKE_SHOTS) return;
  await page.evaluate(async () => {
    // Each screenful is rendered (two frames: the lazy pictures in view start loading) before the next.
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
      await frame();
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await screenshot(page, `${SHOTS}/${name}.png`, { fullPage: true });
}

/** A shopper in a browser of their own: what they see comes from the server, not the console's tab. */
async function shopperPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The console at the width of the project's screen: 1280 px on the desktop, 390 px on the phone. */
async function consoleWidth(page: Page, mobile: boolean) {
  await page.setViewportSize(mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 });
}

test('an operator takes a size off sale and changes the free-shipping target; the shop follows', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const mobile = testInfo.project.name === 'mobile';
  await createOperator(page);
  await consoleWidth(page, mobile);

  // The catalogue: XL - Regular goes out of stock.
  await page.goto('/admin/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  const xl = page.getByRole('switch', { name: 'Out of stock XL - Regular' });
  await expect(xl).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, `console-catalog-${mobile ? 390 : 1280}`);
  await xl.click();
  await expect(xl).toBeChecked();
  await expect(page.getByText('Saved: out of stock.')).toBeVisible();

  const shopper = await shopperPage(browser);
  let dialog = await openDesign(shopper, 'Grand Canyon');
  const size = dialog.getByLabel('Size');
  await expect(size.locator('option[value="xlr"]')).toHaveText('XL R (out of stock)');
  await expect(size.locator('option[value="xlr"]')).toBeDisabled();
  await expect(size.locator('option[value="lgr"]')).toHaveText('LG R');

  // Two shirts ($90.00) in the shopper's bag: $10.00 from free shipping at the $100.00 target.
  await chooseOptions(dialog, { size: 'lgr', position: 'Front', qty: 2 });
  dialog = shopper.getByRole('dialog', { name: 'Design was Added To Bag' });
  await dialog.getByRole('link', { name: 'Go To Shopping Bag' }).click();
  await expect(shopper.getByText('Your $10.00 Away')).toBeVisible();
  const bar = shopper.getByRole('progressbar', { name: 'Progress to free shipping' });
  await expect(bar).toHaveAttribute('aria-valuenow', '90');

  // Settings: the target goes down to $80.00; the shopper's bag ships free.
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const target = page.getByLabel('Free-shipping target');
  await expect(target).toHaveValue('100.00');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, `console-settings-${mobile ? 390 : 1280}`);
  // A target the server refuses: its message beside the field, nothing saved.
  await target.fill('1500');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  const refusal = 'Free-shipping target must be a dollar amount from $0.00 to $1,000.00.';
  await expect(page.getByRole('alert')).toContainText(refusal);
  await expect(target).toHaveAttribute('aria-invalid', 'true');
  await target.fill('80.00');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved.').first()).toBeVisible();
  await expect(page.getByText('Everything is saved.')).toBeVisible();

  await shopper.reload();
  await expect(shopper.getByText('You have FREE SHIPPING!')).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');

  // Both put back: the size on sale, the target at $100.00. The first save's message may still show,
  // so wait for this save's answer: leaving the page before it would cancel the request.
  await target.fill('100.00');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/settings') && r.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Save Settings' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('Settings saved.').first()).toBeVisible();
  await page.goto('/admin/catalog');
  await expect(xl).toBeChecked();
  await xl.click();
  await expect(xl).not.toBeChecked();
  await expect(page.getByText('Saved: back on sale.')).toBeVisible();

  await shopper.reload();
  await expect(shopper.getByText('Your $10.00 Away')).toBeVisible();
  dialog = await openDesign(shopper, 'Grand Canyon');
  await expect(dialog.getByLabel('Size').locator('option[value="xlr"]')).toHaveText('XL R');
  await shopper.context().close();
});
