import { expect, type Page } from '@playwright/test';

/** Opens a design's add-to-bag modal from /designs (the card's name ends with the design title). */
export async function openDesign(page: Page, title: string) {
  await page.goto('/designs');
  await expect(page.getByRole('heading', { name: 'Ready? Choose a Design' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`${title}$`) }).click();
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
