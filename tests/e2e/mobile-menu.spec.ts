import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';

// Tagged: the playwright config runs @mobile tests on the phone project only, @desktop on desktop only.
test('below 768px the navigation is a full-screen menu @mobile', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  for (const name of ['Home', 'Designs', 'Size Guide', 'Gallery', 'Account', 'Shopping Bag']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  // Escape closes it; a link navigates and closes it.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Size Guide' }).click();
  await expect(page).toHaveURL(/\/size-guide$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Size Guide', level: 1 })).toBeVisible();
});

test('from 768px the header shows the links @desktop', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Designs', 'Size Guide', 'Gallery']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  // Sign In starts the hosted login (the built-in provider's page), which comes back to /account.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
});
