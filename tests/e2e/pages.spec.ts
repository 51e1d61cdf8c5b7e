import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';

const PAGES = [
  { path: '/', heading: /Made for long days in the sun/i },
  { path: '/designs', heading: 'Ready? Choose a Design' },
  { path: '/gallery', heading: 'Browse Our Design Collection' },
  { path: '/size-guide', heading: 'Size Guide' },
  { path: '/bag', heading: 'Shopping Bag' },
  { path: '/return-policy', heading: 'Return Policy' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-use', heading: 'Terms of Use' },
  { path: '/error-page', heading: 'Something went wrong.' },
  { path: '/no-such-page', heading: /doesn.t go anywhere/ },
];

for (const { path, heading } of PAGES) {
  test(`${path} renders its heading and passes axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('FREE SHIPPING', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('© 2025 Sunward')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('the gallery opens a design and moves to the next one', async ({ page }) => {
  await page.goto('/gallery');
  await page
    .getByRole('button', { name: /Alaska/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Alaska' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Next design' }).click();
  await expect(page.getByRole('dialog', { name: 'Twin Vistas' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('terms of use have 25 sections, updated March 27, 2025 @mobile', async ({ page }) => {
  await page.goto('/terms-of-use');
  await expect(page.getByText('Last updated March 27, 2025')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^\d+\. / })).toHaveCount(25);
  await expect(page.getByRole('heading', { name: '15. Governing Law' })).toBeVisible();
});

test('the shop has its icons, an app manifest and a link preview @mobile', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByText('© 2025 Sunward')).toBeVisible();
  const preview = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(preview).toMatch(/^https?:\/\//);
  const image = await request.get(preview!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'Sunward | UPF 50+ Sun Shirts',
  );
  const links = await page
    .locator('link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')
    .evaluateAll((els) => els.map((el) => [el.getAttribute('rel'), (el as HTMLLinkElement).href]));
  expect(links.map(([rel]) => rel).sort()).toEqual([
    'apple-touch-icon',
    'icon',
    'icon',
    'manifest',
  ]);
  for (const [rel, href] of links) {
    const res = await request.get(href!);
    expect(res.status(), `${rel} ${href}`).toBe(200);
    if (rel === 'manifest') {
      const manifest = (await res.json()) as { name: string; icons: Array<{ src: string }> };
      expect(manifest.name).toBe('Sunward');
      for (const icon of manifest.icons) {
        const file = await request.get(icon.src);
        expect(file.status(), icon.src).toBe(200);
        expect(file.headers()['content-type']).toBe('image/png');
      }
    } else {
      expect(res.headers()['content-type']).toMatch(/^image\//);
    }
  }
});

test('the accessibility scan fails on a serious violation, in the part it is given @desktop', async ({
  page,
}) => {
  await page.setContent(
    '<main><h1>Sunward</h1><img src="data:,"></main><aside><button></button></aside>',
  );
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(
    /image-alt[\s\S]*button-name|button-name[\s\S]*image-alt/,
  );
  await expect(expectNoSeriousA11yViolations(page, 'aside')).rejects.toThrow(/button-name/);
  await expect(expectNoSeriousA11yViolations(page, 'aside')).rejects.not.toThrow(/image-alt/);
});
