/**
 * Outbound labels (issue 27 item 1, decision 039): three guests order; an operator chooses the three
 * paid orders on the orders list, buys their labels in one batch (the job engine buys each once), sees
 * each bought with its tracking number and postage, and prints one PDF: each order's 4 x 6 label, then
 * its 4 x 6 packing slip, in the order chosen. A shopper looks up an order and sees it shipped with its
 * tracking number. On the order page, Void label puts the order back to in progress, ready to ship.
 * It runs at both widths: the operator on a laptop (1280 px) and on a phone (a Pixel 7, 412 px). Each
 * screen is checked with axe and photographed; the PDF is kept beside the screenshots.
 */
import { writeFileSync } from 'node:fs';
import { devices, type Locator, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { createOperator } from './support/operator.ts';
import { enterCard, shipGround } from './support/shop.ts';
import { SHOTS, TAKE_SHOTS, screenshot } from './support/shots.ts';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A guest order of one shirt to Charlotte, its bag put in place as the add-to-bag modal would. */
async function guestOrder(page: Page, email: string, name: string, design: string) {
  await page.goto('/');
  await page.evaluate(
    (picked) =>
      localStorage.setItem(
        'cart',
        JSON.stringify([
          {
            id: 'line-0',
            itemId: 1000,
            productId: 'prod_sunward_upf50_shirt',
            priceId: 'price_sunward_upf50_shirt_4500',
            productCost: 4500,
            design: picked,
            size: 'lgs',
            position: 'Back',
            quantity: 1,
          },
        ]),
      ),
    design,
  );
  await page.goto('/checkout');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await shipGround(page, { name });
  await enterCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeVisible();
  const number = await page
    .locator('.success dt', { hasText: /^Order number$/ })
    .locator('xpath=following-sibling::dd[1]')
    .textContent();
  expect(number).toMatch(/^[0-9A-Z]{10}$/);
  return number!;
}

/** The operator's screen: the project's phone, or a laptop. */
const onPhone = () => test.info().project.name === 'mobile';

/**
 * Axe, and the screenshots when asked (the console's bars pinned on top), at the project's width. An
 * open `dialog` is photographed by itself: a capture of the page blends the page into the fixed
 * dialog's picture (the browser shows the dialog on top: the element at its centre is its own).
 */
async function shoot(page: Page, name: string, dialog?: Locator) {
  // A dialog fading in (or out) is photographed once it has finished.
  // (One cancelled on the way, by a re-render, rejects its promise: it is over too.)
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  await expectNoSeriousA11yViolations(page);
  const pin = await page.addStyleTag({
    content:
      '.console__header, .console__nav { position: static !important; height: auto !important; }',
  });
  const file = `${SHOTS}/labels-${name}-${onPhone() ? 'phone' : 'laptop'}.png`;
  if (!dialog) await screenshot(page, file, { fullPage: true });
  else if (TAKE_SHOTS) await dialog.screenshot({ path: file });
  await pin.evaluate((style) => (style as HTMLElement).remove());
}

test(
  'an operator buys three orders’ labels in one batch, prints them, and voids one',
  { tag: '@postgres' },
  async ({ page, browser }) => {
    test.setTimeout(240_000);
    const email = `label-${stamp()}@example.com`;
    const orders = [
      await guestOrder(page, email, 'Jamie Rivera', 'arizona'),
      await guestOrder(page, email, 'Pat Quinn', 'alaska'),
      await guestOrder(page, email, 'Sam Lee', 'arizona'),
    ];

    // Reduced motion: the dialogs are photographed as they stand, not half faded in.
    const context = await browser.newContext({
      ...(onPhone() ? devices['Pixel 7'] : { viewport: { width: 1280, height: 900 } }),
      reducedMotion: 'reduce',
    });
    const op = await context.newPage();
    await createOperator(op);
    await op.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
    const table = op.getByRole('table', { name: 'Orders, newest first' });
    await expect(table.getByRole('row')).toHaveCount(4);
    for (const n of orders) {
      await op.getByRole('checkbox', { name: `Select order ${n}` }).check();
    }
    await op.getByRole('button', { name: 'Buy labels (3)' }).click();
    const dialog = op.getByRole('dialog', { name: 'Buy labels' });
    await shoot(op, 'batch', dialog);
    await dialog.getByRole('button', { name: 'Buy 3 labels' }).click();
    await expect(dialog.getByText('3 of 3 labels bought.')).toBeVisible({ timeout: 30_000 });
    const results = dialog.getByRole('list', { name: 'Labels' });
    for (const n of orders) {
      await expect(results).toContainText(new RegExp(`${n} .*: Bought: 9200 0000 0000 00\\d\\d`));
    }
    await expect(results).toContainText('postage $5.90');
    // The list behind the dialog shows them shipped once they are.
    await expect(table.getByText('Shipped')).toHaveCount(3);
    await shoot(op, 'batch-bought', dialog);

    // One label per order, each order shipped with its label's tracking number.
    const rows = await query<{ order_number: string; tracking_number: string; status: string }>(
      `SELECT o.order_number, l.tracking_number, o.status FROM outbound_labels l JOIN orders o ON o.id = l.order_id WHERE o.email = ?`,
      [email],
    );
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.status === 'shipped')).toBe(true);
    const trackingOf = new Map(rows.map((r) => [r.order_number, r.tracking_number]));

    // Print labels: one PDF in a tab of its own, a label then a slip per order, in the order chosen.
    // The console reads the answer as a blob for the tab: the route hands the test its bytes too.
    let asked = '';
    let bytes: Buffer = Buffer.alloc(0);
    await op.route('**/api/admin/labels/print?*', async (route) => {
      asked = new URL(route.request().url()).searchParams.get('orders') ?? '';
      const response = await route.fetch();
      bytes = await response.body();
      await route.fulfill({ response, body: bytes });
    });
    const [popup] = await Promise.all([
      op.context().waitForEvent('page'),
      dialog.getByRole('button', { name: 'Print 3 labels' }).click(),
    ]);
    await expect.poll(() => popup.url()).toMatch(/^blob:/);
    expect(asked).toBe(orders.join(','));
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(6);
    for (const p of pdf.getPages()) expect(p.getSize()).toEqual({ width: 288, height: 432 });
    if (TAKE_SHOTS) writeFileSync(`${SHOTS}/labels-batch.pdf`, bytes);
    await popup.close();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The shopper sees the order shipped, with its tracking number.
    await page.goto('/order-lookup');
    await page.getByRole('textbox', { name: 'Order Number' }).fill(orders[1]!);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { name: `Order ${orders[1]}` })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/Status\s*shipped/i);
    const track = page.getByRole('main').getByRole('link', { name: 'Track Package' });
    await expect(track).toHaveAttribute('href', new RegExp(trackingOf.get(orders[1]!)!));
    await screenshot(
      page,
      `${SHOTS}/labels-shopper-shipped-${onPhone() ? 'phone' : 'laptop'}.png`,
      {
        fullPage: true,
      },
    );

    // On the order page: the label, then Void label puts the order back to ready to ship.
    await op.goto(`/admin/orders/${orders[1]}`);
    const label = op.getByRole('region', { name: 'Shipping label' });
    await expect(label).toContainText('Label bought.');
    await expect(label).toContainText('$5.90');
    await expect(label.getByRole('button', { name: 'Print label' })).toBeVisible();
    await shoot(op, 'order-bought');
    await label.getByRole('button', { name: 'Void label' }).click();
    const confirm = op.getByRole('dialog', { name: `Void the label of order ${orders[1]}?` });
    await confirm.getByRole('button', { name: 'Void label' }).click();
    await expect(label).toContainText('Label voided. Postage refunded.', { timeout: 30_000 });
    await expect(confirm).toBeHidden();
    await expect(op.getByText('Fulfilment', { exact: true }).locator('xpath=..')).toContainText(
      'In progress',
    );
    await expect(label.getByRole('button', { name: 'Buy label' })).toBeVisible();
    await shoot(op, 'order-voided');
    const [after] = await query<{ status: string; tracking: string | null }>(
      'SELECT status, tracking FROM orders WHERE order_number = ?',
      [orders[1]],
    );
    expect(after).toEqual({ status: 'in-progress', tracking: null });
    await context.close();
  },
);
