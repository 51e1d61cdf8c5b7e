import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectSignedInAccount } from './support/sign-in.ts';
import { screenshot } from './support/shots.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { latestEmail, linkTo, type OutboxEmail } from './support/outbox.ts';

/**
 * Issue 12, the storefront's sign-in against the built-in provider: create an account on the hosted
 * page ("Check your email"), sign in unconfirmed, open the confirmation link from the outbox and confirm
 * with the password (issue 23), 'Verification success', Go To Account, log out at the provider, sign in
 * again. At 390 px (a phone) and 1280 px; screenshots in test-results/sign-in.
 */
const layouts = [
  { tag: '@mobile', width: 390, height: 844 },
  { tag: '@desktop', width: 1280, height: 800 },
] as const;

const PASSWORD = 'tangerine-kayak-47';

const shot = (page: Page, name: string, width: number) =>
  screenshot(page, `test-results/sign-in/${width}-${name}.png`, { fullPage: true });

/** The header's account control: Sign In (a button) or Account (a link); the label hides on phones. */
const header = (page: Page) => page.locator('header.header');

for (const { tag, width, height } of layouts) {
  test(`create an account, verify it, log out and sign in again at ${width}px ${tag}`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    const email = `shopper.${width}.${Date.now()}@example.com`;

    // Signed out: the header offers Sign In (no auth library needed for that).
    await page.goto('/');
    const signIn = header(page).getByRole('button', { name: 'Sign In' });
    await expect(signIn).toBeVisible();
    expect(
      await page.evaluate(() =>
        performance.getEntriesByType('resource').some((r) => r.name.includes('oidc-client-ts')),
      ),
    ).toBe(false);
    await signIn.click();

    // The hosted sign-in page, then Create an account.
    await expect(page).toHaveURL(/\/oidc\/interaction\//);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, '1-hosted-sign-in', width);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await page.getByLabel('Name').fill('Riley Shore');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await expectNoSeriousA11yViolations(page);
    await shot(page, '2-hosted-create-account', width);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Nobody is signed in by signing up (the page is the same for an address that has an account).
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`We sent a message to ${email}.`);
    await expectNoSeriousA11yViolations(page);
    await shot(page, '3-check-your-email', width);

    // Signing in before confirming: the account page asks for the confirmation.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(
      page.getByText('Please verify your email to view account information'),
    ).toBeVisible();
    await shot(page, '3-account-unverified', width);

    // The confirmation email in the outbox; its link asks for the account's password, then lands on
    // /user-verification-result.
    let mail: OutboxEmail | null = null;
    await expect.poll(async () => (mail = await latestEmail(email, 'verify-email'))).not.toBeNull();
    await page.goto(linkTo(mail!.text, '/oidc/account/verify-email'));
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
    await page.getByLabel('Password').fill(PASSWORD);
    await expectNoSeriousA11yViolations(page);
    await shot(page, '4-confirm-email', width);
    await page.getByRole('button', { name: 'Confirm email' }).click();
    await expect(page).toHaveURL(/\/user-verification-result\?/);
    await expect(page.getByRole('heading', { name: 'Verification success' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Designs' })).toHaveAttribute(
      'href',
      '/designs',
    );
    await shot(page, '4-verification-success', width);

    // Go To Account: signed in again without the password (the confirmation ended the earlier
    // sign-in and gave this browser a one-time one); the name and email.
    await page.getByRole('link', { name: 'Go To Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expectSignedInAccount(page);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Riley Shore')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, '5-account', width);

    // Log Out ends the session at the provider (its sign-out page) and comes back to the shop.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign out' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, '6-hosted-sign-out', width);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('button', { name: 'Sign In' })).toBeVisible();

    // Opening /account signed out goes to the hosted login and back to /account.
    await page.goto('/account');
    await expect(page).toHaveURL(/\/oidc\/interaction\//);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText(email)).toBeVisible();
    await shot(page, '7-signed-in-again', width);
  });
}

test('the callback without a login transaction says Invalid state and offers a way back @mobile', async ({
  page,
}) => {
  await page.goto('/callback?code=abc&state=not-ours');
  await expect(page.getByRole('heading', { name: "We couldn't sign you in" })).toBeVisible();
  await expect(page.getByRole('alert').getByText('Invalid state')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back Home' })).toBeVisible();
  await shot(page, 'callback-invalid-state', page.viewportSize()?.width ?? 0);
});
