import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { DataTable, type Column } from './data-table.tsx';

interface Row {
  number: string;
  email: string;
  total: string;
}

const columns: Column<Row>[] = [
  { key: 'number', header: 'Order', cell: (r) => r.number },
  { key: 'email', header: 'Email', cell: (r) => r.email },
  { key: 'total', header: 'Total', cell: (r) => r.total, align: 'end' },
];
const rows: Row[] = [
  { number: 'SW-1', email: 'a@example.com', total: '$45.00' },
  { number: 'SW-2', email: 'b@example.com', total: '$90.00' },
];

describe('DataTable', () => {
  it('is a table with a caption, column headers and one row per item', () => {
    renderWithProviders(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.number}
        empty="-"
      />,
    );
    const table = screen.getByRole('table', { name: 'Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order', 'Email', 'Total']);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(
      bodyRows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['SW-1', 'a@example.com', '$45.00'],
      ['SW-2', 'b@example.com', '$90.00'],
    ]);
  });

  it('labels each cell with its column, for the stacked rows on a phone', () => {
    renderWithProviders(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.number}
        empty="-"
      />,
    );
    const cells = screen.getAllByRole('cell').slice(0, 3);
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Order', 'Email', 'Total']);
    expect(cells[2]!.className).toContain('data-table__cell--end');
  });

  it('links each row to its item through the chosen column', () => {
    renderWithProviders(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.number}
        empty="-"
        rowLink={{ column: 'number', href: (r) => `/admin/orders/${r.number}` }}
      />,
    );
    expect(screen.getByRole('link', { name: 'SW-2' }).getAttribute('href')).toBe(
      '/admin/orders/SW-2',
    );
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('without rows, the empty line and no table', () => {
    renderWithProviders(
      <DataTable
        caption="Orders"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.number}
        empty="No orders match these filters."
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No orders match these filters.')).toBeTruthy();
  });
});
