/**
 * Issue 10, defect 1: a shopper who changes their mind (Ground, Priority, Ground; an address A, B, A)
 * pays exactly the total the page shows, on a phone (390 px) and a laptop (1280 px).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/shots.ts';
import { chargedAmount } from './support/inventory.ts';
import { enterCard } from './support/shop.ts';

const PRODUCT = {
  productId: 'prod_sunward_upf50_shirt',
  priceId: 'price_sunward_upf50_shirt_4500',
};

interface Address {
  line1: string;
  city: string;
  state: string;
  zip: string;
}
const NEW_YORK: Address = { line1: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' };
const AUSTIN: Address = { line1: '1100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

async function oneShirtInBag(page: Page) {
  await page.goto('/');
  await page.evaluate((product) => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        {
          ...product,
          id: 'line-0',
          itemId: 4242,
          productCost: 4500,
          design: 'alaska',
          size: 'mdr',
          position: 'Front',
          quantity: 1,
        },
      ]),
    );
  }, PRODUCT);
}

async function verify(page: Page, a: Address) {
  const form = page.getByRole('form', { name: 'Shipping address' });
  await form.getByLabel('Full name').fill('Ada Lovelace');
  await form.getByLabel('Address line 1').fill(a.line1);
  await form.getByLabel('City').fill(a.city);
  await form.getByLabel('State').selectOption(a.state);
  await form.getByLabel('ZIP code').fill(a.zip);
  await form.getByRole('button', { name: 'Verify Address' }).click();
  await expect(page.getByText('Address verified')).toBeVisible();
}

const total = (page: Page) =>
  page
    .getByRole('complementary', { name: 'Order summary' })
    .locator('dt', { hasText: /^Total$/ })
    .locator('xpath=following-sibling::dd[1]');

async function choose(page: Page, option: RegExp): Promise<string> {
  await page.getByRole('radio', { name: option }).check();
  await expect(total(page)).toHaveText(/^\$\d+\.\d\d$/);
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  return (await total(page).textContent())!;
}

async function startCheckout(page: Page) {
  await oneShirtInBag(page);
  await page.goto('/checkout');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await enterCard(page);
}

async function payAndCheck(page: Page, shown: string, shotName: string) {
  await expect(total(page)).toHaveText(shown);
  await screenshot(page, `test-results/${shotName}-before.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/success\?payment_intent=/);
  await expect(page.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeVisible();
  const receipt = page.locator('.success');
  await expect(
    receipt.locator('dt', { hasText: /^Total$/ }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(shown);
  const intent = new URL(page.url()).searchParams.get('payment_intent')!;
  const cents = Math.round(Number(shown.replace('$', '')) * 100);
  expect(await chargedAmount(intent)).toBe(cents);
  await screenshot(page, `test-results/${shotName}-after.png`, { fullPage: true });
}

for (const [width, height, tag] of [
  [390, 844, '@mobile'],
  [1280, 800, '@desktop'],
] as const) {
  // At the desktop's width these run again on PostgreSQL in CI (.ci/run, @postgres).
  test.describe(`at ${width} px ${tag}`, { tag: width === 1280 ? '@postgres' : [] }, () => {
    test.use({ viewport: { width, height } });

    test('Ground, Priority, Ground: charged the Ground total shown', async ({ page }) => {
      await startCheckout(page);
      await verify(page, NEW_YORK);
      const ground = await choose(page, /USPS Ground Advantage/);
      const priority = await choose(page, /USPS Priority Mail/);
      expect(priority).not.toBe(ground);
      expect(await choose(page, /USPS Ground Advantage/)).toBe(ground);
      await payAndCheck(page, ground, `change-option-${width}`);
    });

    test('address New York, Austin, New York: charged the New York total shown', async ({
      page,
    }) => {
      await startCheckout(page);
      await verify(page, NEW_YORK);
      const first = await choose(page, /USPS Priority Mail/);
      await page.getByRole('button', { name: 'Edit' }).click();
      await verify(page, AUSTIN);
      const austin = await choose(page, /USPS Priority Mail/);
      expect(austin).not.toBe(first);
      await page.getByRole('button', { name: 'Edit' }).click();
      await verify(page, NEW_YORK);
      expect(await choose(page, /USPS Priority Mail/)).toBe(first);
      await payAndCheck(page, first, `change-address-${width}`);
    });
  });
}
