/**
 * Issue 28, discount codes in the console: an operator creates a code with the form (a field's message
 * names the field; a code that exists is refused), a shopper's order uses it, the list shows its use,
 * the discount given and the revenue, the order's detail shows the discount line, and the operator
 * disables the code; the bag then says it is no longer valid. Screenshots at 1280 and 390 px.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { createOperator } from './support/operator.ts';
import { SHOTS, screenshot } from './support/shots.ts';
import { expectNoSidewaysScroll, readyToPay } from './support/shop.ts';

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function shots(page: Page, name: string) {
  for (const [label, size] of [
    ['1280', WIDE],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    // The list's columns scroll inside their box: the page itself never scrolls sideways.
    await expectNoSidewaysScroll(page, `${name} at ${label} px`);
    await screenshot(page, `${SHOTS}/discounts-console-${name}-${label}.png`, { fullPage: true });
  }
  await page.setViewportSize(WIDE);
}

const PRODUCT = {
  productId: 'prod_sunward_upf50_shirt',
  priceId: 'price_sunward_upf50_shirt_4500',
};

test('an operator creates a code, sees its use and revenue, and disables it @desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDE);
  await createOperator(page);
  const code = `SPRING${Date.now().toString(36).toUpperCase()}`;

  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Discounts' }).click();
  await expect(page).toHaveURL(/\/admin\/discounts$/);
  await expect(page.getByRole('heading', { name: 'Discounts', level: 1 })).toBeVisible();

  // New code: $10.00 off orders of $50.00 or more, 100 uses.
  await page.getByRole('button', { name: 'New code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New discount code' });
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await dialog.getByRole('radio', { name: 'Amount off' }).check();
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog.getByText('Amount off: more than $0.00.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Amount off ($)' }).fill('10');
  await dialog.getByRole('textbox', { name: 'Minimum subtotal ($)' }).fill('50');
  await dialog.getByRole('textbox', { name: 'Total uses' }).fill('100');
  await dialog.getByRole('checkbox', { name: 'Once per customer (by account or email)' }).check();
  await expectNoSeriousA11yViolations(page);
  await shots(page, '1-new');
  await dialog.getByRole('button', { name: 'Create code' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('$10.00 off');
  await expect(row).toContainText('Min $50.00 · Once per customer');
  await expect(row).toContainText('0 of 100');
  await shots(page, '2-list');

  // The same code again is refused by name.
  await page.getByRole('button', { name: 'New code' }).click();
  const again = page.getByRole('dialog', { name: 'New discount code' });
  await again.getByRole('textbox', { name: 'Code' }).fill(code);
  await again.getByRole('textbox', { name: 'Percent off' }).fill('5');
  await again.getByRole('button', { name: 'Create code' }).click();
  await expect(again.getByText(`Code: ${code} is already a discount code.`).first()).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();

  // A shopper's order with it: 2 x $45.00 - $10.00.
  const shopper = await page.context().browser()!.newPage();
  await shopper.goto('/');
  await shopper.evaluate((product) => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        {
          ...product,
          id: 'c1',
          itemId: 401,
          productCost: 4500,
          quantity: 2,
          size: 'lgr',
          position: 'Back',
          design: 'arizona',
        },
      ]),
    );
  }, PRODUCT);
  await shopper.goto('/checkout');
  await readyToPay(shopper, `console.discount.${Date.now()}@example.com`);
  const summary = shopper.getByRole('complementary', { name: 'Order summary' });
  await summary.getByRole('textbox', { name: 'Discount code' }).fill(code);
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText(`Discount (${code})`)).toBeVisible();
  // 7.25% of ($90.00 - $10.00 + $7.70) = $6.36 (635.825); $90.00 + $7.70 - $10.00 + $6.36 = $94.06
  await expect(
    summary.locator('dt', { hasText: /^Total$/ }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('$94.06');
  await shopper.getByRole('button', { name: 'Place Order' }).click();
  await expect(
    shopper.getByRole('heading', { name: 'Thank You For Your Purchase!' }),
  ).toBeVisible();
  const orderNumber = (await shopper
    .locator('.success dt', { hasText: /^Order number$/ })
    .locator('xpath=following-sibling::dd[1]')
    .textContent())!.trim();
  await shopper.close();

  // The list: one use, one order, $10.00 given, $94.06 revenue, all of it kept (no refund yet).
  await page.reload();
  await expect(row).toContainText('1 of 100');
  await expect(row).toContainText('$10.00');
  await expect(row.getByRole('cell', { name: '$94.06' })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await shots(page, '2-list');

  // The order's detail shows the discount line.
  await page.goto(`/admin/orders/${orderNumber}`);
  await expect(page.getByText(`Discount (${code})`)).toBeVisible();
  await expect(page.getByText('-$10.00').first()).toBeVisible();

  // Disabled: the bag says so.
  await page.goto('/admin/discounts');
  await row.getByRole('button', { name: `Edit ${code}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${code}` });
  await expect(edit.getByRole('textbox', { name: 'Amount off ($)' })).toHaveValue('10.00');
  await edit.getByRole('checkbox', { name: 'Active (shoppers can use it)' }).uncheck();
  await edit.getByRole('button', { name: 'Save code' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Disabled');
  const check = await page.request.post('/api/discounts/check', {
    data: {
      code,
      cart: [{ ...PRODUCT, quantity: 2, size: 'lgr', position: 'Back', design: 'arizona' }],
    },
  });
  expect(check.status()).toBe(422);
  expect((await check.json()).message).toBe(`The discount code ${code} is no longer valid.`);
});
