/**
 * The pictures a shopper sees (issue 16): a shirt printed on the Back is pictured from behind in the
 * bag, at checkout and on the success page; the gallery shows each flat shirt whole, captions and
 * sleeves included; the UPF picture's words sit beside it, where no ray can cross them.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { chooseOptions, openDesign, readyToPay } from './support/shop.ts';

const BACK_ALT = 'Key West sun shirt, back view with the print on the back';
const FRONT_ALT = 'Alaska sun shirt';

/** The file the browser chose for a picture (its <source> or <img> srcset), once loaded. */
async function shownFile(img: Locator): Promise<string> {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => new URL(el.currentSrc).pathname);
}

async function expectBackAndFront(scope: Locator) {
  const back = scope.getByRole('img', { name: BACK_ALT, exact: true });
  expect(await shownFile(back)).toMatch(/\/designs\/key-west-back-\d+\.[0-9a-f]{10}\.\w+$/);
  const front = scope.getByRole('img', { name: FRONT_ALT, exact: true });
  expect(await shownFile(front)).toMatch(/\/designs\/alaska-folded-\d+\.[0-9a-f]{10}\.\w+$/);
}

test('a shirt printed on the Back is pictured from the back in the bag, at checkout and on success @mobile', async ({
  page,
}) => {
  let dialog = await openDesign(page, 'Alaska');
  await chooseOptions(dialog, { size: 'mdr', position: 'Front', qty: 1 });
  await expect(page.getByRole('dialog', { name: 'Design was Added To Bag' })).toBeVisible();
  dialog = await openDesign(page, 'Key West');
  await chooseOptions(dialog, { size: 'mdr', position: 'Back', qty: 1 });
  await page.getByRole('link', { name: 'Go To Shopping Bag' }).click();
  await expect(page.getByRole('heading', { name: 'Shopping Bag', level: 1 })).toBeVisible();
  await expectBackAndFront(page.getByRole('main'));
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expectBackAndFront(page.getByRole('complementary', { name: 'Order summary' }));

  await readyToPay(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You For Your Purchase!' })).toBeVisible();
  await expectBackAndFront(page.getByRole('main'));
  await expectNoSeriousA11yViolations(page);
});

/**
 * How far each edge band of a picture is from plain backdrop: the largest step between pixels two
 * apart inside the outer 4.5% of the picture. The backdrop is a soft vignette (steps of 1-3 levels);
 * a sleeve, a caption letter or a shirt's outline crossing the band steps by 20 or more.
 */
function edgeSteps(img: HTMLImageElement) {
  const w = img.naturalWidth;
  const h = img.naturalHeight;
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, w, h).data;
  const at = (x: number, y: number, c: number) => data[(y * w + x) * 4 + c]!;
  const step = (x0: number, y0: number, x1: number, y1: number) =>
    Math.max(...[0, 1, 2].map((c) => Math.abs(at(x0, y0, c) - at(x1, y1, c))));
  const bx = Math.ceil(w * 0.045);
  const by = Math.ceil(h * 0.045);
  let left = 0;
  let right = 0;
  let top = 0;
  let bottom = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x + 2 < bx; x++) {
      left = Math.max(left, step(x, y, x + 2, y));
      right = Math.max(right, step(w - 1 - x, y, w - 3 - x, y));
    }
  for (let x = 0; x < w; x++)
    for (let y = 0; y + 2 < by; y++) {
      top = Math.max(top, step(x, y, x, y + 2));
      bottom = Math.max(bottom, step(x, h - 1 - y, x, h - 3 - y));
    }
  return { left, right, top, bottom, ratio: w / h };
}

test('the gallery shows each flat shirt whole: sleeves and FRONT / BACK captions clear of the tile edges', async ({
  page,
}) => {
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { name: 'Browse Our Design Collection' })).toBeVisible();
  const cards = page.getByRole('button', { name: /laid flat, front and back/ });
  await expect(cards).toHaveCount(30);
  for (const i of [0, 5, 12, 19, 26]) {
    const img = cards.nth(i).getByRole('img');
    await img.scrollIntoViewIfNeeded();
    await shownFile(img);
    const edges = await img.evaluate(edgeSteps);
    // the picture itself keeps clear margins ...
    for (const side of ['left', 'right', 'top', 'bottom'] as const)
      expect(edges[side], `${side} edge of ${await img.getAttribute('alt')}`).toBeLessThan(12);
    // ... and the tile shows all of it: the rendered box has the picture's own shape
    const box = (await img.boundingBox())!;
    expect(Math.abs(box.width / box.height - edges.ratio)).toBeLessThan(0.02);
  }

  // Hovering a tile must not zoom the picture past the tile's rounded frame.
  const first = cards.first();
  await first.hover();
  // Measured once the hover's lift (gallery.css) has begun and every transition of the tile ended.
  await expect(first.locator('picture')).not.toHaveCSS('transform', 'none');
  await first.evaluate((card) =>
    Promise.all(card.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  const frame = (await first.locator('picture').boundingBox())!;
  const shown = (await first.getByRole('img').boundingBox())!;
  expect(shown.x).toBeGreaterThanOrEqual(frame.x - 0.5);
  expect(shown.y).toBeGreaterThanOrEqual(frame.y - 0.5);
  expect(shown.x + shown.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
  expect(shown.y + shown.height).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
  await expectNoSeriousA11yViolations(page);
});

test('the UPF picture carries no words for its rays to cross: its caption sits below it', async ({
  page,
}) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Sun protection you wear' });
  const figure = section.getByRole('figure');
  await figure.scrollIntoViewIfNeeded();
  const img = figure.getByRole('img', { name: /UPF 50\+ explained/ });
  await shownFile(img);
  const caption = figure.getByText(/less than 1\/50 of the UV gets through/);
  await expect(caption).toBeVisible();
  const picture = (await img.boundingBox())!;
  const words = (await caption.boundingBox())!;
  // the words are below the picture, never on it
  expect(words.y).toBeGreaterThanOrEqual(picture.y + picture.height);
  await expectNoSeriousA11yViolations(page, '.upf');
});
