import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleReview, ConsoleReviewList } from '@sunward/core/review-schemas';
import { initialAuthState, useAuthStore } from '@/shared/auth/auth-store.ts';
import { fakeConsoleApi, renderConsolePage, signInAs } from '@/test/console.tsx';
import { callsTo } from '@/test/fake-api.ts';
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

beforeEach(() => void signInAs());
afterEach(() => useAuthStore.setState(initialAuthState()));

describe('the console’s reviews', () => {
  it('lists the new ones first; publishes one and saves a public reply', async () => {
    let list: ConsoleReviewList = {
      reviews: [
        review(),
        review({ id: 'rv_2', design: 'arizona', status: 'hidden', firstName: 'Sam' }),
      ],
      counts: { new: 1, published: 0, hidden: 1 },
    };
    const api = fakeConsoleApi({
      'GET /api/admin/reviews': () => ({ json: list }),
      'POST /api/admin/reviews/rv_1/status': () => {
        const published = review({ status: 'published', moderatedAt: '2026-11-21T12:00:00.000Z' });
        list = {
          reviews: [published, list.reviews[1]!],
          counts: { new: 0, published: 1, hidden: 1 },
        };
        return { json: published };
      },
      'POST /api/admin/reviews/rv_1/reply': () => ({
        json: review({ reply: { text: 'Thanks!', at: '2026-11-21T12:00:00.000Z' } }),
      }),
    });
    const user = userEvent.setup();
    renderConsolePage(<ReviewsQueue />, { route: '/admin/reviews' });
    const queue = await screen.findByRole('region', { name: 'New (1)' });
    const card = within(queue).getByRole('article', { name: 'Alaska review by Rowan' });
    // What the buyer wrote is text: no element is made of it.
    expect(within(card).getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(card.querySelector('script')).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Published and hidden' })).getByRole('article', {
        name: 'Arizona review by Sam',
      }),
    ).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Publish' }));
    expect(callsTo(api, 'POST', '/api/admin/reviews/rv_1/status')[0]?.body).toEqual({
      status: 'published',
    });
    expect(await screen.findByText('Review published.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('No new reviews.')).toBeTruthy());

    const published = screen.getByRole('article', { name: 'Alaska review by Rowan' });
    await user.type(within(published).getByLabelText('Public reply'), 'Thanks!');
    await user.click(within(published).getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Reply saved.')).toBeTruthy();
    expect(callsTo(api, 'POST', '/api/admin/reviews/rv_1/reply')[0]?.body).toEqual({
      reply: 'Thanks!',
    });
  });
});
