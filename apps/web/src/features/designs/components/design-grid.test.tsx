import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DESIGNS } from '@sunward/core/designs';
import { DesignGrid } from './design-grid.tsx';
import { createProduct } from '@/test/factories.ts';
import { mockApi, renderWithProviders } from '@/test/render.tsx';

describe('the price on design tiles', () => {
  it('shows the shirt’s catalogue price under every design, formatted as money', async () => {
    mockApi({
      products: [
        createProduct({
          default_price: 'price_5250',
          prices: [{ id: 'price_5250', unit_amount: 5250, currency: 'usd' }],
        }),
      ],
    });
    renderWithProviders(<DesignGrid designs={DESIGNS.slice(0, 3)} onChoose={() => {}} />);
    expect(await screen.findAllByText('$52.50')).toHaveLength(3);
    // The button keeps the design's name; the price sits beside it.
    expect(screen.getByRole('button', { name: /Alaska$/ })).toBeTruthy();
  });
});
