/**
 * Every page a person opens, at 390 px on the phone project and 1280 px on the laptop one (issue 30):
 * the shopper's pages (empty and filled bag, the forms, the pages that move elsewhere), the hosted
 * identity pages and every console page as an operator with an order in the shop. Each is scanned by
 * axe (no serious violation) and, with E2E_SHOTS=1, photographed whole as `tour-<width>-<page>.png`
 * for a person to look at beside the last run's.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { createOperator } from './support/operator.ts';
import { SHOTS, screenshot } from './support/shots.ts';
import {
  appReady,
  checkOutAsGuest,
  expectNoSidewaysScroll,
  putShirtInBag,
} from './support/shop.ts';
import { forgetSignIn } from './support/sign-in.ts';

/** 390 x 844 on the phone project (an iPhone's width; the Pixel 7 preset is 412), else as it is. */
async function atWidth(page: Page, info: TestInfo): Promise<number> {
  if (info.project.name === 'mobile') await page.setViewportSize({ width: 390, height: 844 });
  return page.viewportSize()!.width;
}

/** The page's main heading shown, the app ready, axe run, and the whole page photographed. */
async function look(page: Page, width: number, name: string, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page, name);
  await screenshot(page, `${SHOTS}/tour-${width}-${name}.png`, { fullPage: true });
}

const SHOPPER_PAGES: [name: string, path: string, heading: string | RegExp][] = [
  ['home', '/', /Made for long days in the sun/i],
  ['designs', '/designs', 'Ready? Choose a Design'],
  ['design', '/designs/alaska', 'Ready? Choose a Design'],
  ['gallery', '/gallery', 'Browse Our Design Collection'],
  ['size-guide', '/size-guide', 'Size Guide'],
  ['bag-empty', '/bag', 'Shopping Bag'],
  ['return-policy', '/return-policy', 'Return Policy'],
  ['privacy-policy', '/privacy-policy', 'Privacy Policy'],
  ['terms-of-use', '/terms-of-use', 'Terms of Use'],
  ['order-lookup', '/order-lookup', /Order Lookup|Find your order/i],
  ['data-request', '/data-request', /Data Request/i],
  ['support-without-order', '/support', /Order Lookup|Find your order/i],
  ['return-without-order', '/return', /Order Lookup|Find your order/i],
  ['not-found', '/no-such-page', /doesn.t go anywhere/],
];

test('every shopper page and the hosted sign-in pages', async ({ page }, info) => {
  test.setTimeout(180_000);
  const width = await atWidth(page, info);
  for (const [name, path, heading] of SHOPPER_PAGES) {
    await page.goto(path);
    await appReady(page);
    await look(page, width, name, heading);
  }

  await putShirtInBag(page);
  await page.goto('/bag');
  await appReady(page);
  await look(page, width, 'bag', 'Shopping Bag');
  await page.goto('/checkout');
  await appReady(page);
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await look(page, width, 'checkout', 'Checkout');

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `${SHOTS}/tour-${width}-hosted-sign-in.png`, { fullPage: true });
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `${SHOTS}/tour-${width}-hosted-sign-up.png`, { fullPage: true });
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `${SHOTS}/tour-${width}-hosted-forgot-password.png`, { fullPage: true });
});

const CONSOLE_PAGES: [name: string, path: string][] = [
  ['home', '/admin'],
  ['orders', '/admin/orders'],
  ['returns', '/admin/returns'],
  ['catalog', '/admin/catalog'],
  ['settings', '/admin/settings'],
  ['inbox', '/admin/inbox'],
  ['customers', '/admin/customers'],
  ['outbox', '/admin/outbox'],
  ['errors', '/admin/errors'],
  ['jobs', '/admin/jobs'],
  ['reconciliation', '/admin/reconciliation'],
  ['discounts', '/admin/discounts'],
  ['reviews', '/admin/reviews'],
  ['activity', '/admin/activity'],
];

test('every console page, with an order in the shop', async ({ page }, info) => {
  test.setTimeout(240_000);
  const width = await atWidth(page, info);
  await putShirtInBag(page);
  const orderNumber = await checkOutAsGuest(page, {
    email: `tour-${Date.now()}@example.com`,
    name: 'Tess Tourist',
  });
  await forgetSignIn(page);
  await createOperator(page);
  for (const [name, path] of CONSOLE_PAGES) {
    await page.goto(path);
    await appReady(page);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await look(page, width, `console-${name}`, /.+/);
  }
  await page.goto(`/admin/orders/${orderNumber}`);
  await appReady(page);
  await expect(page.getByRole('region', { name: 'Shipping label' })).toContainText('No label yet');
  await look(page, width, 'console-order', `Order ${orderNumber}`);
});
