import { expect, test } from './support/fixtures.ts';
import { setOutOfStock } from './support/inventory.ts';
import { openDesign } from './support/shop.ts';

test.afterEach(() => setOutOfStock('xxlr', false));

test(
  'an out-of-stock size is disabled with its suffix @mobile',
  { tag: '@postgres' },
  async ({ page }) => {
    await setOutOfStock('xxlr', true);
    const dialog = await openDesign(page, 'Grand Canyon');
    const size = dialog.getByLabel('Size');
    await expect(size.locator('option[value="xxlr"]')).toHaveText('XXL R (out of stock)');
    await expect(size.locator('option[value="xxlr"]')).toBeDisabled();
    await expect(size.locator('option[value="xlr"]')).toBeEnabled();
    await expect(size.locator('option[value="xlr"]')).toHaveText('XL R');
  },
);
