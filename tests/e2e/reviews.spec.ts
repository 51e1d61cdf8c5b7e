import { devices, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { query } from './support/database.ts';
import { createOperator } from './support/operator.ts';
import { latestEmail, type OutboxEmail } from './support/outbox.ts';
import {
  deliveredApiOrder,
  publishedReview,
  returnedForReason,
  reviewLink,
  storedReview,
} from './support/reviews.ts';
import { currentShop, setCurrentShop, startShop, type ShopServer } from './support/shop-server.ts';
import { SHOTS, screenshot } from './support/shots.ts';
import {
  appReady,
  checkOutAsGuest,
  expectNoSidewaysScroll,
  openDesign,
  putShirtInBag,
} from './support/shop.ts';
import { createAccountThroughShop } from './support/sign-in.ts';

/**
 * Issue 29, verified reviews and fit advice, at both widths (the mobile and desktop projects):
 * - a guest's order is shipped with a label from the console and delivered by the sandbox carrier
 *   (a 1.5-second day, swept every second); the invitation email follows the delivery after
 *   REVIEW_INVITE_DELAY_MS (2 s here); its link opens the order's review, which refuses a review
 *   without stars naming the field, then takes one with a fit answer; the operator publishes it and
 *   replies in the console's Reviews page; the design's page shows it marked Verified buyer, with the
 *   average and count, its title as text; a signed-in shopper who never bought cannot review the
 *   order, and the API refuses too;
 * - with 5 published reviews and 5 returns of a design's MD Short, the dialog says what they say beside
 *   Size, nothing for LG Short (4 reviews, below the threshold), and suggests LG Short to a shopper
 *   whose usual size is MD Short; the size guide says it too;
 * - a signed-in buyer follows Write a review on the account's delivered order and reviews it;
 * - the console's Reviews screen with 24 reviews of a design: the queue of new ones 20 at a time and
 *   Show more reviews (the focus on the first added), publish in place with the counts following,
 *   the status and design filters in the URL through Back and a reload (at 390 px on the mobile
 *   project, 1280 on the desktop).
 * Screenshots (E2E_SHOTS=1) in test-results/shots/reviews-*.
 */
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const onPhone = () => test.info().project.name === 'mobile';
const screen = () => (onPhone() ? devices['Pixel 7'] : { viewport: { width: 1280, height: 900 } });
/**
 * The whole page from its top (a sticky header is drawn where the page was scrolled to); a dialog's
 * part (fullPage false) as the screen shows it.
 */
async function shot(page: Page, name: string, fullPage = true) {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `${SHOTS}/reviews-${name}-${onPhone() ? '390' : '1280'}.png`, {
    fullPage,
  });
}
const REVIEW = {
  design: 'alaska',
  stars: 5,
  fit: 'true-to-size',
  size: 'mdr',
};

let shop: ShopServer | undefined;
// Playwright reads a hook's fixtures from the pattern: this one needs none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(150_000);
  shop = await startShop({
    name: `reviews-${testInfo.project.name}`,
    // On PostgreSQL too when the run is pointed at one (the invitation then runs on pg-boss).
    postgresUrl: process.env.E2E_DATABASE_URL || undefined,
    env: {
      // Delivered 3 to 8 s after the label (a carrier's day of 1.5 s), seen within a second.
      TRACKING_EVERY_MS: '1000',
      SANDBOX_CARRIER_DAY_MS: '1500',
      REVIEW_INVITE_DELAY_MS: '2000',
    },
  });
});
test.afterAll(async () => {
  await shop?.stop();
});

async function pageOnShop(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...screen(), baseURL: shop!.origin });
  return context.newPage();
}

test('a delivered order’s buyer reviews from the email; the operator publishes; the design shows it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const workerShop = currentShop();
  setCurrentShop(shop);
  const page = await pageOnShop(browser);
  try {
    await reviewJourney(browser, page);
  } finally {
    setCurrentShop(workerShop);
    await page.context().close();
  }
});

async function reviewJourney(browser: Browser, page: Page) {
  const email = `reviewer.${stamp()}@example.com`;
  await putShirtInBag(page);
  const orderNumber = await checkOutAsGuest(page, { email, name: 'Rowan Tide' });

  // The operator buys the label: the order ships, and the sandbox carrier delivers it.
  const op = await pageOnShop(browser);
  await createOperator(op);
  await op.goto(`/admin/orders/${orderNumber}`);
  const label = op.getByRole('region', { name: 'Shipping label' });
  await label.getByRole('button', { name: 'Buy label' }).click();
  await expect(label).toContainText('Label bought.', { timeout: 30_000 });

  // A few (here 2) seconds after the delivery, the invitation.
  let mail: OutboxEmail | null = null;
  await expect
    .poll(async () => (mail = await latestEmail(email, 'review-invitation')), { timeout: 90_000 })
    .not.toBeNull();
  expect(mail!.subject).toBe('How do your Sunward shirts fit?');
  expect(mail!.text).toContain(`Your order ${orderNumber} was delivered.`);

  // The design has no review yet.
  await page.goto('/designs/alaska');
  await appReady(page);
  const dialog = page.getByRole('dialog', { name: 'Alaska' });
  const reviews = dialog.getByRole('region', { name: 'Reviews' });
  await expect(reviews).toContainText('No reviews of this design yet.');

  // The email's link: the order's review, without an account.
  await page.goto(reviewLink(mail!.text));
  await expect(page.getByRole('heading', { name: 'Review Your Shirts' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Review Alaska' });
  await expect(form.getByLabel('Size bought')).toHaveValue('mdr');
  await form.getByRole('radio', { name: 'Runs small' }).check();
  await form.getByLabel('Title (optional)').fill('<b>Cool</b> on the trail');
  await form
    .getByLabel('Your review (optional)')
    .fill('Light and airy all day.\nA little snug across the shoulders.');
  await form.getByLabel('First name (optional)').fill('Rowan');
  await form.getByLabel('State (optional)').selectOption('NC');
  // Without stars: refused, naming the field.
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByRole('alert')).toHaveText('Stars: choose 1 to 5 stars.');
  await expectNoSeriousA11yViolations(page);
  await shot(page, '1-review-form');
  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toHaveText(
    'Thank you: your review of Alaska is with us.',
  );
  await shot(page, '2-review-sent');

  // The operator's queue: publish it and reply publicly.
  await op.goto('/admin/reviews');
  const card = op.getByRole('article', { name: 'Alaska review by Rowan' });
  await expect(card).toContainText('New');
  await expect(card).toContainText('MD - Regular · Runs small · Rowan, NC');
  await expectNoSeriousA11yViolations(op);
  await shot(op, '3-console-queue');
  await card.getByRole('button', { name: 'Publish' }).click();
  await expect(card).toContainText('Published');
  await card.getByLabel('Public reply').fill('Thank you, Rowan! The LG Regular has more room.');
  await card.getByRole('button', { name: 'Save reply' }).click();
  await expect(op.getByText('Reply saved.')).toBeVisible();
  await shot(op, '4-console-published');
  await op.context().close();

  // The design's page: the review, verified, with the new average and the reply; markup as text.
  await page.goto('/designs/alaska');
  await appReady(page);
  await expect(reviews).toContainText('4.0 from 1 verified review');
  const review = reviews.getByRole('article', { name: 'Review by Rowan, NC' });
  await expect(review.getByText('Verified buyer')).toBeVisible();
  await expect(review.getByRole('heading', { name: '<b>Cool</b> on the trail' })).toBeVisible();
  await expect(review).toContainText('Size bought: MD - Regular · Runs small');
  await expect(review).toContainText('Reply from Sunward');
  await expect(review).toContainText('The LG Regular has more room.');
  await reviews.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await shot(page, '5-design-reviews', false);

  // A signed-in shopper who never bought cannot review the order, and the API refuses too.
  const stranger = await pageOnShop(browser);
  await createAccountThroughShop(stranger, {
    name: 'Sam Stranger',
    email: `stranger.${stamp()}@example.com`,
    password: 'sun-shirts-stranger-1',
  });
  await expect(stranger.getByRole('link', { name: 'Write a review' })).toHaveCount(0);
  await stranger.goto(`/review?order=${orderNumber}`);
  await expect(stranger.getByRole('alert')).toHaveText('No order of yours has that number.');
  await shot(stranger, '6-stranger-refused');
  const anonymous = await stranger.request.post('/api/reviews', {
    data: { orderNumber, review: REVIEW },
  });
  expect(anonymous.status()).toBe(401);
  const forged = await stranger.request.post('/api/reviews', {
    data: { token: 'b3JkXzE6OTk5OTk5OTk5OTk5OQ.forged', review: REVIEW },
  });
  expect(forged.status()).toBe(403);
  await stranger.context().close();
}

test('fit advice beside Size from 5 reviews and returns; none below the threshold', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A design of its own per project (the two may share a worker's shop), and one no other journey
  // opens (its dialog gains the fit advice's "Your usual size").
  const [design, title] = onPhone()
    ? ['sky-safari', 'Sky Safari']
    : ['sahara-discovery', 'Sahara Discovery'];
  const email = `fit.${stamp()}@example.com`;
  for (let i = 0; i < 5; i++) {
    const order = await deliveredApiOrder(request, { design, size: 'mds', email });
    await publishedReview(order, { design, size: 'mds', fit: 'runs-small', stars: 4 });
    await returnedForReason(request, order, { design, size: 'mds', email, reason: 'too-tight' });
  }
  for (let i = 0; i < 4; i++) {
    const order = await deliveredApiOrder(request, { design, size: 'lgs', email });
    await publishedReview(order, { design, size: 'lgs', fit: 'runs-large', stars: 3 });
  }

  const dialog = await openDesign(page, title);
  const size = dialog.getByLabel('Size', { exact: true });
  const advice = dialog.getByRole('group', { name: 'Fit advice' });
  await size.selectOption('mds');
  await expect(advice).toContainText(
    "Most buyers of MD Short say it runs small; returns for this size are mostly 'too tight'.",
  );
  await expectNoSeriousA11yViolations(page);
  await advice.scrollIntoViewIfNeeded();
  await shot(page, '7-fit-advice', false);
  // The shopper's usual size is MD Short: try LG Short, chosen with one button.
  await advice.getByLabel('Your usual size').selectOption('mds');
  await expect(advice).toContainText('Try LG Short: buyers say MD Short runs small.');
  await advice.getByRole('button', { name: 'Choose LG - Short' }).click();
  await expect(size).toHaveValue('lgs');
  // LG Short has 4 answers: below the threshold, nothing is said of it.
  await expect(advice.getByText(/Most buyers|Returns of/)).toHaveCount(0);
  await advice.scrollIntoViewIfNeeded();
  await shot(page, '8-fit-advice-below-threshold', false);
  // The dialog shows the published reviews too: 9, averaging 3.6.
  await expect(dialog.getByRole('region', { name: 'Reviews' })).toContainText(
    '3.6 from 9 verified reviews',
  );

  // The size guide, over every design.
  await page.goto('/size-guide');
  await appReady(page);
  const guide = page.getByRole('region', { name: 'How Our Sizes Fit' });
  await expect(guide).toContainText('MD Short');
  await expect(guide).toContainText('Most buyers of MD Short say it runs small');
  await expectNoSeriousA11yViolations(page);
  await shot(page, '9-size-guide');
});

test('a signed-in buyer writes a review from the account’s delivered order', async ({ page }) => {
  test.setTimeout(120_000);
  // A guest order, delivered; the account made with its email claims it.
  const email = `account.reviewer.${stamp()}@example.com`;
  await putShirtInBag(page);
  const orderNumber = await checkOutAsGuest(page, { email, name: 'Casey Shore' });
  await query("UPDATE orders SET status = 'completed' WHERE order_number = ?", [orderNumber]);
  await createAccountThroughShop(page, {
    name: 'Casey Shore',
    email,
    password: 'sun-shirts-reviewer-1',
  });

  const row = page.getByRole('group', { name: `Order ${orderNumber}` });
  await row.getByRole('link', { name: 'Write a review' }).click();
  await expect(page).toHaveURL(new RegExp(`/review\\?order=${orderNumber}$`));
  const form = page.getByRole('form', { name: 'Review Alaska' });
  await form.getByRole('radio', { name: '5 stars' }).check();
  await form.getByRole('radio', { name: 'True to size' }).check();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toHaveText(
    'Thank you: your review of Alaska is with us.',
  );
  await shot(page, '10-account-review-sent');
  const [stored] = await query<{ stars: number; fit: string; status: string }>(
    'SELECT r.stars, r.fit, r.status FROM reviews r JOIN orders o ON o.id = r.order_id WHERE o.order_number = ?',
    [orderNumber],
  );
  expect(stored).toEqual({ stars: 5, fit: 'true-to-size', status: 'new' });
});

test('a design with 23 reviews shows 20, then the rest with Show more reviews', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A design of its own per project, which no other journey reviews.
  const [design, title] = onPhone()
    ? ['pine-lakes', 'Pine Lakes']
    : ['northern-lakes', 'Northern Lakes'];
  const email = `many.${stamp()}@example.com`;
  for (let i = 0; i < 23; i++) {
    const order = await deliveredApiOrder(request, { design, size: 'lgr', email });
    await publishedReview(order, { design, size: 'lgr', fit: 'true-to-size', stars: 5 });
  }
  const dialog = await openDesign(page, title);
  const reviews = dialog.getByRole('region', { name: 'Reviews' });
  await expect(reviews).toContainText('5.0 from 23 verified reviews');
  await expect(reviews.getByText('Showing 20 of 23 reviews.')).toBeVisible();
  await expect(reviews.getByRole('article')).toHaveCount(20);
  const more = reviews.getByRole('button', { name: 'Show more reviews' });
  await more.scrollIntoViewIfNeeded();
  await shot(page, '10-show-more', false);
  await more.click();
  await expect(reviews.getByRole('article')).toHaveCount(23);
  await expect(more).toHaveCount(0);
  await expect(reviews.getByText(/Showing/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the console’s reviews: the queue a page at a time, Show more, filters in the URL', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // A design of its own per project (the two may share a worker's shop), which no other journey
  // reviews, so its counts are this test's.
  const [design, title] = onPhone()
    ? ['coastal-mountain', 'Coastal Mountain']
    : ['embrace-serenity', 'Embrace Serenity'];
  const email = `console.reviews.${stamp()}@example.com`;
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
  const buyer = (n: number) => `Buyer ${String(n).padStart(2, '0')}`;
  // 21 new reviews (Buyer 01 the oldest), 2 published and 1 hidden.
  type Made = readonly [status: 'new' | 'published' | 'hidden', firstName: string];
  const made: Made[] = [
    ...Array.from({ length: 21 }, (_, i): Made => ['new', buyer(i + 1)]),
    ['published', 'Pat'],
    ['published', 'Quinn'],
    ['hidden', 'Hal'],
  ];
  for (const [i, [status, firstName]] of made.entries()) {
    const order = await deliveredApiOrder(request, { design, size: 'mdr', email });
    await storedReview(order, {
      design,
      size: 'mdr',
      fit: 'true-to-size',
      stars: 1 + (i % 5),
      status,
      firstName,
      createdAt: minutesAgo(100 - i),
    });
  }

  const width = onPhone() ? 390 : 1280;
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const op = await context.newPage();
  await createOperator(op);
  /**
   * axe, no sideways scroll, and the whole page photographed from its top (the console's sticky
   * header and menu pinned: a full-page capture draws them where the page was scrolled to).
   */
  const look = async (name: string) => {
    await expect(op.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(op);
    await expectNoSidewaysScroll(op, name);
    await op.evaluate(() => window.scrollTo(0, 0));
    const pin = await op.addStyleTag({
      content:
        '.console__header, .console__nav, .console__nav-list { position: static !important; height: auto !important; }',
    });
    await screenshot(op, `${SHOTS}/reviews-console-${name}-${width}.png`, { fullPage: true });
    await pin.evaluate((style) => (style as HTMLElement).remove());
  };
  const filters = op.getByRole('search', { name: 'Filter reviews' });
  const status = filters.getByRole('combobox', { name: 'Status' });
  const chosen = status.locator('option:checked');
  const card = (name: string) => op.getByRole('article', { name: `${title} review by ${name}` });

  // The queue of every design, then of this one: chosen from the Design filter, kept in the URL.
  await op.goto('/admin/reviews');
  await expect(op.getByRole('heading', { name: 'New reviews, oldest first' })).toBeVisible();
  await filters.getByRole('combobox', { name: 'Design' }).selectOption(design);
  await expect(op).toHaveURL(new RegExp(`/admin/reviews\\?design=${design}$`));
  const queue = op.getByRole('region', { name: `New reviews of ${title}, oldest first` });
  await expect(chosen).toHaveText('New (21)');
  await expect(status.locator('option')).toHaveText([
    'New (21)',
    'Published (2)',
    'Hidden (1)',
    'All (24)',
  ]);
  await expect(queue.getByRole('article')).toHaveCount(20);
  await expect(queue.getByRole('article').first()).toHaveAccessibleName(
    `${title} review by ${buyer(1)}`,
  );
  await expect(queue.getByText('Showing 20 of 21.')).toBeVisible();
  await look('1-queue');

  // Show more reviews: the 21st, with the focus on it; nothing more to show.
  const more = queue.getByRole('button', { name: 'Show more reviews' });
  await more.click();
  await expect(queue.getByRole('article')).toHaveCount(21);
  await expect(card(buyer(21))).toBeFocused();
  await expect(more).toHaveCount(0);

  // Published in place: the card stays, marked Published, and the counts follow.
  await card(buyer(21)).getByRole('button', { name: 'Publish' }).click();
  await expect(card(buyer(21)).getByRole('button', { name: 'Hide' })).toBeVisible();
  await expect(card(buyer(21))).toContainText('Published');
  await expect(op.getByText('Review published.')).toBeVisible();
  await expect(chosen).toHaveText('New (20)');
  await expect(card(buyer(21))).toBeFocused();
  await look('2-published-in-place');
  await op.getByRole('button', { name: 'Dismiss' }).click();

  // The published ones, newest written first: the one just published, written before the others,
  // comes last.
  await status.selectOption('published');
  await expect(op).toHaveURL(new RegExp(`\\?design=${design}&status=published$`));
  const published = op.getByRole('region', {
    name: `Published reviews of ${title}, newest first`,
  });
  await expect(published.getByRole('article')).toHaveCount(3);
  for (const [i, name] of ['Quinn', 'Pat', buyer(21)].entries()) {
    await expect(published.getByRole('article').nth(i)).toHaveAccessibleName(
      `${title} review by ${name}`,
    );
  }
  await expect(chosen).toHaveText('Published (3)');
  await look('3-published');

  // Back: the queue again, read afresh (20 new, no more to show).
  await op.goBack();
  await expect(op).toHaveURL(new RegExp(`/admin/reviews\\?design=${design}$`));
  await expect(queue.getByRole('article')).toHaveCount(20);
  await expect(card(buyer(21))).toHaveCount(0);
  await expect(queue.getByRole('button', { name: 'Show more reviews' })).toHaveCount(0);

  // A reload keeps what the URL says.
  await op.goto(`/admin/reviews?status=hidden&design=${design}`);
  await op.reload();
  const hidden = op.getByRole('region', { name: `Hidden reviews of ${title}, newest first` });
  await expect(hidden.getByRole('article')).toHaveCount(1);
  await expect(card('Hal')).toContainText('Hidden');
  await expect(chosen).toHaveText('Hidden (1)');
  await look('4-hidden');
  await context.close();
});
