import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleReview, ConsoleReviewList } from '@sunward/core/review-schemas';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { fakeConsoleApi, renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo, deferred, type Answer } from '@/test/fake-api.ts';
import { ReviewsQueue } from './reviews-queue.tsx';

const review = (overrides: Partial<ConsoleReview> = {}): ConsoleReview => ({
  id: 'rv_1',
  design: 'alaska',
  orderNumber: 'SW-1001',
  status: 'new',
  stars: 4,
  fit: 'runs-small',
  size: 'mdr',
  title: '<script>alert(1)</script>',
  body: 'Snug.',
  firstName: 'Rowan',
  state: 'NC',
  createdAt: '2026-11-20T12:00:00.000Z',
  moderatedAt: null,
  reply: null,
  ...overrides,
});

/** `n` new reviews by buyers named Buyer <from>…, of Arizona. */
const buyers = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) =>
    review({ id: `rv_${from + i}`, design: 'arizona', firstName: `Buyer ${from + i}` }),
  );

const counts = { new: 22, published: 5, hidden: 2 };
const reviewsCalls = (api: ReturnType<typeof fakeConsoleApi>) =>
  callsTo(api, 'GET', '/api/admin/reviews').map((call) => call.url);
const statusSelect = () => screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
const chosenLabel = (select: HTMLSelectElement) =>
  select.options[select.selectedIndex]?.textContent;

beforeEach(() => void signInAs());
afterEach(() => {
  useAuthStore.setState(initialAuthState());
  vi.unstubAllGlobals();
});

describe('the console’s reviews', () => {
  it('shows the queue of new ones with the counts; publishes one and replies in place', async () => {
    const list: ConsoleReviewList = {
      reviews: [review(), review({ id: 'rv_2', design: 'arizona', firstName: 'Sam' })],
      nextCursor: null,
      counts: { new: 2, published: 0, hidden: 1 },
    };
    const api = fakeConsoleApi({
      'GET /api/admin/reviews': () => ({ json: list }),
      'POST /api/admin/reviews/rv_1/status': () => ({
        json: review({ status: 'published', moderatedAt: '2026-11-21T12:00:00.000Z' }),
      }),
      'POST /api/admin/reviews/rv_1/reply': () => ({
        json: review({
          status: 'published',
          reply: { text: 'Thanks!', at: '2026-11-21T12:00:00.000Z' },
        }),
      }),
    });
    const user = userEvent.setup();
    renderConsolePage(<ReviewsQueue />, { route: '/admin/reviews' });
    const queue = await screen.findByRole('region', { name: 'New reviews, oldest first' });
    const card = await within(queue).findByRole('article', { name: 'Alaska review by Rowan' });
    expect(reviewsCalls(api)).toEqual(['/api/admin/reviews?status=new&limit=20']);
    expect(chosenLabel(statusSelect())).toBe('New (2)');
    expect([...statusSelect().options].map((o) => o.textContent)).toEqual([
      'New (2)',
      'Published (0)',
      'Hidden (1)',
      'All (3)',
    ]);
    // What the buyer wrote is text: no element is made of it.
    expect(within(card).getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(card.querySelector('script')).toBeNull();
    expect(within(queue).getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();

    // Published in place: the card stays where it was, marked Published, the counts follow, and
    // the focus (its Publish button is gone) is on the card. The list is not read again.
    await user.click(within(card).getByRole('button', { name: 'Publish' }));
    expect(callsTo(api, 'POST', '/api/admin/reviews/rv_1/status')[0]?.body).toEqual({
      status: 'published',
    });
    expect(await screen.findByText('Review published.')).toBeTruthy();
    await waitFor(() => expect(chosenLabel(statusSelect())).toBe('New (1)'));
    const published = within(queue).getAllByRole('article')[0]!;
    expect(published.getAttribute('aria-label')).toBe('Alaska review by Rowan');
    expect(within(published).getByText('Published')).toBeTruthy();
    expect(within(published).queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(document.activeElement).toBe(published);
    expect([...statusSelect().options].map((o) => o.textContent)).toContain('Published (1)');
    expect(reviewsCalls(api)).toHaveLength(1);

    await user.type(within(published).getByLabelText('Public reply'), 'Thanks!');
    await user.click(within(published).getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Reply saved.')).toBeTruthy();
    expect(callsTo(api, 'POST', '/api/admin/reviews/rv_1/reply')[0]?.body).toEqual({
      reply: 'Thanks!',
    });
    expect(chosenLabel(statusSelect())).toBe('New (1)');
  });

  it('adds the next page with Show more reviews and moves the focus to the first review added', async () => {
    const second = deferred<Answer>();
    const api = fakeConsoleApi({
      'GET /api/admin/reviews': ({ url }) =>
        url.includes('cursor=')
          ? second.promise
          : { json: { reviews: buyers(1, 20), nextCursor: 'page-2', counts } },
    });
    const user = userEvent.setup();
    renderConsolePage(<ReviewsQueue />, { route: '/admin/reviews?design=arizona' });
    const list = await screen.findByRole('region', {
      name: 'New reviews of Arizona, oldest first',
    });
    expect(await within(list).findAllByRole('article')).toHaveLength(20);
    expect(within(list).getByText('Showing 20 of 22.')).toBeTruthy();
    const more = within(list).getByRole('button', { name: 'Show more reviews' });
    await user.click(more);
    // One request while it loads, however often it is pressed.
    await user.click(more);
    expect(reviewsCalls(api)).toEqual([
      '/api/admin/reviews?status=new&design=arizona&limit=20',
      '/api/admin/reviews?status=new&design=arizona&cursor=page-2&limit=20',
    ]);
    second.resolve({ json: { reviews: buyers(21, 2), nextCursor: null, counts } });
    const added = await within(list).findByRole('article', { name: 'Arizona review by Buyer 21' });
    await waitFor(() => expect(document.activeElement).toBe(added));
    expect(within(list).getAllByRole('article')).toHaveLength(22);
    expect(within(list).queryByRole('button', { name: 'Show more reviews' })).toBeNull();
    expect(within(list).queryByText(/^Showing/)).toBeNull();
  });

  it('keeps the status and design in the URL, asks for them, and says when none match', async () => {
    const api = fakeConsoleApi({
      'GET /api/admin/reviews': ({ url }) => ({
        json: {
          reviews: url.includes('status=hidden')
            ? []
            : [review({ status: 'published', design: 'arizona', firstName: 'Sam' })],
          nextCursor: null,
          counts: { new: 0, published: 1, hidden: 0 },
        },
      }),
    });
    const user = userEvent.setup();
    renderConsolePage(<ReviewsQueue />, { route: '/admin/reviews?status=all&design=arizona' });
    const all = await screen.findByRole('region', { name: 'All reviews of Arizona, newest first' });
    expect(await within(all).findByRole('article', { name: 'Arizona review by Sam' })).toBeTruthy();
    expect(reviewsCalls(api)).toEqual(['/api/admin/reviews?design=arizona&limit=20']);
    expect(chosenLabel(statusSelect())).toBe('All (1)');
    expect((screen.getByRole('combobox', { name: 'Design' }) as HTMLSelectElement).value).toBe(
      'arizona',
    );

    await user.selectOptions(statusSelect(), 'hidden');
    const hidden = await screen.findByRole('region', {
      name: 'Hidden reviews of Arizona, newest first',
    });
    expect(await within(hidden).findByText('No hidden reviews of Arizona.')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Design' }), '');
    await screen.findByRole('region', { name: 'Hidden reviews, newest first' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await screen.findByRole('region', { name: 'New reviews, oldest first' });
    expect(reviewsCalls(api)).toEqual([
      '/api/admin/reviews?design=arizona&limit=20',
      '/api/admin/reviews?status=hidden&design=arizona&limit=20',
      '/api/admin/reviews?status=hidden&limit=20',
      '/api/admin/reviews?status=new&limit=20',
    ]);
  });

  it('says when the reviews could not be loaded, and tries again', async () => {
    let fail = true;
    fakeConsoleApi({
      'GET /api/admin/reviews': () =>
        fail
          ? { status: 500, json: { code: 'internal', message: 'Down for a moment.' } }
          : { json: { reviews: [review()], nextCursor: null, counts } },
    });
    const user = userEvent.setup();
    renderConsolePage(<ReviewsQueue />, { route: '/admin/reviews' });
    expect(await screen.findByText('Reviews could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('article', { name: 'Alaska review by Rowan' })).toBeTruthy();
  });
});
