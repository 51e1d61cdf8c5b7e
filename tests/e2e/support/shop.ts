import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has taken over the page (App marks `<html data-app="ready">`): before that a
 * prerendered page's design tiles are plain links that load the design's URL.
 */
export async function appReady(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
}

/** Opens a design's add-to-bag modal from /designs (the card's name ends with the design title). */
export async function openDesign(page: Page, title: string) {
  await page.goto('/designs');
  await expect(page.getByRole('heading', { name: 'Ready? Choose a Design' })).toBeVisible();
  await appReady(page);
  await page.getByRole('link', { name: new RegExp(`${title}$`) }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  // The price comes with the product details; sizes with the inventory.
  await expect(dialog.getByText('$45.00')).toBeVisible();
  return dialog;
}

export async function chooseOptions(
  dialog: ReturnType<Page['getByRole']>,
  options: { size: string; position: 'Front' | 'Back'; qty: number },
) {
  await dialog.getByLabel('Size').selectOption(options.size);
  await dialog.getByLabel('Position', { exact: true }).selectOption(options.position);
  await dialog.getByLabel('Qty').selectOption(String(options.qty));
  await dialog.getByRole('button', { name: 'add to shopping bag' }).click();
}

/**
 * On /checkout: a shipping address in Charlotte, verified, and USPS Ground Advantage (ground is $7.70
 * in zone 1 below the free-shipping target; 28202 is taxed at 7.25%: NC 4.75%, Mecklenburg County 2%,
 * transit 0.5%).
 */
export async function shipGround(
  page: Page,
  { name = 'Ada Lovelace', line1 = '600 E Trade St' }: { name?: string; line1?: string } = {},
) {
  const form = page.getByRole('form', { name: 'Shipping address' });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Address line 1').fill(line1);
  await form.getByLabel('City').fill('Charlotte');
  await form.getByLabel('State').selectOption('NC');
  await form.getByLabel('ZIP code').fill('28202');
  await form.getByRole('button', { name: 'Verify Address' }).click();
  await expect(page.getByText('Address verified')).toBeVisible();
  await page.getByRole('radio', { name: /USPS Ground Advantage/ }).check();
}

/** A sandbox card (by default the succeeding Visa 4242), a future expiry and a CVC. */
export async function enterCard(page: Page, number = '4242 4242 4242 4242') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
}

/**
 * On /checkout with a filled bag, a guest gets ready to pay: email, a verified Charlotte address, USPS
 * Ground Advantage and the sandbox's succeeding card (Place Order is left to the test).
 */
export async function readyToPay(page: Page, email = 'ada@example.com') {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await shipGround(page);
  await enterCard(page);
}

/** One Alaska shirt (MD Regular, Front) in the guest bag (localStorage['cart']), as the modal leaves it. */
export async function putShirtInBag(page: Page) {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem(
      'cart',
      JSON.stringify([
        {
          productId: 'prod_sunward_upf50_shirt',
          priceId: 'price_sunward_upf50_shirt_4500',
          design: 'alaska',
          size: 'mdr',
          position: 'Front',
          quantity: 1,
          id: 'line-0',
          itemId: 1000,
          productCost: 4500,
        },
      ]),
    ),
  );
}

/** A guest checks out the bag as it is, shipped by Ground to Charlotte; the order's number. */
export async function checkOutAsGuest(page: Page, input: { email: string; name: string }) {
  await page.goto('/checkout');
  await page.getByLabel('Email', { exact: true }).fill(input.email);
  await shipGround(page, { name: input.name });
  await enterCard(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeVisible();
  return (await page
    .locator('.success dt', { hasText: /^Order number$/ })
    .locator('xpath=following-sibling::dd[1]')
    .textContent())!.trim();
}

/**
 * Nothing on the page is wider than the screen (a table, a long id, a toast): the page itself never
 * scrolls sideways. Read once the page has laid itself out at its size (two frames: a viewport just
 * changed is measured at the new size).
 */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const sideways = await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    return document.documentElement.scrollWidth - document.documentElement.clientWidth;
  });
  expect(sideways, `${what}: wider than the screen`).toBeLessThanOrEqual(0);
}

/**
 * Resolves once the shop's display face (Oswald) has loaded and the page has laid out with it.
 * document.fonts.ready can settle before the face is even asked for on a loaded machine, so this
 * waits for the face itself, then two frames for the text it swapped to be laid out again.
 */
export async function displayFaceLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some(
          (f) => f.family.replace(/['"]/g, '') === 'Oswald' && f.status === 'loaded',
        ),
      ),
    )
    .toBe(true);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}
