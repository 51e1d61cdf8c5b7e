/**
 * Issue 16, the product shown as it is: the modal opens on the shirt with its facts, the size guide
 * and the return promise; each design has its own URL; the price is on every tile; the trust details
 * (card marks, brand mark, support email) are where a shopper decides; the footer's email and the
 * header's logo read at 390 px.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { SHIRT_FACTS } from '../../packages/core/src/product-facts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { createOperator } from './support/operator.ts';
import { appReady, chooseOptions } from './support/shop.ts';
import { SHOTS, screenshot } from './support/shots.ts';

test.afterEach(async () => {
  await query('UPDATE product_facts SET care = ? WHERE care <> ?', [
    SHIRT_FACTS.care,
    SHIRT_FACTS.care,
  ]);
});

async function shot(page: Page, name: string, testInfo: { project: { name: string } }) {
  await screenshot(page, `${SHOTS}/product-${name}-${testInfo.project.name}.png`);
}

test('a design opens at its own URL on the shirt, with its facts, size guide and return promise', async ({
  page,
}, testInfo) => {
  await page.goto('/designs');
  await appReady(page);
  await page.getByRole('link', { name: /Sunset Cove$/ }).click();
  await expect(page).toHaveURL(/\/designs\/sunset-cove$/);
  const dialog = page.getByRole('dialog', { name: 'Sunset Cove' });
  await expect(dialog.getByText('$45.00')).toBeVisible();
  await expect(page).toHaveTitle('Sunset Cove UPF 50+ Sun Shirt | Sunward');
  // The first picture is the shirt, not the bare artwork.
  const show = dialog.getByRole('region', { name: 'Sunset Cove pictures' });
  await expect(show.locator('[aria-live="polite"]')).toHaveText(
    /^1 of 3: Sunset Cove shirt, folded/,
  );
  // Near Add to bag: the return promise and the support address.
  await expect(
    dialog.getByText(/return within 15 days after you receive your order/i),
  ).toBeVisible();
  await expect(dialog.getByText(/One free return per order/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'support@sunward.com' })).toHaveAttribute(
    'href',
    'mailto:support@sunward.com',
  );
  // The facts, open beside the price.
  await expect(dialog.getByText(SHIRT_FACTS.upf)).toBeVisible();
  await expect(dialog.getByText(SHIRT_FACTS.standard)).toBeVisible();
  await expect(dialog.getByText(SHIRT_FACTS.fabric)).toBeVisible();
  await shot(page, 'modal', testInfo);
  await expectNoSeriousA11yViolations(page);
  // The size guide opens beside the design, which stays open with what was chosen.
  await dialog.getByLabel('Size').selectOption({ label: 'MD R' });
  const [guide] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('link', { name: 'Size guide (opens in a new tab)' }).click(),
  ]);
  await expect(guide).toHaveURL(/\/size-guide$/);
  await guide.close();
  await expect(dialog.getByLabel('Size')).toHaveValue('mdr');

  // Closing returns to the grid; Back and Forward move between the two.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/designs$/);
  await page.goForward();
  await expect(page.getByRole('dialog', { name: 'Sunset Cove' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/designs$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a design’s URL opened directly shows it; an unknown design is not found @mobile', async ({
  page,
}) => {
  await page.goto('/designs/grand-canyon');
  const dialog = page.getByRole('dialog', { name: 'Grand Canyon' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveTitle('Grand Canyon UPF 50+ Sun Shirt | Sunward');
  await chooseOptions(dialog, { size: 'lgr', position: 'Back', qty: 1 });
  await expect(page.getByRole('dialog', { name: 'Design was Added To Bag' })).toBeVisible();
  await page.getByRole('button', { name: 'Select Another Design' }).click();
  await expect(page).toHaveURL(/\/designs$/);
  await expect(page.getByRole('heading', { name: 'Ready? Choose a Design' })).toBeVisible();

  await page.goto('/designs/no-such-design');
  await expect(page.getByRole('heading', { name: "This trail doesn't go anywhere" })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
});

test('the home picker opens a design at its URL and closing returns to the same place', async ({
  page,
}) => {
  await page.goto('/');
  await appReady(page);
  const picker = page.getByRole('region', { name: 'Pick your design' });
  // The page is scrolled to the picker first: whether the click itself has to scroll depends on where
  // the picker sits when the page's pictures have loaded, which is not what this journey is about.
  await picker.evaluate((region) => region.scrollIntoView());
  // A mark on this document: the design must open in place, not as a page load of its URL.
  await page.evaluate(() => Object.assign(window, { beforeTheTap: true }));
  await picker.getByRole('link', { name: /Key West$/ }).click();
  await expect(page).toHaveURL(/\/designs\/key-west$/);
  await expect(page.getByRole('dialog', { name: 'Key West' })).toBeVisible();
  expect(await page.evaluate(() => 'beforeTheTap' in window)).toBe(true);
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(page).toHaveTitle('Sunward | UPF 50+ Sun Shirts');
});

test('the price is on every design tile: /designs, the home picker and the gallery @mobile', async ({
  page,
}) => {
  await page.goto('/designs');
  await expect(
    page.getByRole('list').filter({ hasText: 'Alaska' }).getByText('$45.00'),
  ).toHaveCount(30);
  await page.goto('/');
  await expect(
    page.getByRole('region', { name: 'Pick your design' }).getByText('$45.00'),
  ).toHaveCount(30);
  await page.goto('/gallery');
  await expect(page.locator('main').getByText('$45.00')).toHaveCount(30);
});

test('an operator changes the care fact; shoppers read it in the modal @desktop', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await createOperator(page);
  await page.goto('/admin/catalog');
  const care = page.getByLabel('Care');
  await expect(care).toHaveValue(SHIRT_FACTS.care);
  await care.fill('Machine wash cold, inside out. Hang to dry in the shade.');
  await page.getByRole('button', { name: 'Save facts' }).click();
  await expect(page.getByText('Saved: shoppers see these facts from now on.')).toBeVisible();

  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/designs/alaska');
  const dialog = shopper.getByRole('dialog', { name: 'Alaska' });
  // The page arrives rendered; the app takes over when its form's controls are enabled (decision 025).
  await expect(dialog.getByRole('button', { name: 'add to shopping bag' })).toBeEnabled();
  await expect(
    dialog.getByText('Machine wash cold, inside out. Hang to dry in the shade.'),
  ).toBeVisible();
  await shopper.context().close();
});

test('the cards the shop takes and its brand mark are in the footer, the cards beside the card field, the promise in the bag @mobile', async ({
  page,
}, testInfo) => {
  await page.goto('/designs/alaska');
  await chooseOptions(page.getByRole('dialog', { name: 'Alaska' }), {
    size: 'mdr',
    position: 'Front',
    qty: 1,
  });
  await page.getByRole('link', { name: 'Go To Shopping Bag' }).click();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(
    summary.getByText(/return within 15 days after you receive your order/i),
  ).toBeVisible();
  await expect(summary.getByRole('link', { name: 'support@sunward.com' })).toBeVisible();

  const footer = page.getByRole('contentinfo');
  const footerCards = footer.getByRole('list', { name: 'Cards we accept' });
  for (const brand of ['Visa', 'Mastercard', 'American Express', 'Discover']) {
    await expect(footerCards.getByRole('img', { name: brand })).toBeVisible();
  }
  await expect(footer.locator('.footer__name img')).toBeVisible();
  await footer.scrollIntoViewIfNeeded();
  await shot(page, 'footer', testInfo);

  await page.goto('/checkout');
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByLabel('Card number')).toBeVisible();
  const cards = payment.getByRole('list', { name: 'Cards we accept' });
  for (const brand of ['Visa', 'Mastercard', 'American Express', 'Discover']) {
    await expect(cards.getByRole('img', { name: brand })).toBeVisible();
  }
  // Each mark is drawn (an SVG background), not an empty box.
  const drawn = await cards
    .getByRole('img')
    .evaluateAll((marks) => marks.map((m) => getComputedStyle(m).backgroundImage));
  expect(drawn.every((image) => image.startsWith('url('))).toBe(true);
  await payment.scrollIntoViewIfNeeded();
  await shot(page, 'checkout-cards', testInfo);
  await expectNoSeriousA11yViolations(page);
});

test.describe('at 390 px @mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the footer’s support email wraps whole, never mid-word', async ({ page }) => {
    await page.goto('/size-guide');
    const email = page.getByRole('contentinfo').getByRole('link', { name: 'support@sunward.com' });
    await email.scrollIntoViewIfNeeded();
    // One line box for the address: a break inside it would make two.
    const lines = await email.evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
  });

  test('the header’s logo reads: no lettering smaller than 12 px', async ({ page }) => {
    await page.goto('/size-guide');
    const logo = page.getByRole('link', { name: 'Sunward home' });
    await expect(logo).toBeVisible();
    // The shop's name as text, large enough to read.
    const name = logo.getByText('Sunward', { exact: true });
    await expect(name).toBeVisible();
    const size = await name.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(16);
    // Not the whole logo, whose tagline renders about 6 px tall at the header's height.
    const pictures = await logo
      .locator('img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc));
    expect(pictures.filter((src) => /-logo\./.test(src))).toEqual([]);
  });
});
