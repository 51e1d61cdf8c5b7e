import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';

const PAGES = [
  { path: '/', heading: /Made for long days in the sun/i },
  { path: '/designs', heading: 'Ready? Choose a Design' },
  { path: '/gallery', heading: 'Browse Our Design Collection' },
  { path: '/size-guide', heading: 'Size Guide' },
  { path: '/bag', heading: 'Shopping Bag' },
  { path: '/return-policy', heading: 'Return Policy' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-use', heading: 'Terms of Use' },
  { path: '/error-page', heading: 'Something went wrong.' },
  { path: '/no-such-page', heading: /doesn.t go anywhere/ },
];

for (const { path, heading } of PAGES) {
  test(`${path} renders its heading and passes axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('FREE SHIPPING', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('© 2025 Sunward')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('the gallery opens a design and moves to the next one', async ({ page }) => {
  await page.goto('/gallery');
  await page
    .getByRole('button', { name: /Alaska/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Alaska' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Next design' }).click();
  await expect(page.getByRole('dialog', { name: 'Twin Vistas' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('terms of use have 25 sections, updated March 27, 2025', async ({ page }) => {
  await page.goto('/terms-of-use');
  await expect(page.getByText('Last updated March 27, 2025')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^\d+\. / })).toHaveCount(25);
  await expect(page.getByRole('heading', { name: '15. Governing Law' })).toBeVisible();
});
