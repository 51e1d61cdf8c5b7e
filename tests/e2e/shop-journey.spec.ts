import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { chooseOptions, openDesign } from './support/shop.ts';

test('browse, add two designs (one to the cap), change a quantity, remove, empty bag', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // First design: 10, then one more hits the cap of 10.
  let dialog = await openDesign(page, 'Alaska');
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await chooseOptions(dialog, { size: 'mds', position: 'Front', qty: 10 });
  dialog = page.getByRole('dialog', { name: 'Design was Added To Bag' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add More Of This Design' }).click();
  dialog = page.getByRole('dialog', { name: 'Alaska' });
  await chooseOptions(dialog, { size: 'mds', position: 'Front', qty: 1 });
  await expect(page.getByText('Max quantity reached for this product')).toBeVisible();
  await page.getByRole('button', { name: 'Select Another Design' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Shopping Bag, 10 items' })).toBeVisible();

  // Second design, then to the bag.
  dialog = await openDesign(page, 'Key West');
  await chooseOptions(dialog, { size: 'xlr', position: 'Back', qty: 2 });
  await page.getByRole('link', { name: 'Go To Shopping Bag' }).click();
  await expect(page).toHaveURL(/\/bag$/);
  await expect(page.getByRole('heading', { name: 'Shopping Bag', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shopping Bag, 12 items' })).toBeVisible();
  await expect(page.getByText('Subtotal (12 items)')).toBeVisible();
  await expect(page.getByText('$540.00', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The bag survives a reload.
  await page.reload();
  await expect(page.getByRole('combobox', { name: /Qty for Alaska/ })).toHaveValue('10');

  // Change a quantity.
  await page.getByRole('combobox', { name: /Qty for Alaska/ }).selectOption('1');
  await expect(page.getByText('Subtotal (3 items)')).toBeVisible();
  await expect(page.getByText('$135.00', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('You have FREE SHIPPING!')).toBeVisible();
  await page.getByRole('combobox', { name: /Qty for Key West/ }).selectOption('1');
  await expect(page.getByText('Your $10.00 Away')).toBeVisible();

  // Remove both lines: the empty state.
  await page.getByRole('button', { name: /remove from bag: Alaska/ }).click();
  await page.getByRole('button', { name: /remove from bag: Key West/ }).click();
  await expect(page.getByRole('heading', { name: 'Your Shopping Bag is Empty' })).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Shopping Bag', exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Browse Designs' }).click();
  await expect(page).toHaveURL(/\/designs$/);
});

test('the add-to-bag form validates and the size guide opens from the bag', async ({ page }) => {
  const dialog = await openDesign(page, 'Arizona');
  await dialog.getByRole('button', { name: 'add to shopping bag' }).click();
  await expect(page.getByText('all fields are required')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/bag');
  await expect(page.getByText('Your Shopping Bag is Empty')).toBeVisible();
});
