/**
 * Checkout journeys (issue 5): a guest verifies an address, picks a shipping option, pays with a
 * sandbox test card and lands on the success page. Figures are worked by hand from the offline rate
 * card (packages/core/src/shipping.ts: 6 oz a shirt, shop ZIP 28202) and Charlotte's combined rate
 * of 7.25% (28202 is in Mecklenburg County: NC 4.75% + county 2% + transit 0.5%, packages/core/src/
 * local-sales-tax.ts); tax = (subtotal + shipping) x rate, rounded half up.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { enterCard } from './support/shop.ts';
import { screenshot } from './support/shots.ts';

// The money of a checkout does not depend on the screen: the whole purchase runs on both layouts, the
// variations of it (free shipping, no nexus, a declined card, a ZIP suggestion, 3-D Secure) on the
// phone, where most shoppers buy.
const PRODUCT = {
  productId: 'prod_sunward_upf50_shirt',
  priceId: 'price_sunward_upf50_shirt_4500',
};

interface Line {
  design: string;
  size: string;
  position: 'Front' | 'Back';
  quantity: number;
}

/** Puts lines in the guest bag (localStorage['cart']) the way the add-to-bag modal would. */
async function fillBag(page: Page, lines: Line[]) {
  await page.goto('/');
  await page.evaluate(
    ({ lines, product }) =>
      localStorage.setItem(
        'cart',
        JSON.stringify(
          lines.map((l, i) => ({
            ...l,
            ...product,
            id: `line-${i}`,
            itemId: 1000 + i,
            productCost: 4500,
          })),
        ),
      ),
    { lines, product: PRODUCT },
  );
}

interface Address {
  name: string;
  line1: string;
  city: string;
  state: string;
  zip: string;
}
const CHARLOTTE: Address = {
  name: 'Ada Lovelace',
  line1: '600 E Trade St',
  city: 'Charlotte',
  state: 'NC',
  zip: '28202',
};
const AUSTIN: Address = {
  name: 'Grace Hopper',
  line1: '1100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

async function enterAddress(page: Page, a: Address) {
  const form = page.getByRole('form', { name: 'Shipping address' });
  await form.getByLabel('Full name').fill(a.name);
  await form.getByLabel('Address line 1').fill(a.line1);
  await form.getByLabel('City').fill(a.city);
  await form.getByLabel('State').selectOption(a.state);
  await form.getByLabel('ZIP code').fill(a.zip);
  await form.getByRole('button', { name: 'Verify Address' }).click();
}

const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });

/** The amount next to a label in a definition list ('Subtotal', 'Shipping', 'Sales Tax', 'Total'). */
const figure = (scope: ReturnType<Page['locator']>, label: string) =>
  scope
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

async function checkoutTo(page: Page, address: Address, email = 'ada@example.com') {
  await page.goto('/checkout');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await enterAddress(page, address);
  await expect(page.getByText('Address verified')).toBeVisible();
}

test('a guest buys two shirts: verify, ground, pay, success with the right totals @mobile', async ({
  page,
}) => {
  await page.goto('/designs');
  await page.getByRole('link', { name: /Alaska sun shirt/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Size').selectOption('mdr');
  await dialog.getByLabel('Position', { exact: true }).selectOption('Front');
  await dialog.getByLabel('Qty').selectOption('2');
  await dialog.getByRole('button', { name: 'add to shopping bag' }).click();
  await dialog.getByRole('link', { name: 'Go To Shopping Bag' }).click();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(figure(summary(page), 'Shipping')).toHaveText('TBD');
  await expect(figure(summary(page), 'Total')).toHaveText('TBD');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await enterAddress(page, CHARLOTTE);
  await expect(page.getByText('Address verified')).toBeVisible();
  const ground = page.getByRole('radio', { name: /USPS Ground Advantage/ });
  await expect(page.locator('label', { has: ground })).toContainText('$7.70');
  await ground.check();
  // 7.25% of $97.70 = $7.08 (7.08325).
  await expect(figure(summary(page), 'Total')).toHaveText('$104.78');
  await expect(figure(summary(page), 'Subtotal')).toHaveText('$90.00');
  await expect(figure(summary(page), 'Shipping')).toHaveText('$7.70');
  await expect(figure(summary(page), 'Sales Tax')).toHaveText('$7.08');
  const rate =
    'Rate 7.25%: North Carolina 4.75% + Mecklenburg County 2% + Mecklenburg County transit 0.5%';
  await expect(summary(page).getByText(rate)).toBeVisible();
  await screenshot(page, 'test-results/checkout/390-summary-tax.png', { fullPage: true });

  await enterCard(page, '4242 4242 4242 4242');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/success\?payment_intent=/);
  await expect(page.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeVisible();
  const receipt = page.locator('.success');
  await expect(figure(receipt, 'Subtotal')).toHaveText('$90.00');
  await expect(figure(receipt, 'Shipping')).toHaveText('$7.70');
  await expect(figure(receipt, 'Sales Tax')).toHaveText('$7.08');
  await expect(receipt.getByText(rate)).toBeVisible();
  await screenshot(page, 'test-results/checkout/390-success-tax.png', { fullPage: true });
  await expect(figure(receipt, 'Total')).toHaveText('$104.78');
  await expect(receipt).toContainText('Alaska');
  await expect(receipt).toContainText('MD - Regular');
  await expect(figure(receipt, 'Email')).toHaveText('ada@example.com');
  await expect(figure(receipt, 'Shipping to')).toContainText('Ada Lovelace');
  await expect(figure(receipt, 'Shipping to')).toContainText('600 E Trade St');
  await expect(figure(receipt, 'Payment')).toHaveText('Visa ending in 4242');
  await expect(figure(receipt, 'Order number')).toHaveText(/\S+/);
  await expectNoSeriousA11yViolations(page);
  // The bag is empty once the order is confirmed.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]').length))
    .toBe(0);
});

test('a bag of $100 or more ships ground for free @mobile', async ({ page }) => {
  await fillBag(page, [{ design: 'arizona', size: 'lgs', position: 'Back', quantity: 3 }]);
  await checkoutTo(page, CHARLOTTE);
  const ground = page.getByRole('radio', { name: /USPS Ground Advantage/ });
  await expect(page.locator('label', { has: ground })).toContainText('Free');
  await ground.check();
  // $135.00 + free ground; tax 7.25% of $135.00 = $9.79 (9.7875 rounded).
  await expect(figure(summary(page), 'Shipping')).toHaveText('Free');
  await expect(figure(summary(page), 'Sales Tax')).toHaveText('$9.79');
  await expect(figure(summary(page), 'Total')).toHaveText('$144.79');
});

test('a state without nexus (Texas) shows no Sales Tax line @mobile', async ({ page }) => {
  await fillBag(page, [{ design: 'alaska', size: 'mdr', position: 'Front', quantity: 1 }]);
  await checkoutTo(page, AUSTIN);
  await page.getByRole('radio', { name: /USPS Ground Advantage/ }).check();
  // 6 oz to zone 6: $7.60 ground.
  await expect(figure(summary(page), 'Total')).toHaveText('$52.60');
  await expect(figure(summary(page), 'Shipping')).toHaveText('$7.60');
  await expect(summary(page).getByText('Sales Tax')).toHaveCount(0);
});

test('a declined card shows the message under the card form @mobile', async ({ page }) => {
  await fillBag(page, [{ design: 'alaska', size: 'mdr', position: 'Front', quantity: 1 }]);
  await checkoutTo(page, CHARLOTTE);
  await page.getByRole('radio', { name: /USPS Priority Mail/ }).check();
  await expect(figure(summary(page), 'Total')).toHaveText(/^\$\d/);
  await enterCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  // Changing the card to another complete one clears the message.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await expect(page.getByText('Your card was declined.')).toHaveCount(0);
});

test('a wrong city for the ZIP gets a suggestion that can be accepted @mobile', async ({
  page,
}) => {
  await fillBag(page, [{ design: 'alaska', size: 'mdr', position: 'Front', quantity: 1 }]);
  await page.goto('/checkout');
  await enterAddress(page, { ...CHARLOTTE, city: 'Raleigh' });
  await expect(
    page.getByText('We found a similar mailing address. Please confirm which address to use.'),
  ).toBeVisible();
  const suggested = page.getByRole('radio', { name: /Suggested address/ });
  const entered = page.getByRole('radio', { name: /Address you entered/ });
  await expect(suggested).toBeChecked();
  await suggested.focus();
  await page.keyboard.press('ArrowDown');
  await expect(entered).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(suggested).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Use this address' }).click();
  await expect(page.getByText('Address verified')).toBeVisible();
  await expect(page.locator('.address-verified')).toContainText('CHARLOTTE, NC 28202');
  await expect(page.getByRole('radio', { name: /USPS Ground Advantage/ })).toBeVisible();
});

test('a 3-D Secure card passes its challenge and lands on success @mobile', async ({
  page,
  baseURL,
}) => {
  await fillBag(page, [{ design: 'alaska', size: 'mdr', position: 'Front', quantity: 1 }]);
  await checkoutTo(page, CHARLOTTE);
  await page.getByRole('radio', { name: /USPS Ground Advantage/ }).check();
  // The figures were checked by hand above; here the success page must show what checkout showed.
  await expect(figure(summary(page), 'Total')).toHaveText(/^\$\d/);
  const total = await figure(summary(page), 'Total').textContent();
  await enterCard(page, '4000 0025 0000 3155');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeVisible();
  await expect(figure(page.locator('.success'), 'Total')).toHaveText(total!);
});
