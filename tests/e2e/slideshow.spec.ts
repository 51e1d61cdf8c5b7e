import { expect, test } from './support/fixtures.ts';
import { openDesign } from './support/shop.ts';

test('the slideshow moves with the arrow keys and wraps around @desktop', async ({ page }) => {
  const dialog = await openDesign(page, 'Sunset Cove');
  const show = dialog.getByRole('region', { name: 'Sunset Cove pictures' });
  const status = show.locator('[aria-live="polite"]');
  await show.focus();
  // The spec's cycle (logo -> folded shirt -> banner), entered at the shirt (decision 046).
  await expect(status).toHaveText('1 of 3: Sunset Cove shirt, folded');
  await page.keyboard.press('ArrowRight');
  await expect(status).toHaveText('2 of 3: Sunset Cove printed on the front');
  await page.keyboard.press('ArrowRight');
  await expect(status).toHaveText('3 of 3: Sunset Cove design artwork');
  await page.keyboard.press('ArrowRight');
  await expect(status).toHaveText(/^1 of 3: Sunset Cove shirt/);
  await page.keyboard.press('ArrowLeft');
  await expect(status).toHaveText(/^3 of 3: Sunset Cove design artwork/);
  await dialog.getByRole('button', { name: 'Previous image' }).click();
  await expect(status).toHaveText(/^2 of 3/);
  // Escape closes the modal and focus returns to the design that opened it.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Sunset Cove$/ })).toBeFocused();
});
