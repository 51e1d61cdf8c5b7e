import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import { fakeApi } from '@/test/fake-api.ts';
import { createOrder } from '@/test/factories.ts';
import { PackingSlip } from './packing-slip.tsx';

describe('the packing slip', () => {
  beforeEach(() => signInAs());

  it('prints the shop, its return address, who it ships to and each shirt, without prices', async () => {
    const order = createOrder({ orderNumber: 'K7QM2XD4RA', createdAt: '2026-06-01T15:00:00.000Z' });
    fakeApi({
      'GET /api/cart/': () => ({ json: [] }),
      'GET /api/admin/orders/K7QM2XD4RA/packing-slip': () => ({
        json: {
          shopName: 'Coastline',
          returnAddress: {
            company: 'Coastline Returns',
            line1: '1 Dock St',
            city: 'Wilmington',
            state: 'NC',
            zip: '28401',
          },
          order,
        },
      }),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderConsolePage(<PackingSlip orderNumber="K7QM2XD4RA" />, {
      route: '/admin/orders/K7QM2XD4RA/packing-slip',
      path: '/admin/orders/:orderNumber/packing-slip',
    });
    const slip = await screen.findByRole('article', { name: 'Packing slip' });
    expect(slip.textContent).toContain('Coastline');
    expect(slip.textContent).toContain('Coastline Returns1 Dock StWilmington, NC 28401');
    expect(slip.textContent).toContain('Order K7QM2XD4RA');
    expect(slip.textContent).toContain('Date 06/01/2026');
    expect(within(slip).getByRole('region', { name: 'Ship to' }).textContent).toContain(
      'Riley Shore600 E Trade St',
    );
    const rows = within(slip).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      )[1],
    ).toEqual(['Alaska', 'MD - Short', 'Front', '2']);
    expect(slip.textContent).not.toMatch(/\$/);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
