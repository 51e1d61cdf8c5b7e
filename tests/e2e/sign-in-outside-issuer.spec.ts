import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { screenshot } from './support/shots.ts';
import { latestEmail, linkTo, type OutboxEmail } from './support/outbox.ts';
import { freePorts, startShop, type ShopServer } from './support/shop-server.ts';
import { header } from './support/sign-in.ts';

/**
 * Issue 12: the same storefront build signs in against an outside issuer by the three variables alone.
 * A second shop process stands in for the outside issuer (its built-in provider, told by
 * OIDC_CLIENT_ORIGINS to accept the other shop's /callback); a third is the shop, with OIDC_ISSUER,
 * OIDC_CLIENT_ID and OIDC_AUDIENCE pointing at it. Each on a free port with its own SQLite file.
 * Screenshots in test-results/sign-in-outside-issuer.
 */
let issuer: ShopServer | undefined;
let shop: ShopServer | undefined;
let issuerSite = '';
let shopSite = '';

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // Each must know the other's origin before it starts.
  const [issuerPort, shopPort] = (await freePorts(2)) as [number, number];
  issuerSite = `http://127.0.0.1:${issuerPort}`;
  shopSite = `http://127.0.0.1:${shopPort}`;
  // Side by side: the shop reads the issuer's discovery document on its first sign-in, not at start.
  const [issuerStart, shopStart] = await Promise.allSettled([
    // The outside issuer: the built-in provider of another shop instance, which also lets the
    // storefront of the shop come back to its own /callback.
    startShop({ name: 'issuer', port: issuerPort, env: { OIDC_CLIENT_ORIGINS: shopSite } }),
    // The shop: nothing changed but the three variables.
    startShop({
      name: 'shop',
      port: shopPort,
      env: {
        OIDC_ISSUER: `${issuerSite}/oidc`,
        OIDC_CLIENT_ID: 'sunward-web',
        OIDC_AUDIENCE: `${issuerSite}/api`,
      },
    }),
  ]);
  if (issuerStart.status === 'fulfilled') issuer = issuerStart.value;
  if (shopStart.status === 'fulfilled') shop = shopStart.value;
  for (const result of [issuerStart, shopStart])
    if (result.status === 'rejected') throw result.reason;
});

test.afterAll(async () => {
  await Promise.all([issuer?.stop(), shop?.stop()]);
});

const shot = (page: Page, name: string) =>
  screenshot(page, `test-results/sign-in-outside-issuer/${name}.png`, { fullPage: true });

test('the shop signs in against another issuer set by OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE @desktop', async ({
  page,
}) => {
  const email = `outsider.${Date.now()}@example.com`;
  const password = 'juniper-lagoon-58';

  // The shop tells its storefront about the other issuer.
  const configuration = (await (
    await page.request.get(`${shopSite}/api/configuration`)
  ).json()) as {
    auth: unknown;
  };
  expect(configuration.auth).toEqual({
    issuer: `${issuerSite}/oidc`,
    clientId: 'sunward-web',
    audience: `${issuerSite}/api`,
    // No OIDC_PASSWORD_CONNECTION: no Change Password; an outside issuer sends its own verification.
    changePassword: null,
    resendVerification: null,
  });
  // Its CSP lets the page reach the issuer.
  const home = await page.goto(`${shopSite}/`);
  const csp = home!.headers()['content-security-policy']!;
  expect(csp).toMatch(new RegExp(`connect-src [^;]*${issuerSite}`));
  expect(csp).toMatch(new RegExp(`form-action [^;]*${issuerSite}`));

  // Sign In on the shop -> the issuer's hosted page -> Create an account.
  await header(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`^${issuerSite}/oidc/interaction/`));
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await shot(page, '1-issuer-sign-in');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill('Casey Outland');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // The issuer's confirmation (its own outbox): the link asks for the password, on the issuer.
  let mail: OutboxEmail | null = null;
  await expect
    .poll(async () => (mail = await latestEmail(email, 'verify-email', issuer!.databaseUrl)))
    .not.toBeNull();
  await page.goto(linkTo(mail!.text, '/oidc/account/verify-email'));
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await expect(page.getByRole('heading', { name: 'Verification success' })).toBeVisible();

  // The shop's /account starts a sign-in at the issuer, which the confirmation already made for this
  // browser: back on the shop's /account, signed in with the issuer's tokens.
  await page.goto(`${shopSite}/account`);
  await expect(page).toHaveURL(`${shopSite}/account`);
  await expect(header(page).getByRole('link', { name: 'Account' })).toBeVisible();
  // Signed in (the header's Account and the title are also the page's frame, decision 054).
  await expect(page.getByRole('button', { name: /^Log Out$/i })).toBeVisible();
  // The storefront keeps the user it got from the issuer.
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')),
  );
  expect(stored).toContain(`${issuerSite}/oidc`);
  await shot(page, '2-shop-account-signed-in');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Casey Outland')).toBeVisible();
  await shot(page, '3-shop-account-verified');
});
