import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { FilterBar, useFilterValues, type FilterField } from './filter-bar.tsx';

const fields: FilterField[] = [
  {
    type: 'select',
    name: 'status',
    label: 'Status',
    options: [
      { value: '', label: 'All' },
      { value: 'pending', label: 'Pending' },
      { value: 'shipped', label: 'Shipped' },
    ],
  },
  { type: 'date', name: 'from', label: 'From' },
  { type: 'search', name: 'q', label: 'Search' },
];

function Page() {
  const { search } = useLocation();
  const values = useFilterValues(['status', 'from', 'q'] as const);
  return (
    <>
      <FilterBar label="Filter orders" fields={fields} />
      <p data-testid="search">{search}</p>
      <p data-testid="values">{JSON.stringify(values)}</p>
    </>
  );
}

const search = () => screen.getByTestId('search').textContent;

describe('FilterBar', () => {
  it('is a labelled search form whose fields show what the URL says', () => {
    renderWithProviders(<Page />, { route: '/admin/orders?status=shipped&q=riley' });
    expect(screen.getByRole('search', { name: 'Filter orders' })).toBeTruthy();
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('shipped');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('riley');
    expect(screen.getByTestId('values').textContent).toBe(
      JSON.stringify({ status: 'shipped', from: '', q: 'riley' }),
    );
  });

  it('a select applies as it changes and goes back to the first page', async () => {
    renderWithProviders(<Page />, { route: '/admin/orders?before=cursor1' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    expect(search()).toBe('?status=pending');
  });

  it('text applies with Enter; Clear removes every filter', async () => {
    renderWithProviders(<Page />, { route: '/admin/orders?status=pending&sort=new' });
    await userEvent.type(screen.getByLabelText('Search'), '  SW-1001 {Enter}');
    expect(search()).toBe('?status=pending&sort=new&q=SW-1001');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    // Parameters that are not filters stay.
    expect(search()).toBe('?sort=new');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('a date applies as it is chosen', async () => {
    renderWithProviders(<Page />, { route: '/admin/orders' });
    const from = screen.getByLabelText('From');
    await userEvent.type(from, '2026-03-01');
    expect(search()).toBe('?from=2026-03-01');
  });
});
