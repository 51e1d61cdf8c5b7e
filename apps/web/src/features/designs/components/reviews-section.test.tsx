import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DesignReviews, FitAdviceList, PublicReview } from '@sunward/core/review-schemas';
import { fitAdvice, noFitCounts, noReasonCounts } from '@sunward/core/fit-advice';
import { SIZE_CODES } from '@sunward/core/sizes';
import { mockApi, renderWithProviders } from '@/test/render.tsx';
import { FitAdvice } from './fit-advice.tsx';
import { ReviewsSection } from './reviews-section.tsx';

const review = (overrides: Partial<PublicReview> = {}): PublicReview => ({
  id: 'rv_1',
  stars: 4,
  fit: 'runs-small',
  size: 'mds',
  title: '<img src=x onerror=alert(1)> Snug',
  body: 'First line.\nSecond line.',
  firstName: 'Rowan',
  state: 'NC',
  createdAt: '2026-11-20T12:00:00.000Z',
  verified: true,
  reply: { text: 'Thank you!', at: '2026-11-21T12:00:00.000Z' },
  ...overrides,
});

/** The shop's fake API plus the reviews' answers by URL. */
function withRoutes(routes: Record<string, unknown>) {
  const base = mockApi();
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const body = routes[String(input)];
    return body === undefined
      ? base(input as string)
      : new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ReviewsSection', () => {
  const newest: DesignReviews = {
    design: 'alaska',
    average: 4.5,
    count: 2,
    sort: 'newest',
    offset: 0,
    nextOffset: null,
    reviews: [
      review(),
      review({
        id: 'rv_2',
        stars: 5,
        title: null,
        body: null,
        firstName: null,
        state: null,
        reply: null,
      }),
    ],
  };

  it('shows the average, the count and each review as text, marked Verified buyer, with the reply', async () => {
    withRoutes({ '/api/reviews/design/alaska?sort=newest': newest });
    renderWithProviders(<ReviewsSection design="alaska" open />);
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(section).findByText(/from 2 verified reviews/)).toBeTruthy();
    const first = within(section).getByRole('article', { name: 'Review by Rowan, NC' });
    // Markup is shown as the text it is: no element is made of it.
    expect(
      within(first).getByRole('heading', { name: '<img src=x onerror=alert(1)> Snug' }),
    ).toBeTruthy();
    expect(first.querySelector('img')).toBeNull();
    expect(within(first).getByText('Verified buyer')).toBeTruthy();
    // Dated as the shop dates everything (spec 5: MM/DD/YYYY).
    expect(first.querySelector('time')?.textContent).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(within(first).getByText('Size bought: MD - Short · Runs small')).toBeTruthy();
    expect(within(first).getByText('Reply from Sunward')).toBeTruthy();
    expect(within(section).getByRole('article', { name: 'Review by A buyer' })).toBeTruthy();
  });

  it('asks for the most helpful order when chosen', async () => {
    const fetchMock = withRoutes({
      '/api/reviews/design/alaska?sort=newest': newest,
      '/api/reviews/design/alaska?sort=helpful': { ...newest, sort: 'helpful' },
    });
    const user = userEvent.setup();
    renderWithProviders(<ReviewsSection design="alaska" open />);
    const sort = await screen.findByLabelText('Sort reviews');
    await user.selectOptions(sort, 'helpful');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(
        '/api/reviews/design/alaska?sort=helpful',
      ),
    );
  });

  it('shows 20 at a time: Show more reviews adds the next page until there is none', async () => {
    const many = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) =>
        review({ id: `rv_${from + i}`, firstName: `Buyer ${from + i}`, reply: null }),
      );
    const fetchMock = withRoutes({
      '/api/reviews/design/alaska?sort=newest': {
        ...newest,
        count: 25,
        reviews: many(0, 20),
        nextOffset: 20,
      },
      '/api/reviews/design/alaska?sort=newest&offset=20': {
        ...newest,
        count: 25,
        offset: 20,
        reviews: many(20, 25),
        nextOffset: null,
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ReviewsSection design="alaska" open />);
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(section).findByText('Showing 20 of 25 reviews.')).toBeTruthy();
    expect(within(section).getAllByRole('article')).toHaveLength(20);
    await user.click(within(section).getByRole('button', { name: 'Show more reviews' }));
    await vi.waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(25));
    expect(within(section).getByRole('article', { name: 'Review by Buyer 24, NC' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Show more reviews' })).toBeNull();
    expect(within(section).queryByText(/Showing/)).toBeNull();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(
      '/api/reviews/design/alaska?sort=newest&offset=20',
    );
  });

  it('fetches nothing while the dialog is closed', async () => {
    const fetchMock = withRoutes({ '/api/reviews/design/alaska?sort=newest': newest });
    renderWithProviders(<ReviewsSection design="alaska" open={false} />);
    expect(await screen.findByText('Loading reviews…')).toBeTruthy();
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('/api/reviews'))).toBe(false);
  });
});

describe('FitAdvice', () => {
  const sizes = SIZE_CODES.map((size) =>
    size === 'mds'
      ? fitAdvice(size, { ...noFitCounts(), 'runs-small': 5 }, noReasonCounts())
      : fitAdvice(size, { ...noFitCounts(), 'runs-large': 4 }, noReasonCounts()),
  );
  const list: FitAdviceList = { design: 'alaska', sizes };

  it('says what buyers say of the chosen size, suggests a size for a usual one, and chooses it', async () => {
    withRoutes({ '/api/fit-advice?design=alaska': list });
    const onChoose = vi.fn();
    function Harness() {
      const [size, setSize] = useState('mds');
      return (
        <FitAdvice
          design="alaska"
          size={size}
          open
          onChoose={(chosen) => {
            onChoose(chosen);
            setSize(chosen);
          }}
        />
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const group = await screen.findByRole('group', { name: 'Fit advice' });
    expect(within(group).getByText('Most buyers of MD Short say it runs small.')).toBeTruthy();
    await user.selectOptions(within(group).getByLabelText('Your usual size'), 'mds');
    expect(within(group).getByText(/Try LG Short: buyers say MD Short runs small\./)).toBeTruthy();
    await user.click(within(group).getByRole('button', { name: 'Choose LG - Short' }));
    expect(onChoose).toHaveBeenCalledWith('lgs');
    // LG Short has 4 answers: nothing said of it, and no button to choose the size already chosen.
    expect(within(group).queryByText(/Most buyers of LG Short/)).toBeNull();
    expect(within(group).queryByRole('button')).toBeNull();
  });

  it('shows nothing for a design with no size above the threshold', async () => {
    const fetchMock = withRoutes({
      '/api/fit-advice?design=alaska': {
        design: 'alaska',
        sizes: SIZE_CODES.map((s) =>
          fitAdvice(s, { ...noFitCounts(), 'runs-small': 4 }, noReasonCounts()),
        ),
      },
    });
    const { client } = renderWithProviders(
      <FitAdvice design="alaska" size="mds" open onChoose={vi.fn()} />,
    );
    await vi.waitFor(() =>
      expect(client.getQueryState(['reviews', 'fit-advice', 'alaska'])?.status).toBe('success'),
    );
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(
      '/api/fit-advice?design=alaska',
    );
    expect(screen.queryByRole('group', { name: 'Fit advice' })).toBeNull();
  });
});
