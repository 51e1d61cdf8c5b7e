/**
 * The rough edges of issue 30 that a shopper hits, one journey each at the size where it showed. Each
 * failed on main before its fix.
 */
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { SHOTS, screenshot } from './support/shots.ts';
import {
  appReady,
  checkOutAsGuest,
  chooseOptions,
  displayFaceLoaded,
  openDesign,
  putShirtInBag,
} from './support/shop.ts';
import { createAccountThroughShop, header } from './support/sign-in.ts';
import { createOperator } from './support/operator.ts';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the account’s email wraps only before the @ or after a dot, and the status chip clears the date @mobile', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = `bag.390.${Date.now()}${Math.floor(Math.random() * 1e4)}@example.com`;
    await putShirtInBag(page);
    await checkOutAsGuest(page, { email, name: 'Morgan Reef' });
    await createAccountThroughShop(page, {
      name: 'Morgan Reef',
      email,
      password: 'reef-walk-42-K',
    });

    const shown = page.locator('.account-summary .email-address');
    await expect(shown).toHaveText(email);
    // Where each line starts: a line may begin only at the @ or just after a dot.
    const starts = await shown.evaluate((span) => {
      const text = span.textContent ?? '';
      const walker = document.createTreeWalker(span, NodeFilter.SHOW_TEXT);
      const tops: number[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          tops.push(Math.round(range.getBoundingClientRect().top));
        }
      }
      return tops.flatMap((top, i) =>
        i > 0 && top > tops[i - 1]! ? [text.slice(i - 1, i + 1)] : [],
      );
    });
    expect(starts.length, 'the address wraps at this width').toBeGreaterThan(0);
    for (const pair of starts) expect(pair[1] === '@' || pair[0] === '.', pair).toBe(true);

    const chip = (await page.locator('.order-row .order-status').first().boundingBox())!;
    const date = (await page
      .locator('.order-row__fact', { hasText: 'Date' })
      .locator('dd')
      .first()
      .boundingBox())!;
    // Side by side with room between them, or the date on a line of its own: never touching.
    const sameLine = Math.abs(chip.y + chip.height / 2 - (date.y + date.height / 2)) < chip.height;
    if (sameLine) {
      expect(
        date.x - (chip.x + chip.width),
        'space between the chip and the date',
      ).toBeGreaterThanOrEqual(12);
    } else {
      expect(date.y, 'the date below the chip').toBeGreaterThanOrEqual(chip.y + chip.height);
    }
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `${SHOTS}/rough-30-account-390.png`, { fullPage: true });
  });

  test('the add-to-bag dialog shows Qty whole above the sticky Add button on first view @mobile', async ({
    page,
  }) => {
    const dialog = await openDesign(page, 'Alaska');
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
    );
    const qty = (await dialog.getByLabel('Qty').boundingBox())!;
    const add = (await dialog.getByRole('button', { name: 'add to shopping bag' }).boundingBox())!;
    expect(qty.y + qty.height, 'Qty ends above the Add button').toBeLessThanOrEqual(add.y - 8);
    expect(add.y + add.height).toBeLessThanOrEqual(844);
    await screenshot(page, `${SHOTS}/rough-30-dialog-390.png`);
  });

  test('/return and /return/confirmation opened directly send the shopper to the lookup, saying why @mobile', async ({
    page,
  }) => {
    await page.goto('/return');
    await expect(page).toHaveURL(/\/order-lookup$/);
    await expect(page.getByRole('status').filter({ hasText: 'A return starts' })).toHaveText(
      'A return starts from its order: find your order here, then choose Create Return.',
    );
    await expect(page.getByRole('heading', { name: 'Order Lookup' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `${SHOTS}/rough-30-return-direct-390.png`, { fullPage: true });

    await page.goto('/return/confirmation');
    await expect(page).toHaveURL(/\/order-lookup$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your return is listed with its order' }),
    ).toBeVisible();

    await page.goto('/support');
    await expect(page).toHaveURL(/\/order-lookup$/);
    await expect(page.getByRole('status').filter({ hasText: 'Support starts' })).toHaveText(
      'Support starts from an order: find your order here, then choose Support.',
    );
  });

  test('the footer links Data Request beside the policies @mobile', async ({ page }) => {
    await page.goto('/size-guide');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await expect(footer.getByRole('link')).toContainText([
      'Order Lookup',
      'Returns',
      'Privacy Policy',
      'Terms of Use',
      'Data Request',
    ]);
    // A click while the app takes the prerendered page over can be lost: click once it has.
    await appReady(page);
    await footer.getByRole('link', { name: 'Data Request' }).click();
    await expect(page).toHaveURL(/\/data-request$/);
  });

  test('the bag advertises free shipping as the header does: orders $100+ @mobile', async ({
    page,
  }) => {
    await putShirtInBag(page);
    await page.goto('/bag');
    await expect(page.getByText('from FREE SHIPPING on orders $100+')).toBeVisible();
    await expect(page.getByText('$100.00+')).toHaveCount(0);
  });

  test('the home page words the 98% claim one way @mobile', async ({ page }) => {
    await page.goto('/');
    const claims = page.getByText(/98%/);
    await expect(claims).toHaveCount(3);
    for (const claim of await claims.all()) {
      await expect(claim).toContainText('at least 98% of UVA and UVB rays');
    }
  });

  test('the gallery shows its prints large enough to read on a phone: one column @mobile', async ({
    page,
  }) => {
    await page.goto('/gallery');
    const first = page.locator('.gallery-card img').first();
    await expect(first).toBeVisible();
    const tile = (await first.boundingBox())!;
    expect(tile.width, 'a tile spans the phone').toBeGreaterThanOrEqual(340);
    // The browser picked a picture at least as wide as the tile on this screen.
    const natural = await first.evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(natural).toBeGreaterThanOrEqual(tile.width);
    await screenshot(page, `${SHOTS}/rough-30-gallery-390.png`);
  });

  test('the lookup and the data request arrive rendered, and what is typed before the app starts stays @mobile', async ({
    page,
  }) => {
    // The app's scripts are held until the shopper has typed: the form is the prerendered page's.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/static/**/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/order-lookup', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'Order Number' }).fill('ABCDE12345');
    await page.getByRole('textbox', { name: 'Email' }).fill('pat@example.com');
    // Not sent before the app can send it: no bare form submission with the email in the URL.
    await expect(page.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(await page.locator('html').getAttribute('data-app')).toBeNull();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    await expect(page.getByRole('textbox', { name: 'Order Number' })).toHaveValue('ABCDE12345');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('pat@example.com');
    // The app sends what was typed (the answer is the server's: no such order, or a rate limit when
    // this worker's shop has answered many lookups this minute).
    const [lookup] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/orders/lookup') && r.method() === 'POST'),
      page.getByRole('button', { name: 'Search' }).click(),
    ]);
    expect(lookup.postDataJSON()).toMatchObject({
      orderNumber: 'ABCDE12345',
      email: 'pat@example.com',
    });
    await expect(page).toHaveURL(/\/order-lookup$/);

    let releaseAgain = () => {};
    const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
    const other = await page.context().newPage();
    await other.route('**/static/**/*.js', async (route) => {
      await heldAgain;
      await route.continue();
    });
    await other.goto('/data-request', { waitUntil: 'commit' });
    await other.getByRole('textbox', { name: 'Email' }).fill('pat@example.com');
    await other.getByRole('textbox', { name: 'Message' }).fill('Please send me my data.');
    releaseAgain();
    await expect(other.locator('html')).toHaveAttribute('data-app', 'ready');
    await expect(other.getByRole('textbox', { name: 'Email' })).toHaveValue('pat@example.com');
    await expect(other.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'Please send me my data.',
    );
  });

  test('the terms do not say the shop photographs its shirts @mobile', async ({ page }) => {
    await page.goto('/terms-of-use');
    await expect(page.getByRole('main')).toContainText('We describe and picture them');
    await expect(page.getByRole('main')).not.toContainText('photograph');
  });
});

test('the bag’s size guide shows both tables whole at 1280 px @desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await putShirtInBag(page);
  await page.goto('/bag');
  await page.getByRole('button', { name: /size guide/i }).click();
  const dialog = page.getByRole('dialog', { name: 'Size Guide' });
  await expect(dialog).toBeVisible();
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
  for (const name of [/short/i, /regular/i]) {
    const table = dialog.getByRole('table', { name });
    await expect(table.getByRole('columnheader', { name: /sleeve/i })).toBeVisible();
    // Every cell inside the table's box, and the table inside the dialog's: nothing cut off.
    const fits = await table.evaluate((t) => {
      const box = t.getBoundingClientRect();
      const dialogBox = t.closest('[role="dialog"]')!.getBoundingClientRect();
      const cells = [...t.querySelectorAll('th, td')].map((c) => c.getBoundingClientRect());
      return (
        box.right <= dialogBox.right + 0.5 &&
        cells.every((c) => c.right <= box.right + 0.5) &&
        t.scrollWidth <= t.clientWidth + 1
      );
    });
    expect(fits).toBe(true);
  }
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `${SHOTS}/rough-30-bag-size-guide-1280.png`);
});

test('the confirmation restates what was added, and a capped add says so clear of the title', async ({
  page,
}) => {
  const dialog = await openDesign(page, 'Alaska');
  await chooseOptions(dialog, { size: 'mdr', position: 'Front', qty: 3 });
  const done = page.getByRole('dialog', { name: 'Design was Added To Bag' });
  const added = done.getByRole('definition');
  await expect(done.getByRole('term')).toHaveText(['Size', 'Position', 'Qty']);
  await expect(added).toHaveText(['MD - Regular', 'Front', '3']);

  await done.getByRole('button', { name: 'Add More Of This Design' }).click();
  await chooseOptions(dialog, { size: 'mdr', position: 'Front', qty: 9 });
  await expect(added).toHaveText(['MD - Regular', 'Front', '10 in your bag, the most per line']);
  const toast = page.locator('.toast').filter({ hasText: 'Max quantity reached for this product' });
  await expect(toast).toBeVisible();
  const title = done.getByRole('heading', { name: 'Design was Added To Bag' });
  await expect
    .poll(async () => {
      const [a, b] = [(await toast.boundingBox())!, (await title.boundingBox())!];
      return a.y + a.height <= b.y || b.y + b.height <= a.y;
    })
    .toBe(true);

  await done.getByRole('button', { name: 'Add More Of This Design' }).click();
  await chooseOptions(dialog, { size: 'lgs', position: 'Back', qty: 1 });
  await expect(added).toHaveText(['LG - Short', 'Back', '1']);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `${SHOTS}/rough-30-added-${test.info().project.name}.png`);
});

test('the hosted sign-in page looks like the shop: its mark and its display face', async ({
  page,
}) => {
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const mark = page.locator('header.top img.brand__mark');
  await expect(mark).toBeVisible();
  expect(await mark.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  // The heading and the shop's name in Oswald, loaded from the shop (not a fallback face).
  await displayFaceLoaded(page);
  await expect(page.locator('header.top .brand')).toHaveCSS('font-family', /^Oswald/);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `${SHOTS}/rough-30-sign-in-${test.info().project.name}.png`);
});

test('a guest’s support message shows whom a reply goes to, not “No address given” @desktop', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `guest.support.${Date.now().toString(36)}@example.com`;
  await putShirtInBag(page);
  const orderNumber = await checkOutAsGuest(page, { email, name: 'Pat Harbor' });
  await page.goto('/order-lookup');
  await page.getByRole('textbox', { name: 'Order Number' }).fill(orderNumber);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Support' }).click();
  const words = `Where is order ${orderNumber}? ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(words);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Form Submitted Successfully')).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const operator = await context.newPage();
  await createOperator(operator);
  await operator.goto('/admin/inbox');
  await operator
    .getByRole('link', { name: new RegExp(words.slice(0, 20)) })
    .first()
    .click();
  await expect(operator.getByRole('heading', { name: 'Support message' })).toBeVisible();
  const from = operator
    .locator('dt', { hasText: /^From$/ })
    .locator('xpath=following-sibling::dd[1]');
  await expect(from).toHaveText(`${email} (no address given: the email of order ${orderNumber})`);
  await expect(operator.getByLabel(`Your reply to ${email}`)).toBeVisible();
  await expectNoSeriousA11yViolations(operator);
  await context.close();
});
