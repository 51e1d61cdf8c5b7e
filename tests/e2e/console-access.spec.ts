import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { createOperator } from './support/operator.ts';
import { enterCard, shipGround } from './support/shop.ts';
import { createAccountThroughShop, forgetSignIn } from './support/sign-in.ts';
import { SHOTS, screenshot } from './support/shots.ts';

/**
 * Issue 15, items 1 and 8: who gets into the console at /admin, and its home. Anonymous: the shop's
 * sign-in, back to the same /admin URL. A customer: the 403 page. An operator: the console's frame, the
 * needs-attention queue with the order a guest just placed, the sales chart, the activity with the
 * operator's own change to that order, the background jobs. The shop's pages never load console
 * code, and the console never loads the catalogue. Screenshots at 1280 and 390 px in
 * test-results/shots (E2E_SHOTS_DIR).
 */
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function shots(page: Page, name: string) {
  for (const [label, size] of [
    ['1280', WIDE],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await followedWidth(page, size === PHONE);
    await screenshot(page, `${SHOTS}/shell-${name}-${label}.png`, { fullPage: true });
  }
  await page.setViewportSize(WIDE);
}

/**
 * The page has followed a new width: the console's frame has its menu button on a phone and none on a
 * wide screen, and the sales chart (if shown) is as wide as its box (sales-chart.tsx).
 */
async function followedWidth(page: Page, phone: boolean) {
  if ((await page.locator('.console__header').count()) > 0) {
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(phone ? 1 : 0);
  }
  const chart = page.locator('.sales-chart__canvas');
  if ((await chart.count()) > 0) {
    await expect
      .poll(() =>
        chart.evaluate((box) => {
          const drawn = box.querySelector('.u-wrap')?.getBoundingClientRect().width;
          return drawn === Math.max(box.clientWidth, 280);
        }),
      )
      .toBe(true);
  }
}

const figure = (scope: ReturnType<Page['locator']>, label: string) =>
  scope
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** A guest buys one Alaska shirt through the shop; its order number. */
async function placeOrderAsGuest(page: Page): Promise<string> {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem(
      'cart',
      JSON.stringify([
        {
          productId: 'prod_sunward_upf50_shirt',
          priceId: 'price_sunward_upf50_shirt_4500',
          id: 'c1',
          itemId: 301,
          productCost: 4500,
          quantity: 1,
          size: 'mdr',
          position: 'Front',
          design: 'alaska',
        },
      ]),
    ),
  );
  await page.goto('/checkout');
  await page.getByLabel('Email', { exact: true }).fill(`console.${Date.now()}@example.com`);
  await shipGround(page, { name: 'Rowan Tide' });
  await enterCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeVisible();
  return (await figure(page.locator('.success'), 'Order number').textContent())!.trim();
}

/** The signed-in user's access token, as the storefront keeps it. */
const accessToken = (page: Page) =>
  page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('oidc.user:')) {
        return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
      }
    }
    return null;
  });

test('the console: sign-in, the 403 page, the home and the activity @desktop', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(WIDE);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));

  // The shop downloads no console code.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Choose a Design' })).toBeVisible();
  await page.goto('/designs');
  await expect(page.getByRole('heading', { name: 'Ready? Choose a Design' })).toBeVisible();
  expect(requests.filter((p) => /\/static\/(console|sales-chart)/.test(p))).toEqual([]);

  // Anonymous: the shop's sign-in page, which comes back to the same console URL.
  requests.length = 0;
  await page.goto('/admin/activity?targetType=order');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(page.url()).toContain('/oidc/');
  expect(requests.filter((p) => p === '/api/products' || p === '/api/designs')).toEqual([]);

  // A customer: the 403 page, with who is signed in and the way out.
  const customerEmail = `customer.${Date.now()}@example.com`;
  await createAccountThroughShop(page, {
    name: 'Casey Customer',
    email: customerEmail,
    password: 'sun-shirts-customer-1',
  });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Operators only' })).toBeVisible();
  await expect(page.getByText("This is for the shop's operators only.")).toBeVisible();
  await expect(page.getByText(customerEmail)).toBeVisible();
  await expect(page).toHaveTitle('403 Operators only | Sunward');
  await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shots(page, '403');
  await forgetSignIn(page);

  // A guest's order, for the queue and the chart.
  const [waiting] = await query<{ n: number | string }>(
    "SELECT count(*) AS n FROM orders WHERE status IN ('pending', 'in-progress')",
  );
  const orderNumber = await placeOrderAsGuest(page);
  const toShip = Number(waiting?.n ?? 0) + 1;

  // An operator: signed in through the shop, granted from the command line.
  const operator = await createOperator(page);
  requests.length = 0;
  await page.goto('/admin');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page).toHaveTitle('Home | Console | Sunward');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Sunward Console' })).toBeVisible();
  await expect(banner.getByText(operator.email)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  const attention = main.getByRole('region', { name: 'Needs attention' });
  const queue = attention.getByRole('link', {
    name: `${toShip} ${toShip === 1 ? 'order' : 'orders'} to ship`,
  });
  await expect(queue).toHaveAttribute('href', '/admin/orders?status=pending');
  await expect(attention.getByText(/All clear/)).toHaveCount(0);

  const sales = main.getByRole('region', { name: 'Sales' });
  await expect(figure(sales, 'Orders')).not.toHaveText('0');
  await expect(figure(sales, 'Sales')).not.toHaveText('$0.00');
  await expect(sales.locator('.sales-chart canvas')).toBeVisible();
  // The console asked for no catalogue; the chart's chunk came with the home.
  expect(requests.filter((p) => p === '/api/products' || p === '/api/designs')).toEqual([]);
  expect(requests.some((p) => /\/static\/sales-chart-/.test(p))).toBe(true);
  // Today's row of the table holds at least the order's shirt and its tax ($45.00 + 7.25% > $47.14).
  await sales.getByText('Sales by day, as a table').click();
  const days = sales.getByRole('table', { name: /^Sales per day from/ });
  const lastRow = days.getByRole('row').last();
  await expect(lastRow).toBeVisible();
  const todaySales = Number(
    (await lastRow.getByRole('cell').first().textContent())!.replace(/[$,]/g, ''),
  );
  expect(todaySales).toBeGreaterThanOrEqual(47.14);
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'home');

  // The period: 7 days, kept in the URL.
  const sevenDays = sales.getByRole('radio', { name: '7 days' });
  await sevenDays.click();
  await expect(sevenDays).toBeChecked();
  await expect(page).toHaveURL(/\/admin\?days=7$/);
  await expect(days.getByRole('row')).toHaveCount(8);

  // The operator starts fulfilment of the order through the status door; Activity shows it.
  const token = await accessToken(page);
  const moved = await page.request.patch('/api/orders/status', {
    data: { orderNumber, status: 'in-progress' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(moved.status()).toBe(200);
  await nav.getByRole('link', { name: 'Activity' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
  const table = main.getByRole('table', { name: "Operators' actions, newest first" });
  const row = table.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toContainText('Started fulfilment');
  await expect(row).toContainText(operator.email);
  await expect(row).toContainText('pending → in-progress');
  await expect(
    table.getByRole('row').filter({ hasText: 'Granted the operator role' }).first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'activity');

  // Jobs: every kind of background job with its counts, then the failed ones (issue 25).
  await nav.getByRole('link', { name: 'Jobs' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Jobs' })).toHaveAttribute('aria-current', 'page');
  const kinds = main.getByRole('table', { name: 'Kinds of job with how many wait, run or failed' });
  await expect(kinds.getByRole('row').filter({ hasText: 'Email delivery' })).toBeVisible();
  await expect(main.getByRole('heading', { level: 2, name: 'Failed jobs' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'jobs');

  // On a phone: the Menu button opens the sections.
  await page.setViewportSize(PHONE);
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `${SHOTS}/shell-menu-390.png`, { fullPage: true });
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // The order's link leads to its console page (the orders area adds it).
  await page.setViewportSize(WIDE);
  await page.goto(`/admin/activity?targetType=order&targetId=${orderNumber}`);
  await main.getByRole('link', { name: orderNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderNumber}$`));

  // Log Out (in the header on a laptop) ends the session at the provider and goes back to the shop.
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign out' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
});
