import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { latestEmail, linkTo, type OutboxEmail } from './support/outbox.ts';
import { header } from './support/sign-in.ts';

/**
 * Issue 12: the same storefront build signs in against an outside issuer by the three variables alone.
 * A second shop process on 4174 stands in for the outside issuer (its built-in provider, told by
 * OIDC_CLIENT_ORIGINS to accept the other shop's /callback); a third on 4175 is the shop, with
 * OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE pointing at it. Each has its own SQLite file.
 * Screenshots in test-results/sign-in-outside-issuer.
 */
const ISSUER_PORT = 4174;
const SHOP_PORT = 4175;
const issuerSite = `http://127.0.0.1:${ISSUER_PORT}`;
const shopSite = `http://127.0.0.1:${SHOP_PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-issuer-'));
const issuerDb = path.join(dataDir, 'issuer.db');

const servers: ChildProcess[] = [];

function startServer(port: number, name: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `sqlite:${path.join(dataDir, `${name}.db`)}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  servers.push(child);
  return child;
}

async function waitReady(site: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${site} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${site}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${site}/readyz did not answer within 30 s`);
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  // The outside issuer: the built-in provider of another shop instance, which also lets the
  // storefront on 4175 come back to its own /callback.
  const issuer = startServer(ISSUER_PORT, 'issuer', { OIDC_CLIENT_ORIGINS: shopSite });
  await waitReady(issuerSite, issuer);
  // The shop: nothing changed but the three variables.
  const shop = startServer(SHOP_PORT, 'shop', {
    OIDC_ISSUER: `${issuerSite}/oidc`,
    OIDC_CLIENT_ID: 'sunward-web',
    OIDC_AUDIENCE: `${issuerSite}/api`,
  });
  await waitReady(shopSite, shop);
});

test.afterAll(async () => {
  await Promise.all(
    servers.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/sign-in-outside-issuer/${name}.png`, fullPage: true });

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

  // Sign In on the shop -> the issuer's hosted page on 4174 -> Create an account.
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

  // The issuer's confirmation (its own outbox): the link asks for the password, on 4174.
  let mail: OutboxEmail | null = null;
  await expect
    .poll(async () => (mail = await latestEmail(email, 'verify-email', issuerDb)))
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
  // The storefront keeps the user it got from the issuer on 4174.
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')),
  );
  expect(stored).toContain(`${issuerSite}/oidc`);
  await shot(page, '2-shop-account-signed-in');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Casey Outland')).toBeVisible();
  await shot(page, '3-shop-account-verified');
});
