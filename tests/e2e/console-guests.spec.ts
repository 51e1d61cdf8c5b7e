import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { createOperator } from './support/operator.ts';
import { latestEmail, linkTo } from './support/outbox.ts';
import { checkOutAsGuest, expectNoSidewaysScroll, putShirtInBag } from './support/shop.ts';
import { SHOTS, screenshot } from './support/shots.ts';

/**
 * Issue 30, the operator's items (decision 053): a guest buys a shirt and sends a privacy data
 * request; the acknowledgement's link proves the email is theirs. The operator finds the guest in
 * Customers (on main, guests were only in Orders), sees the request's email proven, exports everything
 * under it (the guest order included) and erases it (on main, a guest-only person could be neither
 * exported nor erased). At the phone's 390 px and the laptop's 1280 px, each project its own;
 * screenshots in test-results/shots (E2E_SHOTS=1) as guests-<width>-*.png.
 */
/** The order's row in the page's Orders table (the emails' table names the order too). */
const orderRow = (page: Page, orderNumber: string) =>
  page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: orderNumber });

const widthOf = (info: TestInfo) => (info.project.name === 'mobile' ? 390 : 1280);

/** No serious axe violation, nothing wider than the screen (a long id or file name), a screenshot. */
async function look(page: Page, info: TestInfo, name: string) {
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `${SHOTS}/guests-${widthOf(info)}-${name}.png`, { fullPage: true });
}

test('a guest proves a data request; the operator finds them in Customers, exports and erases', async ({
  page: guest,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  const width = widthOf(info);
  const viewport = { width, height: width === 390 ? 844 : 900 };
  await guest.setViewportSize(viewport);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `Gale.${stamp}@Example.com`;
  const lower = email.toLowerCase();

  // The guest buys, then asks for their data.
  await putShirtInBag(guest);
  const orderNumber = await checkOutAsGuest(guest, { email, name: 'Gale Marsh' });
  await guest.goto('/data-request');
  await guest.getByRole('textbox', { name: 'Email' }).fill(email);
  await guest
    .getByRole('textbox', { name: 'Message' })
    .fill('Please send me my data, then delete it.');
  await guest.getByRole('button', { name: 'Send' }).click();
  await expect(guest.getByText('Form Submitted Successfully')).toBeVisible();
  await expect(guest.getByText(/We emailed you a link/)).toBeVisible();

  // The emailed link: the page changes nothing until the button.
  const mail = await latestEmail(email, 'data-request-received');
  const link = new URL(linkTo(mail!.text, '/data-request/confirm'));
  await guest.goto(`${link.pathname}${link.search}`);
  await expect(guest.getByRole('heading', { name: 'Confirm Your Email' })).toBeVisible();
  await look(guest, info, '1-confirm');
  await guest.getByRole('button', { name: 'Confirm My Email' }).click();
  await expect(guest.getByRole('heading', { name: 'Email Confirmed' })).toBeVisible();
  await look(guest, info, '2-confirmed');
  // Delivered (erasure waits until an order has shipped): the orders console's part, done here.
  await query("UPDATE orders SET status = 'completed' WHERE order_number = ?", [orderNumber]);

  // The operator finds the guest in Customers.
  const context = await browser.newContext({ viewport, baseURL, acceptDownloads: true });
  const operator = await context.newPage();
  await createOperator(operator);
  await operator.goto('/admin/customers');
  await operator.getByRole('searchbox', { name: /Email, name/ }).fill(lower);
  await operator.getByRole('searchbox', { name: /Email, name/ }).press('Enter');
  const row = operator.getByRole('row').filter({ hasText: lower });
  await expect(row).toContainText('Guest (no account)');
  await look(operator, info, '3-customers');
  await row.getByRole('link', { name: 'Gale Marsh' }).click();
  await expect(operator.getByRole('heading', { name: 'Guest', exact: true })).toBeVisible();
  await expect(orderRow(operator, orderNumber)).toBeVisible();
  await expect(operator.getByText(/email proven/)).toBeVisible();
  await look(operator, info, '4-guest');

  // The request: proven; Export and Erase of everything under its email.
  await operator.getByRole('link', { name: /^Data request,/ }).click();
  await expect(operator.getByRole('heading', { name: 'Data request' })).toBeVisible();
  await expect(operator.getByText(/^Email proven/)).toBeVisible();
  await expect(operator.getByRole('link', { name: 'Guest buyer with this email' })).toBeVisible();
  await look(operator, info, '5-request');
  const downloading = operator.waitForEvent('download');
  await operator.getByRole('button', { name: 'Export JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^data-request-dr_.+\.json$/);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    provenEmail: string;
    orders: { orderNumber: string; email: string }[];
  };
  expect(file.provenEmail).toBe(lower);
  expect(file.orders.map((o) => [o.orderNumber, o.email])).toEqual([[orderNumber, email]]);

  await operator.getByRole('button', { name: 'Erase…' }).click();
  const dialog = operator.getByRole('dialog', { name: 'Erase Personal Data' });
  await expect(dialog).toContainText(`Erase everything kept under ${email}`);
  await dialog.getByLabel(/Type the request's email/).fill(lower);
  await look(operator, info, '6-erase-dialog');
  await dialog.getByRole('button', { name: 'Erase Personal Data' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    operator.getByText('Erased: nothing is kept under the email any more.'),
  ).toBeVisible();
  await look(operator, info, '7-request-erased');

  // Gone from the guests; the order kept, without them, under an erased guest.
  await operator.goto(`/admin/customers?q=${encodeURIComponent(lower)}`);
  await expect(operator.getByText(`No customer matches “${lower}”.`)).toBeVisible();
  const [kept] = await query<{ email: string; customer_id: string }>(
    'SELECT email, customer_id FROM orders WHERE order_number = ?',
    [orderNumber],
  );
  expect(kept!.email).toBe('');
  await operator.goto(`/admin/customers/${kept!.customer_id}`);
  await expect(operator.getByText(/Guest buyer: personal data erased/)).toBeVisible();
  await expect(operator.getByRole('heading', { level: 1, name: 'Guest' })).toBeVisible();
  await expect(orderRow(operator, orderNumber)).toBeVisible();
  await look(operator, info, '8-erased-guest');
  await context.close();
});
