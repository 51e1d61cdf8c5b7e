import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { createOperator } from './support/operator.ts';
import { latestEmail } from './support/outbox.ts';
import { enterCard, shipGround } from './support/shop.ts';
import { createAccountThroughShop } from './support/sign-in.ts';
import { SHOTS, screenshot } from './support/shots.ts';

/**
 * Issue 15, returns in the console: a signed-in shopper buys two shirts, an operator ships the order
 * from the console (the shopper sees Track Package and gets the email) and marks it delivered, the
 * shopper returns one shirt for a refund from /account;
 * the operator finds it in /admin/returns, marks it received with the shirt back in stock and refunds it
 * after a confirm. The sandbox shows the refund, and the shopper's /account shows the order as refund.
 * At 1280 px and at 390 px; screenshots in test-results/shots (E2E_SHOTS_DIR).
 */
const PRODUCT = {
  productId: 'prod_sunward_upf50_shirt',
  priceId: 'price_sunward_upf50_shirt_4500',
};
const PASSWORD = 'sun-shirts-returns-1';
const layouts = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

const shot = (page: Page, name: string, width: number) =>
  screenshot(page, `${SHOTS}/returns-${width}-${name}.png`, { fullPage: true });

const figure = (scope: ReturnType<Page['locator']>, label: string) =>
  scope
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/**
 * A new signed-in shopper, email verified (the account page lists orders then), whose bag holds Alaska
 * MD Regular Front x2 (a guest bag merged at sign-in).
 */
async function shopperWithTwoShirts(page: Page, email: string) {
  await page.goto('/');
  await page.evaluate(
    ({ product }) =>
      localStorage.setItem(
        'cart',
        JSON.stringify([
          {
            ...product,
            id: 'c1',
            itemId: 301,
            productCost: 4500,
            quantity: 2,
            size: 'mdr',
            position: 'Front',
            design: 'alaska',
          },
        ]),
      ),
    { product: PRODUCT },
  );
  await createAccountThroughShop(page, { name: 'Marin Shore', email, password: PASSWORD });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
}

async function checkout(page: Page): Promise<string> {
  await page.goto('/checkout');
  await shipGround(page, { name: 'Marin Shore' });
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  // 2 x $45.00 = $90.00 (under the free-shipping target), ground $7.70 (zone 1), Charlotte's 7.25% of
  // $97.70 = $7.08.
  await expect(figure(summary, 'Total')).toHaveText('$104.78');
  await enterCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeVisible();
  return (await figure(page.locator('.success'), 'Order number').textContent())!.trim();
}

/**
 * The operator ships the order from its console page (Start fulfilment, then Mark shipped with USPS and
 * a tracking number); the shopper then sees Track Package on /account, opening USPS's page, and has
 * the shipped email. Then the operator marks it delivered.
 */
async function shipAndDeliver(operator: Page, shopper: Page, orderNumber: string, email: string) {
  await operator.goto(`/admin/orders/${orderNumber}`);
  await expect(
    operator.getByRole('heading', { level: 1, name: `Order ${orderNumber}` }),
  ).toBeVisible();
  await operator.getByRole('button', { name: 'Start fulfilment' }).click();
  await expect(operator.getByText('The order is now in progress.')).toBeVisible();
  await operator.getByRole('button', { name: 'Mark shipped' }).click();
  const ship = operator.getByRole('dialog', { name: 'Mark shipped' });
  await ship.getByRole('combobox', { name: 'Carrier' }).selectOption('usps');
  await ship.getByRole('textbox', { name: 'Tracking number' }).fill('9400 1118 9922 3197 4284 90');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(operator.getByText('The order is now shipped.')).toBeVisible();

  const usps = 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490';
  await shopper.goto('/account');
  const row = shopper.getByRole('listitem').filter({ hasText: orderNumber });
  await expect(row).toContainText('shipped');
  const track = row.getByRole('link', { name: 'Track Package' });
  await expect(track).toHaveAttribute('href', usps);
  await expect
    .poll(async () => (await latestEmail(email, 'order-shipped'))?.text ?? '')
    .toContain(usps);

  await operator.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(operator.getByText('The order is now completed.')).toBeVisible();
}

async function newPage(browser: Browser, width: number, height: number, baseURL: string) {
  const context = await browser.newContext({ viewport: { width, height }, baseURL });
  return context.newPage();
}

for (const { width, height } of layouts) {
  test(
    `an operator receives and refunds a return at ${width}px @desktop`,
    { tag: '@postgres' },
    async ({ page: shopper, browser, baseURL }) => {
      test.setTimeout(180_000);
      await shopper.setViewportSize({ width, height });
      const email = `console.returns.${width}.${Date.now()}@example.com`;

      // The shopper buys two shirts, signed in.
      await shopperWithTwoShirts(shopper, email);
      const orderNumber = await checkout(shopper);
      const stockBefore = await query<{ stock: number | null }>(
        "SELECT stock FROM inventory WHERE product_id = ? AND size = 'mdr'",
        [PRODUCT.productId],
      );

      // The operator, on their own device, ships it from the console: the shopper can track it; then
      // the operator marks it delivered.
      const operator = await newPage(browser, width, height, baseURL!);
      await createOperator(operator, { name: 'Olivia Operator' });
      await shipAndDeliver(operator, shopper, orderNumber, email);

      // The shopper returns one shirt for a refund from /account.
      await shopper.goto('/account');
      const row = shopper.getByRole('listitem').filter({ hasText: orderNumber });
      await expect(row).toContainText('completed');
      await row.getByRole('button', { name: 'Create Return' }).click();
      await expect(shopper).toHaveURL(/\/return$/);
      const unit = 'Return Alaska, MD - Regular, Front (unit 1)';
      await shopper.getByRole('checkbox', { name: unit }).check();
      const unitRow = shopper
        .getByRole('listitem')
        .filter({ has: shopper.getByRole('checkbox', { name: unit }) });
      await unitRow.getByRole('combobox', { name: /^Return Type/ }).selectOption('Refund');
      await unitRow.getByRole('combobox', { name: /^Reason/ }).selectOption('too-long');
      // The unit's line is its price; its share of the $7.08 tax (354 + 354) is a line of its own, so the
      // refund is $48.54 (the shipping paid is not refunded).
      await expect(unitRow).toContainText('$45.00');
      await shopper.getByRole('button', { name: 'Continue' }).click();
      const review = shopper.getByRole('dialog', { name: 'Review Your Return' });
      await expect(review).toContainText('$3.54');
      await expect(review).toContainText('$48.54');
      await review.getByRole('button', { name: 'Submit Return' }).click();
      await expect(shopper).toHaveURL(/\/return\/confirmation$/);

      // The operator's queue: the return, open, with its label.
      await operator.goto('/admin/returns');
      await expect(operator.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
      const queueRow = operator.getByRole('row').filter({ hasText: orderNumber });
      await expect(queueRow).toContainText('1 refund');
      await expect(queueRow).toContainText('$48.54');
      await expect(queueRow).toContainText('Requested');
      await expect(queueRow).toContainText('Issued');
      await expectNoSeriousA11yViolations(operator);
      await shot(operator, '1-queue', width);

      await queueRow.getByRole('link', { name: new RegExp(orderNumber) }).click();
      await expect(
        operator.getByRole('heading', { level: 1, name: `Return #1 of order ${orderNumber}` }),
      ).toBeVisible();
      await expect(operator.getByRole('link', { name: orderNumber })).toHaveAttribute(
        'href',
        `/admin/orders/${orderNumber}`,
      );
      const units = operator.getByRole('region', { name: 'Units' });
      await expect(units.getByRole('listitem')).toHaveCount(2);
      await expect(units.getByRole('listitem').first()).toContainText('Too long');
      await expect(units.getByRole('listitem').nth(1)).toContainText('Keep');
      await expectNoSeriousA11yViolations(operator);
      await shot(operator, '2-requested', width);

      // Mark received, the shirt back in stock.
      const restock = operator.getByRole('checkbox', {
        name: 'Restock Alaska, MD - Regular, Front (unit 1)',
      });
      await expect(restock).toBeChecked();
      await operator.getByRole('button', { name: 'Mark received' }).click();
      await expect(operator.locator('.status-badge').first()).toHaveText('Received');
      await expect(units).toContainText('Restocked');
      await expect(operator.getByRole('button', { name: 'Mark received' })).toHaveCount(0);
      const stockAfter = await query<{ stock: number | null }>(
        "SELECT stock FROM inventory WHERE product_id = ? AND size = 'mdr'",
        [PRODUCT.productId],
      );
      if (stockBefore[0]!.stock !== null)
        expect(stockAfter[0]!.stock).toBe(stockBefore[0]!.stock + 1);

      // Refund: the amount the server computed, then a confirm naming the card.
      const refund = operator.getByRole('region', { name: 'Refund' });
      await expect(refund.getByRole('textbox', { name: 'Amount (USD)' })).toHaveValue('48.54');
      await refund.getByRole('button', { name: 'Refund…' }).click();
      const confirm = operator.getByRole('dialog', { name: 'Refund this return?' });
      await expect(confirm).toContainText('$48.54 goes back to the Visa card ending in 4242');
      await shot(operator, '3-confirm', width);
      await confirm.getByRole('button', { name: 'Yes, refund $48.54' }).click();
      await expect(confirm).toBeHidden();
      await expect(operator.locator('.status-badge').first()).toHaveText('Refunded');
      await expect(operator.getByText('Refunded $48.54', { exact: true })).toBeVisible();
      await expect(operator.getByRole('region', { name: 'Refund' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(operator);
      await shot(operator, '4-refunded', width);

      // The sandbox made the refund, once.
      const refunds = await query<{ amount: number }>(
        `SELECT r.amount FROM sandbox_refunds r
       JOIN orders o ON o.payment_intent_id = r.payment_intent_id
       WHERE o.order_number = ?`,
        [orderNumber],
      );
      expect(refunds.map((r) => Number(r.amount))).toEqual([4854]);

      // The shopper's /account shows the order as refund; the refund email is in the outbox.
      await shopper.goto('/account');
      await expect(shopper.getByRole('listitem').filter({ hasText: orderNumber })).toContainText(
        'refund',
      );
      await shot(shopper, '5-account', width);
      const mails = await query<{ subject: string }>(
        "SELECT subject FROM email_outbox WHERE kind = 'return-refunded' AND to_address = ?",
        [email],
      );
      expect(mails.map((m) => m.subject)).toEqual([
        `Sunward refund of $48.54 for order ${orderNumber}`,
      ]);
      await operator.context().close();
    },
  );
}
