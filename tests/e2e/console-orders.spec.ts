/**
 * The console's orders (issue 15, item 2): a shopper orders through the shop; an operator finds the
 * order by the shopper's email, opens it, starts fulfilment and ships it with USPS and a tracking
 * number (the customer's email with the tracking link is in the outbox), refunds one shirt, adds a
 * note, exports the list as CSV, marks two other orders shipped at once, and opens the packing slip.
 * Each page is checked with axe and photographed at 1280 and 390 px.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { createOperator } from './support/operator.ts';
import { latestEmail } from './support/outbox.ts';
import { enterCard, shipGround } from './support/shop.ts';
import { SHOTS, screenshot } from './support/shots.ts';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The amount next to a label in a definition list. */
const figure = (scope: Locator, label: string) =>
  scope
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** Checkout of the bag as a guest with `email`, to Charlotte, ground, a test card: the order number. */
async function checkout(page: Page, email: string, name: string): Promise<string> {
  await page.goto('/checkout');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await shipGround(page, { name });
  await enterCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeVisible();
  const orderNumber = (await figure(page.locator('.success'), 'Order number').textContent()) ?? '';
  expect(orderNumber).toMatch(/^[0-9A-Z]{10}$/);
  return orderNumber;
}

/** A guest buys two Alaska shirts (MD Regular, Front) through the designs page and the bag. */
async function shopperOrders(page: Page, email: string): Promise<string> {
  await page.goto('/designs');
  await page.getByRole('link', { name: /Alaska sun shirt/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Size').selectOption('mdr');
  await dialog.getByLabel('Position', { exact: true }).selectOption('Front');
  await dialog.getByLabel('Qty').selectOption('2');
  await dialog.getByRole('button', { name: 'add to shopping bag' }).click();
  await dialog.getByRole('link', { name: 'Go To Shopping Bag' }).click();
  await page.getByRole('link', { name: 'Checkout' }).click();
  return checkout(page, email, 'Jamie Rivera');
}

/** A guest order of one shirt, its bag put in place as the add-to-bag modal would. */
async function quickOrder(page: Page, email: string): Promise<string> {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem(
      'cart',
      JSON.stringify([
        {
          id: 'line-0',
          itemId: 1000,
          productId: 'prod_sunward_upf50_shirt',
          priceId: 'price_sunward_upf50_shirt_4500',
          productCost: 4500,
          design: 'arizona',
          size: 'lgs',
          position: 'Back',
          quantity: 1,
        },
      ]),
    ),
  );
  return checkout(page, email, 'Pat Quinn');
}

/**
 * Photographs the page at 1280 and at 390 px wide, and checks it with axe at both. A full-page capture
 * stitches the console's sticky header and menu into the middle of the picture, so they are pinned
 * to the top for the capture only.
 */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page);
    const pin = await page.addStyleTag({
      content:
        '.console__header, .console__nav { position: static !important; height: auto !important; }',
    });
    await screenshot(page, `${SHOTS}/orders-${name}-${width}.png`, { fullPage: true });
    await pin.evaluate((style) => (style as HTMLElement).remove());
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function operatorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await createOperator(page);
  return page;
}

test(
  'an operator finds, ships, refunds, notes, exports and bulk-ships orders @desktop',
  { tag: '@postgres' },
  async ({ page, browser }) => {
    test.setTimeout(300_000);
    const shopperEmail = `jamie-${stamp()}@example.com`;
    const orderNumber = await shopperOrders(page, shopperEmail);
    const bulkEmail = `pat-${stamp()}@example.com`;
    const bulk = [await quickOrder(page, bulkEmail), await quickOrder(page, bulkEmail)];

    const op = await operatorPage(browser);

    // Find the order by the shopper's email.
    await op.goto('/admin/orders');
    await expect(op.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await op.getByRole('searchbox', { name: 'Search' }).fill(shopperEmail);
    await op.getByRole('button', { name: 'Apply' }).click();
    const table = op.getByRole('table', { name: 'Orders, newest first' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(orderNumber);
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('Pending');
    await shoot(op, 'list');
    await row.getByRole('link', { name: orderNumber }).click();

    // Start fulfilment, then ship with USPS and a tracking number.
    await expect(op.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
    await op.getByRole('button', { name: 'Start fulfilment' }).click();
    await expect(op.getByText('The order is now in progress.')).toBeVisible();
    await op.getByRole('button', { name: 'Mark shipped' }).click();
    const ship = op.getByRole('dialog', { name: 'Mark shipped' });
    await expect(ship.getByRole('combobox', { name: 'Carrier' })).toHaveValue('usps');
    await ship
      .getByRole('textbox', { name: 'Tracking number' })
      .fill('9400 1118 9922 3197 4284 90');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(op.getByText('The order is now shipped.')).toBeVisible();
    await expect
      .poll(async () => (await latestEmail(shopperEmail, 'order-shipped'))?.text ?? '')
      .toContain('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490');
    await expect(op.getByRole('region', { name: 'Emails sent' })).toContainText('shipped');

    // Refund one shirt: the server's figure before confirming, then the answer.
    await op.getByRole('button', { name: 'Refund', exact: true }).click();
    const refund = op.getByRole('dialog', { name: `Refund order ${orderNumber}` });
    await refund.getByRole('combobox', { name: /Alaska/ }).selectOption('1');
    const quoted = refund.getByText(/^The server will refund \$\d+\.\d{2}\.$/);
    await expect(quoted).toBeVisible();
    const amount = /\$\d+\.\d{2}/.exec((await quoted.textContent()) ?? '')![0];
    // One shirt: $45.00 and its half of the tax on $90.00 + $7.70 ground (Charlotte's 7.25%: $7.08):
    // $3.54.
    expect(amount).toBe('$48.54');
    await refund.getByRole('textbox', { name: /Reason/ }).fill('Misprinted logo');
    await shoot(op, 'refund-dialog');
    await refund.getByRole('button', { name: `Refund ${amount}` }).click();
    await expect(refund.getByText(`Refunded ${amount}.`, { exact: false })).toBeVisible();
    await refund.getByRole('button', { name: 'Done' }).click();
    const payment = op.getByRole('region', { name: 'Payment' });
    await expect(payment).toContainText('Partly refunded');
    await expect(payment).toContainText('Misprinted logo');
    await expect
      .poll(async () => (await latestEmail(shopperEmail, 'payment-refunded'))?.subject ?? '')
      .toContain(`a refund of ${amount} for order ${orderNumber}`);

    // A note on the timeline.
    await op
      .getByRole('textbox', { name: 'Add a note' })
      .fill('Customer asked for a gift receipt.');
    await op.getByRole('button', { name: 'Add note' }).click();
    const timeline = op.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toContainText('Customer asked for a gift receipt.');
    await expect(timeline).toContainText('In progress → Shipped');
    await shoot(op, 'detail');

    // The packing slip: printed, nothing of the console shows.
    await op.getByRole('link', { name: 'Print packing slip' }).click();
    const slip = op.getByRole('article', { name: 'Packing slip' });
    await expect(slip).toContainText(orderNumber);
    await expect(slip).toContainText('Jamie Rivera');
    await expect(slip).toContainText('MD - Regular');
    await expect(slip).not.toContainText('$');
    await expect(op.getByRole('button', { name: 'Print' })).toBeVisible();
    await shoot(op, 'packing-slip');
    await op.emulateMedia({ media: 'print' });
    await expect(op.getByRole('navigation', { name: 'Console' })).toBeHidden();
    await expect(op.getByRole('button', { name: 'Print' })).toBeHidden();
    await screenshot(op, `${SHOTS}/orders-packing-slip-print.png`, { fullPage: true });
    await op.emulateMedia({ media: 'screen' });

    // Export CSV of the filtered list: the download has the order's row.
    await op.goto(`/admin/orders?q=${encodeURIComponent(shopperEmail)}`);
    await expect(op.getByRole('table', { name: 'Orders, newest first' })).toContainText(
      orderNumber,
    );
    const [download] = await Promise.all([
      op.waitForEvent('download'),
      op.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Order number,Created \(shop time\),Status,Payment status,Email/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${orderNumber},`);
    expect(lines[1]).toContain(',shipped,Partly refunded,');
    expect(lines[1]).toContain(shopperEmail);
    expect(lines[1]).toContain('9400111899223197428490,usps');

    // Bulk mark-shipped: the two other orders, a tracking number each.
    await op.goto(`/admin/orders?q=${encodeURIComponent(bulkEmail)}`);
    const bulkTable = op.getByRole('table', { name: 'Orders, newest first' });
    await expect(bulkTable.getByRole('row')).toHaveCount(3);
    for (const n of bulk) await op.getByRole('checkbox', { name: `Select order ${n}` }).check();
    await op.getByRole('button', { name: 'Mark shipped (2)' }).click();
    const bulkShip = op.getByRole('dialog', { name: 'Mark shipped' });
    for (const [i, n] of bulk.entries()) {
      const group = bulkShip.getByRole('group', { name: new RegExp(`Order ${n}`) });
      await group
        .getByRole('textbox', { name: 'Tracking number' })
        .fill(`94001118992231974284${91 + i}`);
    }
    await bulkShip.getByRole('button', { name: 'Mark 2 orders shipped' }).click();
    await expect(bulkShip.getByText('2 of 2 marked shipped.')).toBeVisible();
    await expect(bulkShip.getByRole('listitem')).toHaveText([
      `${bulk[0]}: Shipped`,
      `${bulk[1]}: Shipped`,
    ]);
    await bulkShip.getByRole('button', { name: 'Done' }).click();
    await expect(bulkTable.getByRole('row').nth(1)).toContainText('Shipped');
    await expect(bulkTable.getByRole('row').nth(2)).toContainText('Shipped');
    await expect
      .poll(async () => (await latestEmail(bulkEmail, 'order-shipped'))?.text ?? '')
      .toContain('tLabels=940011189922319742849');
  },
);
