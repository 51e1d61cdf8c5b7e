/**
 * Issue 28, discount codes, on a phone (390 px) and a laptop (1280 px): a code in the bag (typed in
 * lower case with spaces), one that does not exist (a clear message, nothing changes), a change of mind
 * (another code, none, the first again), checkout to Charlotte, NC 28202: the discount is its own line,
 * the sales tax is 7.25% of the discounted goods plus the shipping (NC taxes shipping), the card is
 * charged the total shown; then the order looked up, and a return of one unit refunds its discounted
 * price and its tax share. Screenshots in test-results/discounts.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { chargedAmount } from './support/inventory.ts';
import { screenshot } from './support/shots.ts';
import { enterCard, shipGround } from './support/shop.ts';

const PRODUCT = {
  productId: 'prod_sunward_upf50_shirt',
  priceId: 'price_sunward_upf50_shirt_4500',
};

const figure = (scope: Locator, label: string) =>
  scope
    .locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** A code as the console stores it (capitals, no spaces). */
async function createCode(code: string, kind: 'percent' | 'amount', value: number) {
  const now = new Date().toISOString();
  await query(
    'INSERT INTO discount_codes (id, code, kind, percent, amount_off, uses, once_per_customer, ' +
      'first_order_only, active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, 0, 0, 1, ?, ?)',
    [
      `dc_${code}`,
      code,
      kind,
      kind === 'percent' ? value : null,
      kind === 'amount' ? value : null,
      now,
      now,
    ],
  );
}

async function twoShirtsInBag(page: Page) {
  await page.goto('/');
  await page.evaluate((product) => {
    sessionStorage.removeItem('discountCode');
    localStorage.setItem(
      'cart',
      JSON.stringify([
        {
          ...product,
          id: 'd1',
          itemId: 301,
          productCost: 4500,
          quantity: 2,
          size: 'mdr',
          position: 'Front',
          design: 'alaska',
        },
      ]),
    );
  }, PRODUCT);
}

async function apply(scope: Locator, code: string) {
  await scope.getByRole('textbox', { name: 'Discount code' }).fill(code);
  await scope.getByRole('button', { name: 'Apply' }).click();
}

for (const [width, height, tag] of [
  [390, 844, '@mobile'],
  [1280, 800, '@desktop'],
] as const) {
  test(
    `a code in the bag, a change of mind, checkout to Charlotte, a return of one unit at ${width} px ${tag}`,
    { tag: width === 1280 ? '@postgres' : [] },
    async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height });
      const shot = (name: string) =>
        screenshot(page, `test-results/discounts/${width}-${name}.png`, { fullPage: true });
      const twenty = `TWENTY${width}`;
      const five = `FIVE${width}`;
      await createCode(twenty, 'percent', 20);
      await createCode(five, 'amount', 500);
      const email = `discounts.${width}.${Date.now()}@example.com`;

      // The bag: 2 x $45.00; a code that does not exist changes nothing.
      await twoShirtsInBag(page);
      await page.goto('/bag');
      const bag = page.getByRole('complementary', { name: 'Order summary' });
      await apply(bag, 'no such code');
      await expect(bag.getByRole('alert')).toHaveText(
        'The discount code NOSUCHCODE does not exist. Check the spelling and try again.',
      );
      await expect(bag.getByText(/^Discount \(/)).toHaveCount(0);
      // Typed in lower case with spaces: 20% of $90.00.
      await apply(bag, `twenty ${width}`.toLowerCase());
      await expect(bag.getByRole('status')).toHaveText(`Discount code ${twenty} applied`);
      await expect(bag.getByText(`Discount (${twenty})`)).toBeVisible();
      await expect(bag.getByText('-$18.00')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shot('1-bag-code');

      // A change of mind: another code, none, the first again.
      await bag.getByRole('button', { name: 'Remove' }).click();
      await apply(bag, five);
      await expect(bag.getByText('-$5.00')).toBeVisible();
      await bag.getByRole('button', { name: 'Remove' }).click();
      await expect(bag.getByText(/^Discount \(/)).toHaveCount(0);
      await apply(bag, twenty);
      await expect(bag.getByText('-$18.00')).toBeVisible();

      // Checkout to Charlotte, NC 28202: ground $7.70 below the free-shipping target; tax 7.25% of
      // ($90.00 - $18.00 + $7.70) = $5.78 (577.825); total $90.00 + $7.70 - $18.00 + $5.78 = $85.48.
      await page.getByRole('link', { name: 'Checkout' }).click();
      await page.getByLabel('Email', { exact: true }).fill(email);
      await shipGround(page, { name: 'Dana Discount' });
      const summary = page.getByRole('complementary', { name: 'Order summary' });
      await expect(figure(summary, 'Subtotal')).toHaveText('$90.00');
      await expect(figure(summary, 'Shipping')).toHaveText('$7.70');
      await expect(figure(summary, `Discount (${twenty})`)).toHaveText('-$18.00');
      await expect(figure(summary, 'Sales Tax')).toHaveText('$5.78');
      await expect(figure(summary, 'Total')).toHaveText('$85.48');
      // Changing the mind at checkout too: the $5.00 code, then back to the first.
      await summary.getByRole('button', { name: 'Remove' }).click();
      await expect(figure(summary, 'Total')).toHaveText(/^\$\d/);
      await apply(summary, five.toLowerCase());
      // 7.25% of ($90.00 - $5.00 + $7.70) = $6.72 (672.075); $90.00 + $7.70 - $5.00 + $6.72 = $99.42
      await expect(figure(summary, 'Total')).toHaveText('$99.42');
      await summary.getByRole('button', { name: 'Remove' }).click();
      await apply(summary, twenty);
      await expect(figure(summary, 'Total')).toHaveText('$85.48');
      await enterCard(page);
      await expectNoSeriousA11yViolations(page);
      await shot('2-checkout');
      await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
      await page.getByRole('button', { name: 'Place Order' }).click();

      // Success: the discount line, and the card charged the total shown.
      await expect(
        page.getByRole('heading', { name: 'Thank You For Your Purchase!' }),
      ).toBeVisible();
      const receipt = page.locator('.success');
      await expect(figure(receipt, `Discount (${twenty})`)).toHaveText('-$18.00');
      await expect(figure(receipt, 'Total')).toHaveText('$85.48');
      const intent = new URL(page.url()).searchParams.get('payment_intent')!;
      expect(await chargedAmount(intent)).toBe(8548);
      const orderNumber = (await figure(receipt, 'Order number').textContent())!.trim();
      await shot('3-success');

      // Delivered; looked up: the discount line; a return of one unit refunds $36.00 and $2.89 tax.
      await query("UPDATE orders SET status = 'completed' WHERE order_number = ?", [orderNumber]);
      await page.goto('/order-lookup');
      await page.getByRole('textbox', { name: 'Order Number' }).fill(orderNumber);
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
      await expect(figure(page.locator('main'), `Discount (${twenty})`)).toHaveText('-$18.00');
      await shot('4-lookup');
      await page.getByRole('button', { name: 'Create Return' }).click();
      const unit1 = 'Return Alaska, MD - Regular, Front (unit 1)';
      const row = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('checkbox', { name: unit1 }) });
      await page.getByRole('checkbox', { name: unit1 }).check();
      await row.getByRole('combobox', { name: /^Return Type/ }).selectOption('Refund');
      await row.getByRole('combobox', { name: /^Reason/ }).selectOption('too-long');
      await expect(row).toContainText('$36.00');
      await page.getByRole('button', { name: 'Continue' }).click();
      const review = page.getByRole('dialog', { name: 'Review Your Return' });
      // What was paid for the unit: $45.00 less its $9.00 share of the discount; its tax 578 / 2.
      await expect(figure(review, 'Refund Amount')).toHaveText('$36.00');
      await expect(figure(review, 'Sales Tax Refund')).toHaveText('$2.89');
      await expect(figure(review, 'Total Refund')).toHaveText('$38.89');
      await expectNoSeriousA11yViolations(page);
      await shot('5-return-review');
      await review.getByRole('button', { name: 'Submit Return' }).click();
      await expect(page).toHaveURL(/\/return\/confirmation$/);
      await expect(page.locator('main')).toContainText('$38.89');
      const [record] = await query<{ refund_amount: number }>(
        'SELECT r.refund_amount FROM returns r JOIN orders o ON o.id = r.order_id WHERE o.order_number = ?',
        [orderNumber],
      );
      expect(Number(record!.refund_amount)).toBe(3889);
    },
  );
}
