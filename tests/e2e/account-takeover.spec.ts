import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/shots.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { latestEmail, linkTo, type OutboxEmail } from './support/outbox.ts';
import { expectSignedInAccount, header } from './support/sign-in.ts';

/**
 * Issue 23, the takeover as it was done: a stranger signs up first with someone else's address and
 * stays signed in; the owner, whose sign-up looks like anyone's, gets an email instead, chooses a
 * password with its link and is signed in; the stranger's tab is signed out, and the stranger's
 * password opens nothing. Screenshots in test-results/account-takeover.
 */
const STRANGER_PASSWORD = 'borrowed-lantern-31';
const OWNER_PASSWORD = 'rightful-harbor-72';

test('a stranger who signed up first with my address is signed out when I take it back @desktop', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `owner.${Date.now()}@example.com`;
  const shot = (page: Page, name: string) =>
    screenshot(page, `test-results/account-takeover/${name}.png`, { fullPage: true });

  // The stranger: signs up with the owner's address, then signs in (the account is unconfirmed).
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto('/');
  await header(stranger).getByRole('button', { name: 'Sign In' }).click();
  await stranger.getByRole('link', { name: 'Create an account' }).click();
  await stranger.getByLabel('Name').fill('Not The Owner');
  await stranger.getByLabel('Email').fill(email);
  await stranger.getByLabel('Password').fill(STRANGER_PASSWORD);
  await stranger.getByRole('button', { name: 'Create account' }).click();
  await expect(stranger.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await stranger.getByRole('link', { name: 'Sign in' }).click();
  await stranger.getByLabel('Email').fill(email);
  await stranger.getByLabel('Password').fill(STRANGER_PASSWORD);
  await stranger.getByRole('button', { name: 'Sign in' }).click();
  await expect(stranger).toHaveURL(/\/account$/);
  await expect(
    stranger.getByText('Please verify your email to view account information'),
  ).toBeVisible();
  await shot(stranger, '1-stranger-signed-in-unconfirmed');

  // The owner signs up too: the same page as for a new address; the email tells the rest.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto('/');
  await header(owner).getByRole('button', { name: 'Sign In' }).click();
  await owner.getByRole('link', { name: 'Create an account' }).click();
  await owner.getByLabel('Name').fill('Rightful Owner');
  await owner.getByLabel('Email').fill(email);
  await owner.getByLabel('Password').fill(OWNER_PASSWORD);
  await owner.getByRole('button', { name: 'Create account' }).click();
  await expect(owner.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(owner.getByRole('status')).toContainText(`We sent a message to ${email}.`);
  await shot(owner, '2-owner-check-your-email');

  let notice: OutboxEmail | null = null;
  await expect
    .poll(async () => (notice = await latestEmail(email, 'account-exists')))
    .not.toBeNull();
  expect(notice!.text).toContain('Nobody has confirmed this address');
  await owner.goto(linkTo(notice!.text, '/oidc/account/reset-password'));
  await expect(owner.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await owner.getByLabel('New password').fill(OWNER_PASSWORD);
  await owner.getByRole('button', { name: 'Save password' }).click();
  await expect(owner.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await expect(
    owner.getByText(/Every device that was signed in to your account has been signed out/),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(owner);
  await shot(owner, '3-owner-password-changed');

  // Go to your account: signed in without typing the password again, the address confirmed.
  await owner.getByRole('link', { name: 'Go to your account' }).click();
  await expect(owner).toHaveURL(/\/account$/);
  await expectSignedInAccount(owner);
  await expect(owner.getByText(email)).toBeVisible();
  await shot(owner, '4-owner-account');

  // The stranger's tab, next time it asks anything, is signed out, and the old password opens nothing.
  await stranger.reload();
  await expect(stranger).toHaveURL(/\/oidc\/interaction\//);
  await expect(stranger.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(
    await stranger.evaluate(() =>
      Object.keys(localStorage).some((key) => key.startsWith('oidc.user:')),
    ),
  ).toBe(false);
  await stranger.getByLabel('Email').fill(email);
  await stranger.getByLabel('Password').fill(STRANGER_PASSWORD);
  await stranger.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    stranger.getByText('The email or password is not right. Check them and try again.'),
  ).toBeVisible();
  await shot(stranger, '5-stranger-signed-out');

  await strangerContext.close();
  await ownerContext.close();
});
