import { expect, type Page } from '@playwright/test';
import { latestEmail, linkTo, type OutboxEmail } from './outbox.ts';

/** The header's account control: Sign In (a button) or Account (a link); the label hides on phones. */
export const header = (page: Page) => page.locator('header.header');

/**
 * Creates an account the way a shopper does: Sign In in the shop's header, Create an account on the
 * hosted page ("Check your email": nobody is signed in by signing up), the confirmation link from the
 * outbox in the same browser, the account's password to confirm it, Verification success, Go To
 * Account: back on /account signed in (the confirmation's one-time sign-in), the email verified.
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
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await confirmEmailFromOutbox(page, input);
  await page.getByRole('link', { name: 'Go To Account' }).click();
  await expectSignedInAccount(page);
}

/**
 * On /account, signed in: its heading and Log Out. The heading alone is also the page's frame's, shown
 * while the sign-in is checked or started (decision 054).
 */
export async function expectSignedInAccount(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Log Out$/i })).toBeVisible();
}

/** Opens the newest confirmation link sent to `email` and confirms it with the password. */
export async function confirmEmailFromOutbox(
  page: Page,
  input: { email: string; password: string },
): Promise<void> {
  let mail: OutboxEmail | null = null;
  await expect
    .poll(async () => (mail = await latestEmail(input.email, 'verify-email')))
    .not.toBeNull();
  await page.goto(linkTo(mail!.text, '/oidc/account/verify-email'));
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await page.getByLabel('Password').fill(input.password);
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await expect(page.getByRole('heading', { name: 'Verification success' })).toBeVisible();
}

/** Forgets this browser's sign-in (the provider's cookies and the storefront's stored user). */
export async function forgetSignIn(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
}
