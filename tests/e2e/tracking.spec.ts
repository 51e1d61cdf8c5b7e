import type { Browser, Page } from '@playwright/test';
import { sandboxSchedule } from '../../apps/server/src/features/tracking/sandbox-tracking.provider.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { currentShop, setCurrentShop, startShop, type ShopServer } from './support/shop-server.ts';
import { screenshot } from './support/shots.ts';
import { enterCard, shipGround } from './support/shop.ts';
import { createAccountThroughShop } from './support/sign-in.ts';

/**
 * Issue 27 item 2, tracking to delivery, as a guest: an order bought in the shop is shipped with a
 * tracking number (the console's step, here the database's), the sandbox carrier's scans show on the
 * order lookup beside the carrier's page, then the delivery scan completes the order with its date.
 * The shop sweeps every 2 s (TRACKING_EVERY_MS); the parcel is shipped so that, by the sandbox's
 * schedule for its number, it is out for delivery now and delivered 25 s from now: the journey waits
 * for the outcome, not for a fixed time. The shopper then creates an account with the order's email
 * (the guest order becomes theirs) and sees the same on the account's order details. Screenshots at
 * 390 and 1280 px in test-results/tracking.
 */
const PRODUCT = {
  productId: 'prod_sunward_upf50_shirt',
  priceId: 'price_sunward_upf50_shirt_4500',
};
const EMAIL = `tracking.${Date.now()}@example.com`;
const TRACKING = `9400111899223${String(Date.now() % 1e9).padStart(9, '0')}`;

let shop: ShopServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startShop({ name: 'tracking', env: { TRACKING_EVERY_MS: '2000' } });
});
test.afterAll(async () => {
  await shop?.stop();
});

const site = (path: string) => `${shop!.origin}${path}`;
const shots = async (page: Page, name: string) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await screenshot(page, `test-results/tracking/${width}-${name}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
};

async function buyAShirt(page: Page): Promise<string> {
  await page.goto(site('/'));
  await page.evaluate(
    ({ product }) =>
      localStorage.setItem(
        'cart',
        JSON.stringify([
          {
            ...product,
            id: 't1',
            itemId: 301,
            productCost: 4500,
            quantity: 1,
            size: 'mdr',
            position: 'Front',
            design: 'alaska',
          },
        ]),
      ),
    { product: PRODUCT },
  );
  await page.goto(site('/checkout'));
  await page.getByLabel('Email', { exact: true }).fill(EMAIL);
  await shipGround(page, { name: 'Rowan Tide' });
  await enterCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeVisible();
  return (await page
    .locator('.success dt', { hasText: /^Order number$/ })
    .locator('xpath=following-sibling::dd[1]')
    .textContent())!.trim();
}

async function lookUp(page: Page, orderNumber: string) {
  await page.goto(site('/order-lookup'));
  await page.getByRole('textbox', { name: 'Order Number' }).fill(orderNumber);
  await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
}

/** A page on the tracking shop (relative URLs and the support helpers' database go to it). */
async function pageOnShop(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop!.origin });
  return context.newPage();
}

test('a shipped order shows its scans on the lookup, then is delivered @mobile', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const page = await pageOnShop(browser);
  const workerShop = currentShop();
  setCurrentShop(shop);
  test.info().annotations.push({ type: 'shop', description: shop!.origin });
  try {
    await journey(page);
  } finally {
    setCurrentShop(workerShop);
    await page.context().close();
  }
});

async function journey(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const orderNumber = await buyAShirt(page);

  // Shipped so that the sandbox delivers it 25 s from now (its schedule is the number's alone).
  const offsets = sandboxSchedule({
    trackingNumber: TRACKING,
    shippedAt: new Date(0).toISOString(),
  });
  const deliveredIn = new Date(offsets.at(-1)!.at).getTime();
  const shippedAt = new Date(Date.now() + 25_000 - deliveredIn).toISOString();
  const [order] = await query<{ id: string }>(
    'SELECT id FROM orders WHERE order_number = ?',
    [orderNumber],
    shop!.databaseUrl,
  );
  await query(
    "UPDATE orders SET status = 'shipped', tracking = ?, carrier = 'usps', updated_at = ? WHERE id = ?",
    [TRACKING, shippedAt, order!.id],
    shop!.databaseUrl,
  );
  await query(
    "INSERT INTO order_events (id, order_id, at, actor, from_status, to_status, reason, actor_id) VALUES (?, ?, ?, 'operator', 'in-progress', 'shipped', NULL, NULL)",
    [`oe_e2e_${Date.now()}`, order!.id, shippedAt],
    shop!.databaseUrl,
  );

  // The scans so far: accepted at Raleigh, in transit, out for delivery (the sweep stores them within
  // seconds; the lookup is looked at once they are, as its tries are limited); newest first.
  const stored = async () =>
    (
      await query<{ n: number | string }>(
        'SELECT count(*) AS n FROM tracking_events WHERE tracking_number = ?',
        [TRACKING],
        shop!.databaseUrl,
      )
    ).map((r) => Number(r.n))[0];
  await expect.poll(stored, { timeout: 20_000 }).toBe(offsets.length - 1);
  const tracking = page.getByRole('list', { name: 'Tracking events, newest first' });
  await lookUp(page, orderNumber);
  await expect(tracking.getByRole('listitem').first()).toContainText('Out for Delivery');
  await expect(page.locator('.lookup-result__facts')).toContainText('shipped');
  await expect(tracking.getByRole('listitem').last()).toContainText(
    'Accepted at USPS Origin Facility',
  );
  await expect(tracking.getByRole('listitem').last()).toContainText('Raleigh, NC 27676');
  await expect(page.getByRole('link', { name: new RegExp(TRACKING) })).toHaveAttribute(
    'href',
    `https://tools.usps.com/go/TrackConfirmAction?tLabels=${TRACKING}`,
  );
  await expectNoSeriousA11yViolations(page);
  await shots(page, '1-on-its-way');

  // Delivered: the order is completed with the delivery date, the delivery scan on top.
  const status = async () =>
    (
      await query<{ status: string }>(
        'SELECT status FROM orders WHERE id = ?',
        [order!.id],
        shop!.databaseUrl,
      )
    )[0]?.status;
  await expect.poll(status, { timeout: 60_000 }).toBe('completed');
  await lookUp(page, orderNumber);
  await expect(page.getByText(/^Delivered \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await expect(page.locator('.lookup-result__facts')).toContainText('completed');
  await expect(tracking.getByRole('listitem').first()).toContainText('Delivered, In/At Mailbox');
  await expect(tracking.getByRole('listitem').first()).toContainText('Charlotte, NC 28202');
  await expect(page.getByRole('button', { name: 'Create Return' })).toBeVisible();
  await shots(page, '2-delivered');

  // The account's order details say the same, once the shopper has an account with that email.
  await createAccountThroughShop(page, {
    name: 'Rowan Tide',
    email: EMAIL,
    password: 'tide-pool-42-K',
  });
  await page.getByRole('button', { name: 'View Details' }).first().click();
  const details = page.getByRole('dialog', { name: orderNumber });
  await expect(details.getByRole('heading', { name: 'Tracking' })).toBeVisible();
  await expect(details.getByText(/^Delivered \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await expect(
    details
      .getByRole('list', { name: 'Tracking events, newest first' })
      .getByRole('listitem')
      .first(),
  ).toContainText('Delivered, In/At Mailbox');
  await expectNoSeriousA11yViolations(page);
  await shots(page, '3-account-details');
}
