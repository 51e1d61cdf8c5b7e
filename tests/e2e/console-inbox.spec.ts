import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { createOperator } from './support/operator.ts';
import { chooseOptions, enterCard, openDesign, shipGround } from './support/shop.ts';
import { createAccountThroughShop, forgetSignIn, header } from './support/sign-in.ts';
import { SHOTS, screenshot } from './support/shots.ts';

/**
 * Issue 15, the inbox: a shopper with an account buys a shirt, asks support about the order (from the
 * order lookup) and sends a privacy data request. An operator answers the message from /admin/inbox
 * (the reply is in the outbox, Reply-To the support address), sees the data request with its 45-day
 * clock, exports the customer (a JSON file with their order) and erases them: the order's total is
 * unchanged in the console, their name and email are gone, and they can no longer sign in. The outbox
 * and the storefront's error reports are looked at on the way. Screenshots at 1280 and 390 px in
 * test-results/shots (E2E_SHOTS_DIR) as inbox-*.png.
 */
const PASSWORD = 'harbour-kite-29';
const stamp = Date.now().toString(36);
const SHOPPER = {
  name: 'Rowan Tidewell',
  email: `rowan.${stamp}@example.com`,
  password: PASSWORD,
};

/** A full-page screenshot at 1280 px and again at 390 px. */
async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    // From the top: the console's header is sticky, and a page scrolled down would show it midway.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${SHOTS}/inbox-${width}-${name}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const figure = (scope: ReturnType<Page['locator']>, label: string) =>
  scope
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    baseURL,
    acceptDownloads: true,
  });
  return context.newPage();
}

/** The shopper: an account (verified), one shirt bought signed in; the order number and total. */
async function shopperBuysAShirt(page: Page): Promise<{ orderNumber: string; total: string }> {
  await createAccountThroughShop(page, SHOPPER);

  const dialog = await openDesign(page, 'Alaska');
  await chooseOptions(dialog, { size: 'mdr', position: 'Front', qty: 1 });
  await expect(page.getByRole('dialog', { name: 'Design Was Added To Bag' })).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(SHOPPER.email);
  await shipGround(page, { name: SHOPPER.name, line1: '417 Cypress Hollow Rd' });
  await enterCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeVisible();
  const receipt = page.locator('.success');
  return {
    orderNumber: (await figure(receipt, 'Order number').textContent())!.trim(),
    total: (await figure(receipt, 'Total').textContent())!.trim(),
  };
}

test('an operator answers support, sees a data request, exports and erases the customer @desktop', async ({
  page: shopper,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await shopper.setViewportSize({ width: 1280, height: 900 });
  const { orderNumber, total } = await shopperBuysAShirt(shopper);

  // Support from the order lookup, then a privacy data request, signed in.
  await shopper.goto('/order-lookup');
  await shopper.getByRole('textbox', { name: 'Order Number' }).fill(orderNumber);
  await shopper.getByRole('textbox', { name: 'Email' }).fill(SHOPPER.email);
  await shopper.getByRole('button', { name: 'Search' }).click();
  await expect(shopper.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await shopper.getByRole('button', { name: 'Support' }).click();
  await expect(shopper).toHaveURL(/\/support$/);
  const question = 'Could you add a gift note saying "Happy birthday, Sam"? Thanks!';
  await shopper.getByRole('textbox', { name: 'Message' }).fill(question);
  await shopper.getByRole('button', { name: 'Send' }).click();
  await expect(shopper.getByText('Form Submitted Successfully')).toBeVisible();
  await shopper.goto('/data-request');
  await shopper.getByRole('textbox', { name: 'Email' }).fill(SHOPPER.email);
  await shopper
    .getByRole('textbox', { name: 'Message' })
    .fill('Please delete my account and data.');
  await shopper.getByRole('button', { name: 'Send' }).click();
  await expect(shopper.getByText('Form Submitted Successfully')).toBeVisible();
  // Delivered: the orders console moves it along; here the database does (erasure waits for shipping).
  await query("UPDATE orders SET status = 'completed' WHERE order_number = ?", [orderNumber]);
  // Two crashes of one bug in shoppers' browsers, for the errors page.
  for (const url of ['/bag', '/designs']) {
    await shopper.request.post('/api/log-error', {
      data: {
        type: 'TypeError',
        // This run's own bug: a retry or an earlier run on the same database groups apart.
        message: `Cannot read properties of undefined (reading 'price_${stamp}')`,
        stack: `TypeError: Cannot read properties of undefined (reading 'price_${stamp}')\n    at BagLine (/assets/bag.js:1:2345)`,
        url: `http://127.0.0.1${url}`,
      },
    });
  }

  // The operator, on their own laptop.
  const operator = await newPage(browser, baseURL!);
  await createOperator(operator);

  // Inbox: the message, opened; the order it names is a link; the reply goes by email.
  await operator.goto('/admin/inbox');
  await expect(operator.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  const messageLink = operator.getByRole('link', { name: /Could you add a gift note/ });
  await expect(messageLink).toBeVisible();
  await expectNoSeriousA11yViolations(operator);
  await shots(operator, '1-support-list');
  await messageLink.click();
  await expect(operator.getByRole('heading', { name: 'Support message' })).toBeVisible();
  await expect(operator.getByRole('link', { name: orderNumber })).toHaveAttribute(
    'href',
    `/admin/orders/${orderNumber}`,
  );
  await operator
    .getByLabel(`Your reply to ${SHOPPER.email}`)
    .fill('Hello Rowan,\n\nOf course: the note is on its way with your shirt.');
  await operator.getByRole('button', { name: 'Send Reply' }).click();
  // The reply in the thread is what lasts; its 2-second toast is support-message-view.test.tsx's to check.
  await expect(operator.getByText('the note is on its way with your shirt')).toBeVisible();
  await expectNoSeriousA11yViolations(operator);
  await shots(operator, '2-support-answered');
  const [reply] = await query<{ subject: string; text: string; reply_to: string }>(
    'SELECT subject, text, reply_to FROM email_outbox WHERE kind = ? AND to_address = ?',
    ['support-reply', SHOPPER.email],
  );
  expect(reply!.subject).toBe(`Sunward: a reply to your message about order ${orderNumber}`);
  expect(reply!.text).toContain('> Could you add a gift note');
  expect(reply!.reply_to).toMatch(/^support@/);

  // The outbox: the reply, previewed in a sandboxed frame.
  await operator.goto(`/admin/outbox?q=${encodeURIComponent(SHOPPER.email)}`);
  const replyLink = operator.getByRole('link', { name: /a reply to your message/ });
  await expect(replyLink).toBeVisible();
  // axe before the preview opens: it cannot run inside a frame where no script may run.
  await expectNoSeriousA11yViolations(operator);
  await replyLink.click();
  const preview = operator.getByTitle(/Preview of/);
  await expect(preview).toHaveAttribute('sandbox', '');
  await expect(preview.contentFrame().getByText('the note is on its way')).toBeVisible();
  await shots(operator, '3-outbox-preview');
  await operator.keyboard.press('Escape');

  // Data requests: the shopper's, with its clock (received today: 45 days left).
  await operator.goto('/admin/inbox');
  await operator.getByRole('link', { name: 'Data requests' }).click();
  const row = operator.getByRole('row').filter({ hasText: SHOPPER.email });
  await expect(row).toContainText('45 days left');
  const [request] = await query<{ due_by: string }>(
    'SELECT due_by FROM data_requests WHERE email = ?',
    [SHOPPER.email],
  );
  const [y, m, d] = request!.due_by.split('-');
  await expect(row).toContainText(`${m}/${d}/${y}`);
  await shots(operator, '4-data-requests');
  await row.getByRole('link', { name: SHOPPER.email }).click();
  await expect(operator.getByRole('heading', { name: 'Data request' })).toBeVisible();
  await expect(operator.getByRole('link', { name: SHOPPER.name })).toBeVisible();

  // Export: a JSON file with everything, their order included.
  const downloading = operator.waitForEvent('download');
  await operator.getByRole('button', { name: 'Export JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^customer-cus_.+\.json$/);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    customer: { email: string; name: string };
    orders: { orderNumber: string; total: number }[];
  };
  expect(file.customer).toMatchObject({ email: SHOPPER.email, name: SHOPPER.name });
  expect(file.orders.map((o) => o.orderNumber)).toEqual([orderNumber]);
  await shots(operator, '5-data-request');

  // Erase: what goes and what stays, the typed email, then done.
  await operator.getByRole('button', { name: 'Erase…' }).click();
  const dialog = operator.getByRole('dialog', { name: 'Erase Personal Data' });
  await expect(dialog).toContainText('What is kept');
  const erase = dialog.getByRole('button', { name: 'Erase Personal Data' });
  await expect(erase).toBeDisabled();
  await dialog.getByLabel(/Type the customer's email/).fill(SHOPPER.email.toUpperCase());
  await expectNoSeriousA11yViolations(operator);
  await shots(operator, '6-erase-dialog');
  await erase.click();
  // What lasts, not the 2-second success toast (erase-dialog.test.tsx checks that): on a loaded
  // machine the toast can come and go between two looks (CI, PostgreSQL, 2026-11-25).
  await expect(dialog).toBeHidden();
  await expect(operator.getByRole('link', { name: /^Erased customer cus_/ })).toBeVisible();
  await operator.getByLabel('What was done').fill('Personal data erased at their request.');
  await operator.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(operator.getByRole('button', { name: 'Reopen' })).toBeVisible();

  // The customer in the console, from the request: erased, their order and its total kept.
  await operator.getByRole('link', { name: /^Erased customer cus_/ }).click();
  await expect(operator.getByRole('heading', { name: 'Customer', exact: true })).toBeVisible();
  await expect(
    operator.getByText(/Their orders stay below for the financial records/),
  ).toBeVisible();
  const orderRow = operator.getByRole('row').filter({ hasText: orderNumber });
  await expect(orderRow).toContainText(total);
  const main = operator.locator('main');
  await expect(main).not.toContainText(SHOPPER.name);
  await expect(main).not.toContainText(SHOPPER.email);
  await expectNoSeriousA11yViolations(operator);
  await shots(operator, '7-customer-erased');

  // The errors the storefront reported, grouped.
  await operator.goto('/admin/errors');
  const group = operator
    .getByRole('list', { name: 'Error groups' })
    .locator(':scope > li')
    .filter({ hasText: `price_${stamp}` });
  await expect(group.getByLabel('2 reports')).toBeVisible();
  await group.getByRole('button', { name: 'Show reports' }).click();
  await expect(group.getByText(/127\.0\.0\.1\/designs/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(operator);
  await shots(operator, '8-errors');

  // The shopper can no longer sign in.
  await forgetSignIn(shopper);
  await shopper.goto('/');
  await header(shopper).getByRole('button', { name: 'Sign In' }).click();
  await expect(shopper.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await shopper.getByLabel('Email').fill(SHOPPER.email);
  await shopper.getByLabel('Password').fill(PASSWORD);
  await shopper.getByRole('button', { name: 'Sign in' }).click();
  await expect(shopper.getByText('The email or password is not right.')).toBeVisible();
});
