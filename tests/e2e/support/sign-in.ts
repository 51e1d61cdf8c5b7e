import { expect, type Page } from '@playwright/test';

/** The header's account control: Sign In (a button) or Account (a link); the label hides on phones. */
export const header = (page: Page) => page.locator('header.header');

/**
 * Creates an account the way a shopper does: Sign In in the shop's header, Create an account on the
 * hosted page, back on /account signed in.
 */
export async function createAccountThroughShop(
  page: Page,
  input: { name: string; email: string; password: string },
): Promise<void> {
  await page.goto('/');
  await header(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await page.getByLabel('Name').fill(input.name);
  await page.getByLabel('Email').fill(input.email);
  await page.getByLabel('Password').fill(input.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account Information' })).toBeVisible();
}

/** Forgets this browser's sign-in (the provider's cookies and the storefront's stored user). */
export async function forgetSignIn(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}
