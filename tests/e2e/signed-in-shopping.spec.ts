import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/shots.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { latestEmail, type OutboxEmail } from './support/outbox.ts';
import { chooseOptions, enterCard, openDesign, shipGround } from './support/shop.ts';
import { createAccountThroughShop, expectSignedInAccount, header } from './support/sign-in.ts';

/**
 * Issue 13, signed-in shopping, as a shopper does it on two devices: on the phone they create an
 * account, verify it and put one shirt in the bag (kept on the server). On the laptop, as a guest, they
 * fill a bag with two lines, one of them the phone's line with a larger quantity, and sign in: the
 * bags merge by the spec's rule (same size, design and position: the larger quantity wins). They check
 * out signed in (the email starts as the account's), find the order on /account, open its details and
 * cancel it: refunded, shown cancelled, emailed. At 390 px and 1280 px; screenshots in
 * test-results/signed-in-shopping.
 */
const layouts = [
  { tag: '@mobile', width: 390, height: 844 },
  { tag: '@desktop', width: 1280, height: 800 },
] as const;

const PASSWORD = 'marigold-canoe-83';
const PRODUCT = {
  productId: 'prod_sunward_upf50_shirt',
  priceId: 'price_sunward_upf50_shirt_4500',
};

const shot = (page: Page, name: string, width: number) =>
  screenshot(page, `test-results/signed-in-shopping/${width}-${name}.png`, { fullPage: true });

/** The amount next to a label in a definition list ('Subtotal', 'Shipping', 'Total'...). */
const figure = (scope: ReturnType<Page['locator']>, label: string) =>
  scope
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** A second device: its own browser context (storage, cookies) at the same size. */
async function device(browser: Browser, width: number, height: number, baseURL: string) {
  const context = await browser.newContext({ viewport: { width, height }, baseURL });
  return context.newPage();
}

for (const { tag, width, height } of layouts) {
  test(
    `bags merge on sign-in, checkout as a customer, /account, cancel at ${width}px ${tag}`,
    { tag: width === 1280 ? '@postgres' : [] },
    async ({ page: phone, browser, baseURL }) => {
      test.setTimeout(150_000);
      await phone.setViewportSize({ width, height });
      const email = `bag.${width}.${Date.now()}@example.com`;

      // Phone: a new account, verified from the email, then one shirt (Alaska, MD Regular, Front, 1).
      await createAccountThroughShop(phone, { name: 'Morgan Reef', email, password: PASSWORD });
      await expect(phone.getByRole('heading', { name: 'No Orders Yet' })).toBeVisible();

      const dialog = await openDesign(phone, 'Alaska');
      await chooseOptions(dialog, { size: 'mdr', position: 'Front', qty: 1 });
      await expect(phone.getByRole('dialog', { name: 'Design Was Added To Bag' })).toBeVisible();
      await expect(header(phone).getByRole('link', { name: /bag/i })).toContainText('1');
      // Signed in, the bag lives on the server: nothing in this browser's guest bag.
      expect(await phone.evaluate(() => localStorage.getItem('cart'))).toBeNull();

      // Laptop: a guest bag of two lines; Alaska MD Regular Front at 3 (the phone has it at 1).
      const laptop = await device(browser, width, height, baseURL!);
      await laptop.goto('/');
      await laptop.evaluate(
        ({ product }) =>
          localStorage.setItem(
            'cart',
            JSON.stringify([
              {
                ...product,
                id: 'g1',
                itemId: 101,
                productCost: 4500,
                quantity: 3,
                size: 'mdr',
                position: 'Front',
                design: 'alaska',
              },
              {
                ...product,
                id: 'g2',
                itemId: 102,
                productCost: 4500,
                quantity: 2,
                size: 'lgs',
                position: 'Back',
                design: 'arizona',
              },
            ]),
          ),
        { product: PRODUCT },
      );
      await laptop.goto('/bag');
      await expect(laptop.getByRole('heading', { name: 'Shopping Bag' })).toBeVisible();

      // Sign in on the laptop: the hosted page, then back on /account.
      await header(laptop).getByRole('button', { name: 'Sign In' }).click();
      await expect(laptop.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await laptop.getByLabel('Email').fill(email);
      await laptop.getByLabel('Password').fill(PASSWORD);
      await laptop.getByRole('button', { name: 'Sign in' }).click();
      await expect(laptop).toHaveURL(/\/account$/);
      await expectSignedInAccount(laptop);

      // The merged bag: Alaska at 3 (the larger), Arizona at 2; the guest copy is gone, the login time set.
      await expect
        .poll(() => laptop.evaluate(() => sessionStorage.getItem('loginTime')))
        .not.toBeNull();
      expect(await laptop.evaluate(() => localStorage.getItem('cart'))).toBeNull();
      await laptop.goto('/bag');
      const quantities = laptop.getByRole('combobox', { name: /qty/i });
      await expect(quantities).toHaveCount(2);
      await expect(laptop.locator('main')).toContainText('Alaska');
      await expect(laptop.locator('main')).toContainText('Arizona');
      expect(
        (await quantities.evaluateAll((s) => s.map((e) => (e as HTMLSelectElement).value))).sort(),
      ).toEqual(['2', '3']);
      await expectNoSeriousA11yViolations(laptop);
      await shot(laptop, '1-merged-bag', width);

      // The phone sees the same bag (from the server) when it comes back to it.
      await phone.goto('/bag');
      await expect(phone.getByRole('combobox', { name: /qty/i })).toHaveCount(2);

      // Checkout signed in: the email field starts with the account's email.
      await laptop.getByRole('link', { name: 'Checkout' }).click();
      await expect(laptop).toHaveURL(/\/checkout$/);
      await expect(laptop.getByLabel('Email', { exact: true })).toHaveValue(email);
      await shipGround(laptop, { name: 'Morgan Reef' });
      const summary = laptop.getByRole('complementary', { name: 'Order summary' });
      // 5 shirts at $45.00 = $225.00, free ground; Charlotte's 7.25% of $225.00 = $16.31 (16.3125).
      await expect(figure(summary, 'Total')).toHaveText('$241.31');
      await enterCard(laptop);
      await laptop.getByRole('button', { name: 'Place Order' }).click();
      await expect(
        laptop.getByRole('heading', { name: 'Thank You For Your Purchase!' }),
      ).toBeVisible();
      const receipt = laptop.locator('.success');
      await expect(figure(receipt, 'Total')).toHaveText('$241.31');
      const orderNumber = (await figure(receipt, 'Order number').textContent())!.trim();
      expect(orderNumber).toMatch(/\S+/);
      // The bag is emptied, on the server too: a fresh load of the bag finds nothing.
      await expect(header(laptop).getByRole('link', { name: 'Shopping Bag' })).toBeVisible();
      await laptop.goto('/bag');
      await expect(
        laptop.getByRole('heading', { name: 'Your Shopping Bag is Empty' }),
      ).toBeVisible();

      // /account lists the order: number, 'pending', today's date.
      await laptop.goto('/account');
      const row = laptop.getByRole('listitem').filter({ hasText: orderNumber });
      await expect(row).toBeVisible();
      await expect(row).toContainText('pending');
      await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);
      await expectNoSeriousA11yViolations(laptop);
      await shot(laptop, '2-account-orders', width);

      // View Details: the spec's fields.
      await row.getByRole('button', { name: 'View Details' }).click();
      const details = laptop.getByRole('dialog', { name: orderNumber });
      await expect(details).toBeVisible();
      await expect(details).toContainText('600 E Trade St');
      await expect(details).toContainText('Morgan Reef');
      await expect(details).toContainText(email);
      for (const column of ['Design', 'Price', 'Size', 'Position', 'Qty']) {
        await expect(details.getByRole('columnheader', { name: column })).toBeVisible();
      }
      await expect(details.getByRole('row')).toHaveCount(3);
      await expect(details).toContainText('Visa');
      await expect(details).toContainText('4242');
      await expect(figure(details, 'Subtotal')).toHaveText('$225.00');
      await expect(figure(details, 'Sales Tax')).toHaveText('$16.31');
      await expect(figure(details, 'Total')).toHaveText('$241.31');
      await expectNoSeriousA11yViolations(laptop);
      await shot(laptop, '3-order-details', width);
      await details.getByRole('button', { name: 'Close' }).click();
      await expect(details).toBeHidden();

      // Cancel Order: 'Are you sure?', then refunded and cancelled.
      await row.getByRole('button', { name: 'Cancel Order' }).click();
      const confirm = laptop.getByRole('dialog', { name: 'Are you sure?' });
      await expect(confirm).toBeVisible();
      await shot(laptop, '4-cancel-confirm', width);
      await confirm.getByRole('button', { name: 'Yes, Cancel Order' }).click();
      await expect(confirm).toBeHidden();
      await expect(row).toContainText('cancelled');
      await expect(row.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
      await shot(laptop, '5-cancelled', width);

      let cancelled: OutboxEmail | null = null;
      await expect
        .poll(async () => (cancelled = await latestEmail(email, 'order-cancelled')))
        .not.toBeNull();
      expect(cancelled!.subject).toContain(orderNumber);
      expect(cancelled!.text).toContain('$241.31');

      // Log Out clears the bag state and the login time.
      await laptop.getByRole('button', { name: 'Log Out' }).click();
      await expect(laptop.getByRole('heading', { name: 'Sign out' })).toBeVisible();
      expect(await laptop.evaluate(() => sessionStorage.getItem('loginTime'))).toBeNull();
      await laptop.context().close();
    },
  );
}
