import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { setOutOfStock } from './support/inventory.ts';
import { createOperator } from './support/operator.ts';
import { latestEmail } from './support/outbox.ts';
import { openDesign } from './support/shop.ts';
import { SHOTS, screenshot } from './support/shots.ts';

test.afterEach(() => setOutOfStock('xxlr', false));

/**
 * Back in stock (decision 050): on a design whose XXL is out of stock a shopper leaves an email; the
 * operator sees one shopper waiting for it, puts XXL back on sale, and the shopper's one email is in
 * the outbox with the link to the design.
 */
test('a shopper waits for XXL and hears once when the operator puts it back on sale', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const width = testInfo.project.name === 'mobile' ? 390 : 1280;
  const email = `waiting-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  await setOutOfStock('xxlr', true);

  const dialog = await openDesign(page, 'Alaska');
  const form = dialog.getByRole('form', { name: 'Out of stock?' });
  await expect(form.getByLabel('Waiting for')).toHaveValue('xxlr');
  // Nothing typed: the message names the field, nothing is sent.
  await form.getByRole('button', { name: 'Email me when it’s back' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter an email address.');
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Email').fill(email);
  await expectNoSeriousA11yViolations(page);
  await form.scrollIntoViewIfNeeded();
  await screenshot(page, `${SHOTS}/back-in-stock-form-${width}.png`);
  await form.getByRole('button', { name: 'Email me when it’s back' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `We will email ${email} once when XXL - Regular is back in stock.`,
  );
  await form.scrollIntoViewIfNeeded();
  await screenshot(page, `${SHOTS}/back-in-stock-${width}.png`);

  // The operator, in a browser of their own, sees who waits and puts XXL back on sale.
  const operator = await (await browser.newContext()).newPage();
  await operator.setViewportSize(page.viewportSize()!);
  await createOperator(operator);
  await operator.goto('/admin/catalog');
  const waiting = operator.getByRole('table', { name: 'Shoppers waiting per design and size' });
  await expect(waiting.getByRole('row').filter({ hasText: 'Alaska' })).toContainText(
    'XXL - Regular',
  );
  await expectNoSeriousA11yViolations(operator);
  await waiting.scrollIntoViewIfNeeded();
  await screenshot(operator, `${SHOTS}/console-waiting-${width}.png`);
  const xxl = operator.getByRole('switch', { name: 'Out of stock XXL - Regular' });
  await expect(xxl).toBeChecked();
  await xxl.click();
  await expect(xxl).not.toBeChecked();
  await expect(operator.getByText('Saved: back on sale.')).toBeVisible();

  await expect
    .poll(async () => (await latestEmail(email, 'back-in-stock'))?.subject ?? null, {
      timeout: 15_000,
    })
    .toBe('Alaska in XXL - Regular is back in stock');
  expect((await latestEmail(email, 'back-in-stock'))!.text).toMatch(/\/designs\/alaska/);
  await operator.context().close();
});
