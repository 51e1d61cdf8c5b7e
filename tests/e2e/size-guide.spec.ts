import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { query } from './support/database.ts';
import { createOperator } from './support/operator.ts';
import { appReady } from './support/shop.ts';
import { SHOTS, screenshot } from './support/shots.ts';

test.afterEach(async () => {
  await query('UPDATE size_measurements SET width_in = 16, length_in = 27, sleeve_in = 8');
});

/**
 * The size guide as catalogue data (decision 050): an operator changes XXL's measurements in the
 * console (a slip refused first, its message naming the size and field), and the shop's /size-guide,
 * rendered ahead of the browser, shows the new figures.
 */
test('an operator edits a size’s measurements and the size guide shows them', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const width = testInfo.project.name === 'mobile' ? 390 : 1280;
  await createOperator(page);
  await page.goto('/admin/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  const xxlWidth = page.getByLabel('Width of XXL - Regular (inches)');
  await expect(xxlWidth).toHaveValue('16');
  const save = page.getByRole('button', { name: 'Save measurements of XXL - Regular' });

  await xxlWidth.fill('-3');
  await save.click();
  await expect(
    page.getByText(
      'XXL - Regular width must be from 10 to 40 inches, in quarter inches (16, 16.25, 16.5).',
    ),
  ).toBeVisible();
  await expect(xxlWidth).toHaveAttribute('aria-invalid', 'true');

  await xxlWidth.fill('25.5');
  await page.getByLabel('Sleeve of XXL - Regular (inches)').fill('9.75');
  await save.click();
  await expect(
    page.getByText('Saved: XXL - Regular width 25.5, length 27, sleeve 9.75 in.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await xxlWidth.scrollIntoViewIfNeeded();
  await screenshot(page, `${SHOTS}/console-size-guide-${width}.png`);

  // A shopper's /size-guide arrives rendered with the new figures.
  const shopper = await (await browser.newContext()).newPage();
  await shopper.setViewportSize(page.viewportSize()!);
  await shopper.goto('/size-guide');
  const regular = shopper.getByRole('table', { name: /Regular/ });
  const xxl = regular.getByRole('row', { name: /XXL/ });
  await expect(xxl.getByRole('cell')).toHaveText(['25.5', '27', '9.75']);
  await expect(regular.getByRole('row', { name: /MD/ }).getByRole('cell')).toHaveText([
    '16',
    '27',
    '8',
  ]);
  await appReady(shopper);
  await expect(xxl.getByRole('cell')).toHaveText(['25.5', '27', '9.75']);
  await expectNoSeriousA11yViolations(shopper);
  await screenshot(shopper, `${SHOTS}/size-guide-${width}.png`, { fullPage: true });
  await shopper.context().close();
});
