/**
 * /bag?restore=… (decision 044): a bag reminder's link puts the checkout's shirts back in the bag,
 * once, says so, and leaves the address; a link that no longer works says that and changes nothing.
 */
import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { CART_STORAGE_KEY } from '@/shared/bag/bag-storage.ts';
import { createCartLine } from '@/test/factories.ts';
import { mockApi, renderWithProviders } from '@/test/render.tsx';
import BagPage from './bag-page.tsx';

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{pathname + search}</output>;
}

/** The storefront's API, with the restore endpoint answering `answer` (status and body). */
function apiWithRestore(answer: { status: number; body: unknown }) {
  const base = mockApi();
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input).startsWith('/api/bag-restore?token=')) {
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }
    return base(input);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function openBag(route: string) {
  await act(() => useBagStore.getState().hydrate());
  renderWithProviders(
    <>
      <BagPage />
      <Address />
    </>,
    { route },
  );
}

const restoredLine = (overrides: Partial<ReturnType<typeof createCartLine>> = {}) => {
  const { id: _id, itemId: _itemId, ...line } = createCartLine(overrides);
  return line;
};

describe('the bag opened from a bag reminder', () => {
  afterEach(() => localStorage.clear());

  it('puts the shirts back once, says so, and takes the token out of the address', async () => {
    const fetchMock = apiWithRestore({
      status: 200,
      body: {
        lines: [
          restoredLine({ design: 'alaska', size: 'lgs', quantity: 2 }),
          restoredLine({ design: 'key-west', size: 'mdr', position: 'Back' }),
        ],
      },
    });
    await openBag('/bag?restore=abc.def');
    expect(
      await screen.findByText('We put the 3 shirts from your checkout back in your bag.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Address').textContent).toBe('/bag');
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as {
      design: string;
      quantity: number;
    }[];
    expect(stored.map((l) => [l.design, l.quantity])).toEqual([
      ['alaska', 2],
      ['key-west', 1],
    ]);
    // Asked once: a re-render does not add the shirts again.
    const asked = fetchMock.mock.calls.filter(([url]) =>
      String(url).startsWith('/api/bag-restore'),
    );
    expect(asked).toHaveLength(1);
  });

  it('a link that no longer works says so and leaves the bag as it was', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([createCartLine({ design: 'alaska', size: 'mds', quantity: 1 })]),
    );
    apiWithRestore({
      status: 400,
      body: { code: 'bad_token', message: 'This link is not valid.' },
    });
    await openBag('/bag?restore=forged.token');
    expect(
      await screen.findByText(
        'This link to your bag no longer works. Your bag is as you left it on this device.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('Address').textContent).toBe('/bag');
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as unknown[];
    expect(stored).toHaveLength(1);
  });
});
