import { devices, type Browser, type Page } from '@playwright/test';
import { sandboxSchedule } from '../../apps/server/src/features/tracking/sandbox-tracking.provider.ts';
import { returnWindowEnd } from '../../packages/core/src/returns.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { currentShop, setCurrentShop, startShop, type ShopServer } from './support/shop-server.ts';
import { createOperator } from './support/operator.ts';
import { screenshot } from './support/shots.ts';
import { enterCard, shipGround } from './support/shop.ts';
import { createAccountThroughShop } from './support/sign-in.ts';

/**
 * Issue 27 items 1 and 2, from paid to delivered, as a guest: an order bought in the shop gets its
 * label from an operator in the console (the sandbox label; the order ships with its tracking number
 * and the shipped email), the sandbox carrier's scans show on the order lookup beside the carrier's
 * page, then the delivery scan completes the order with its date and the return window counts from
 * it ("Returns accepted until" 15 days after). The shop sweeps every second (TRACKING_EVERY_MS) and
 * the sandbox carrier's day is 3 s (SANDBOX_CARRIER_DAY_MS): the parcel is accepted within 0.75 s of
 * the label and delivered 6 to 16 s after it; the journey waits for each outcome, not for a fixed time.
 * The shopper then creates an account with the order's email (the guest order becomes theirs) and
 * sees the same on the account's order details. At both widths (the operator at the same width);
 * screenshots in test-results/tracking.
 */
const PRODUCT = {
  productId: 'prod_sunward_upf50_shirt',
  priceId: 'price_sunward_upf50_shirt_4500',
};
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const EMAIL = `tracking.${stamp()}@example.com`;
const DAY_MS = 3000;

let shop: ShopServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startShop({
    name: 'tracking',
    env: { TRACKING_EVERY_MS: '1000', SANDBOX_CARRIER_DAY_MS: String(DAY_MS) },
  });
});
test.afterAll(async () => {
  await shop?.stop();
});

const site = (path: string) => `${shop!.origin}${path}`;
const onPhone = () => test.info().project.name === 'mobile';
/** The project's screen: a phone (Pixel 7) or a laptop. */
const screen = () => (onPhone() ? devices['Pixel 7'] : { viewport: { width: 1280, height: 900 } });
const shots = (page: Page, name: string) =>
  screenshot(page, `test-results/tracking/${onPhone() ? 'phone' : 'laptop'}-${name}.png`, {
    fullPage: true,
  });
/** A date as the shopper's browser writes it (formatLocalDate: MM/DD/YYYY on their clock). */
const localDate = (ms: number) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );

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
  const context = await browser.newContext({ ...screen(), baseURL: shop!.origin });
  return context.newPage();
}

test('an operator buys the label, the shopper sees the scans, then the delivery', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const page = await pageOnShop(browser);
  const workerShop = currentShop();
  setCurrentShop(shop);
  test.info().annotations.push({ type: 'shop', description: shop!.origin });
  try {
    await journey(browser, page);
  } finally {
    setCurrentShop(workerShop);
    await page.context().close();
  }
});

async function journey(browser: Browser, page: Page) {
  const orderNumber = await buyAShirt(page);

  // The operator buys its label on the order page, at the same width as the shopper.
  const opContext = await browser.newContext({ ...screen(), baseURL: shop!.origin });
  const op = await opContext.newPage();
  await createOperator(op);
  await op.goto(`/admin/orders/${orderNumber}`);
  const label = op.getByRole('region', { name: 'Shipping label' });
  await label.getByRole('button', { name: 'Buy label' }).click();
  await expect(label).toContainText('Label bought.', { timeout: 30_000 });
  await expect(op.getByText('Fulfilment', { exact: true }).locator('xpath=..')).toContainText(
    'Shipped',
  );
  await opContext.close();
  const [order] = await query<{
    id: string;
    tracking: string;
    shipped_at: string;
    created_at: string;
  }>(
    `SELECT o.id, o.tracking, o.created_at, e.at AS shipped_at FROM orders o
       JOIN order_events e ON e.order_id = o.id AND e.to_status = 'shipped'
      WHERE o.order_number = ?`,
    [orderNumber],
    shop!.databaseUrl,
  );
  const TRACKING = order!.tracking;
  // The parcel's whole schedule on the sandbox's 3-second day, from the label's time.
  const scans = sandboxSchedule({ trackingNumber: TRACKING, shippedAt: order!.shipped_at }, DAY_MS);

  // The scans so far on the lookup, newest first, the first at Raleigh (the sweep stores them within
  // seconds; the lookup is read once at least two are stored and the parcel is not delivered yet, or
  // once it is: either way what it shows is checked against what is stored).
  const stored = async () =>
    (
      await query<{ n: number | string }>(
        'SELECT count(*) AS n FROM tracking_events WHERE tracking_number = ?',
        [TRACKING],
        shop!.databaseUrl,
      )
    ).map((r) => Number(r.n))[0]!;
  await expect.poll(stored, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const tracking = page.getByRole('list', { name: 'Tracking events, newest first' });
  await lookUp(page, orderNumber);
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

  // Delivered: the order is completed with the delivery date, the delivery scan on top, and the
  // return window counts from the delivery.
  const status = async () =>
    (
      await query<{ status: string }>(
        'SELECT status FROM orders WHERE id = ?',
        [order!.id],
        shop!.databaseUrl,
      )
    )[0]?.status;
  await expect.poll(status, { timeout: 60_000 }).toBe('completed');
  expect(await stored()).toBe(scans.length);
  const [delivery] = await query<{ delivered_at: string }>(
    'SELECT delivered_at FROM orders WHERE id = ?',
    [order!.id],
    shop!.databaseUrl,
  );
  expect(new Date(delivery!.delivered_at).toISOString()).toBe(scans.at(-1)!.at);
  await lookUp(page, orderNumber);
  await expect(page.getByText(/^Delivered \d\d\/\d\d\/\d{4}/)).toBeVisible();
  // 15 days after the delivery (or Jan 15 for an order bought in the holiday season, whichever is
  // later: the rule's own function says which).
  const end = returnWindowEnd({
    createdAt: order!.created_at,
    updatedAt: order!.created_at,
    deliveredAt: scans.at(-1)!.at,
  })!;
  expect(end.getTime()).toBeGreaterThanOrEqual(
    new Date(scans.at(-1)!.at).getTime() + 15 * 86_400_000,
  );
  const until = localDate(end.getTime());
  await expect(page.getByText(`Returns accepted until ${until}`)).toBeVisible();
  await expect(page.locator('.lookup-result__facts')).toContainText('completed');
  await expect(tracking.getByRole('listitem').first()).toContainText('Delivered, In/At Mailbox');
  await expect(tracking.getByRole('listitem').first()).toContainText('Charlotte, NC 28202');
  await expect(page.getByRole('button', { name: 'Create Return' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
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
  await expect(details.getByText(/^Delivered \d\d\/\d\d\/\d{4}/)).toBeVisible();
  await expect(details.getByText(`Returns accepted until ${until}`)).toBeVisible();
  await expect(
    details
      .getByRole('list', { name: 'Tracking events, newest first' })
      .getByRole('listitem')
      .first(),
  ).toContainText('Delivered, In/At Mailbox');
  await expectNoSeriousA11yViolations(page);
  await shots(page, '3-account-details');
}
