import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { KeysetPager, useKeysetCursor } from './keyset-pager.tsx';

/** A list whose server answers page n's `next` as "c<n+1>", up to the third page. */
function List() {
  const { cursor } = useKeysetCursor();
  const { search } = useLocation();
  const page = cursor ? Number(cursor.slice(1)) : 1;
  return (
    <>
      <p data-testid="where">{`page ${page} ${search}`}</p>
      <KeysetPager label="Pages of orders" next={page < 3 ? `c${page + 1}` : null} />
    </>
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('KeysetPager (pages)', () => {
  it('Older follows the cursor, Newer steps back one page; the filters stay', async () => {
    renderWithProviders(<List />, { route: '/admin/orders?status=pending' });
    const newer = () => screen.getByRole('button', { name: 'Newer' }) as HTMLButtonElement;
    expect(where()).toBe('page 1 ?status=pending');
    expect(newer().disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(where()).toBe('page 2 ?status=pending&before=c2');
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(where()).toBe('page 3 ?status=pending&before=c3');
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await userEvent.click(newer());
    expect(where()).toBe('page 2 ?status=pending&before=c2');
    await userEvent.click(newer());
    expect(where()).toBe('page 1 ?status=pending');
  });

  it('opened at a page from a link (no trail), Newer goes to the newest page', async () => {
    renderWithProviders(<List />, { route: '/admin/orders?before=c3' });
    expect(where()).toBe('page 3 ?before=c3');
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(where()).toBe('page 1 ');
  });

  it('one page only: no pager', () => {
    renderWithProviders(<KeysetPager label="Pages" next={null} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('busy: both buttons wait', () => {
    renderWithProviders(<KeysetPager label="Pages" next="c2" busy />, { route: '/x?before=c1' });
    for (const name of ['Newer', 'Older']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });
});

describe('KeysetPager (show more)', () => {
  it('asks for more while there is more, once per click', async () => {
    const onMore = vi.fn();
    const { rerender } = renderWithProviders(
      <KeysetPager label="More actions" more={{ hasMore: true, onMore, text: 'Show more' }} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(onMore).toHaveBeenCalledOnce();
    rerender(<KeysetPager label="More actions" more={{ hasMore: true, onMore, busy: true }} />);
    expect((screen.getByRole('button', { name: 'Loading…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    rerender(<KeysetPager label="More actions" more={{ hasMore: false, onMore }} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
