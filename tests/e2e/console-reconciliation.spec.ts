import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { expect, test } from './support/fixtures.ts';
import { createOperator } from './support/operator.ts';
import { SHOTS, screenshot } from './support/shots.ts';

/**
 * Issue 27 item 3: a charge the card processor took with no checkout of the shop's (made behind its
 * back) is found by "Reconcile now" and refunded once, however often the operator asks; the finding is
 * on the Reconciliation page, reached from the console's menu. Screenshots at 1280 and 390 px.
 */
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function shots(page: Page, name: string) {
  for (const [label, size] of [
    ['1280', WIDE],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(size === PHONE ? 1 : 0);
    await screenshot(page, `${SHOTS}/reconciliation-${name}-${label}.png`, { fullPage: true });
  }
  await page.setViewportSize(WIDE);
}

/** A succeeded sandbox payment created two hours ago that no checkout made; its id. */
async function chargeBehindTheShopsBack(amount: number): Promise<string> {
  const id = `pi_e2e_${Date.now().toString(36)}`;
  const at = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
  await query(
    `INSERT INTO sandbox_payment_intents
       (id, client_secret, amount, currency, status, metadata, card_brand, card_last4,
        amount_refunded, created_at, updated_at)
     VALUES (?, ?, ?, 'usd', 'succeeded', '{}', 'visa', '4242', 0, ?, ?)`,
    [id, `${id}_secret`, amount, at, at],
  );
  return id;
}

const refundsOf = async (paymentIntentId: string) =>
  (
    await query<{ amount: number }>(
      'SELECT amount FROM sandbox_refunds WHERE payment_intent_id = ?',
      [paymentIntentId],
    )
  ).map((r) => Number(r.amount));

test('an operator reconciles: a charge behind the shop’s back is refunded once @desktop', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  const operator = await createOperator(page);
  const charge = await chargeBehindTheShopsBack(7300);

  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page).toHaveURL(/\/admin\/reconciliation$/);
  await expect(page.getByRole('heading', { name: 'Reconciliation', level: 1 })).toBeVisible();
  const runs = page.getByRole('table', { name: 'Reconciliation runs, newest first' });

  await page.getByRole('button', { name: 'Reconcile now' }).click();
  await expect(page.getByText(/^Reconciled \d+ payments?: 1 found\.$/).first()).toBeVisible();
  const findings = page.getByRole('table', { name: 'What reconciliation found, newest first' });
  // The operator's run, kept under their name (the daily run may have run at the shop's start too).
  const mine = runs.getByRole('row').filter({ hasText: operator.email });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Done');
  const row = findings.getByRole('row', { name: /Payment without an order/ });
  await expect(row).toContainText(
    "Paid $73.00 through no checkout of the shop's: refunded in full.",
  );
  await expect(row).toContainText('Refunded');
  await expect(row).toContainText(charge);
  expect(await refundsOf(charge)).toEqual([7300]);
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'refunded');

  // Asked again: nothing new, no second refund.
  await page.getByRole('button', { name: 'Reconcile now' }).click();
  await expect(
    page.getByText(/^Reconciled \d+ payments?: nothing new found\.$/).first(),
  ).toBeVisible();
  await expect(findings.getByRole('row', { name: /Payment without an order/ })).toHaveCount(1);
  await expect(mine).toHaveCount(2);
  expect(await refundsOf(charge)).toEqual([7300]);
});
