import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/shots.ts';
import { latestEmail, linkTo, type OutboxEmail } from './support/outbox.ts';
import {
  createAccountThroughShop,
  expectSignedInAccount,
  forgetSignIn,
} from './support/sign-in.ts';

/**
 * Issue 12, when signing in goes wrong on the built-in provider's hosted pages: five wrong passwords
 * get the slow-down message (and the right one is refused meanwhile); Forgot password sends a reset
 * link to the outbox that changes the password once. Screenshots in test-results/sign-in-recovery.
 */
const shot = (page: Page, name: string) =>
  screenshot(page, `test-results/sign-in-recovery/${name}.png`, { fullPage: true });

/** From the shop, signed out: /account leads to the hosted sign-in page. */
async function openHostedSignIn(page: Page) {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('five wrong passwords get the slow-down message; the right one is refused meanwhile @desktop', async ({
  page,
}) => {
  const email = `throttled.${Date.now()}@example.com`;
  const password = 'lighthouse-pelican-82';
  await createAccountThroughShop(page, { name: 'Morgan Tide', email, password });
  await forgetSignIn(page);
  await openHostedSignIn(page);

  // Four wrong passwords: the usual message, which does not say whether the account exists.
  for (let i = 1; i <= 4; i++) {
    await submitSignIn(page, email, `wrong-password-${i}`);
    await expect(
      page.getByText('The email or password is not right. Check them and try again.'),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }

  // The fifth: slowed down, with what happened and when to retry.
  const fifth = page.waitForResponse((r) => r.request().method() === 'POST');
  await submitSignIn(page, email, 'wrong-password-5');
  expect((await fifth).status()).toBe(429);
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Try again in 30 seconds.');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await shot(page, '1-slow-down');

  // Meanwhile even the right password is refused: still on the hosted page, not back in the shop.
  const right = page.waitForResponse((r) => r.request().method() === 'POST');
  await submitSignIn(page, email, password);
  expect((await right).status()).toBe(429);
  // The seconds left of the 30, however long the page took to get here.
  await expect(page.getByRole('alert')).toHaveText(
    /^Too many attempts\. Try again in ([1-9]|[12]\d|30) seconds?\.$/,
  );
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await shot(page, '2-right-password-refused');
});

test('Forgot password: the emailed link sets a new password, which signs in; the link works once @desktop', async ({
  page,
}) => {
  const email = `forgetful.${Date.now()}@example.com`;
  const oldPassword = 'marigold-canyon-19';
  const newPassword = 'quartz-harbor-63';
  await createAccountThroughShop(page, { name: 'Jordan Reef', email, password: oldPassword });
  await forgetSignIn(page);
  await openHostedSignIn(page);

  // Forgot your password? -> the email -> Send reset link -> the page says what happens next.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await shot(page, '3-forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `If an account uses ${email}, we have sent it a link to choose a new password. The link works once, for 1 hour.`,
  );
  await shot(page, '4-reset-link-sent');

  // The reset email in the outbox; its link opens Choose a new password.
  let mail: OutboxEmail | null = null;
  await expect.poll(async () => (mail = await latestEmail(email, 'reset-password'))).not.toBeNull();
  const link = linkTo(mail!.text, '/oidc/account/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill(newPassword);
  await shot(page, '5-choose-new-password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await shot(page, '6-password-changed');

  // Go to your account: this browser is signed in without typing the password again (the reset gave
  // it a one-time sign-in), the address proven, the name and email shown.
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expectSignedInAccount(page);
  await expect(page.getByText(email)).toBeVisible();
  await shot(page, '7-signed-in-after-reset');

  // Elsewhere, the old password no longer works, the new one does.
  await forgetSignIn(page);
  await openHostedSignIn(page);
  await submitSignIn(page, email, oldPassword);
  await expect(
    page.getByText('The email or password is not right. Check them and try again.'),
  ).toBeVisible();
  await submitSignIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(email)).toBeVisible();
  await shot(page, '7-signed-in-with-new-password');

  // The same link again: already used.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset link not valid' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'This link has already been used. You can ask for a new one.',
  );
  await expect(page.getByRole('link', { name: 'Send a new link' })).toBeVisible();
  await shot(page, '8-link-already-used');
});
