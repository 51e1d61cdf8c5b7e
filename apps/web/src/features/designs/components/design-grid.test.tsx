import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DESIGNS } from '@sunward/core/designs';
import { DesignGrid, tileLoading } from './design-grid.tsx';
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
    // The tile keeps the design's name; the price sits beside it.
    expect(screen.getByRole('link', { name: /Alaska$/ })).toBeTruthy();
  });
});

describe('a design tile', () => {
  it('links to the design’s own URL, and the app opens the design in place', async () => {
    const chosen: string[] = [];
    mockApi();
    renderWithProviders(
      <DesignGrid designs={DESIGNS.slice(0, 3)} onChoose={(d) => chosen.push(d.designName)} />,
    );
    const tile = screen.getByRole('link', { name: /Alaska$/ });
    expect(tile.getAttribute('href')).toBe('/designs/alaska');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    tile.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(chosen).toEqual(['alaska']);
    // With a modifier key (a new tab or window), the browser follows the link.
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    tile.dispatchEvent(newTab);
    expect(newTab.defaultPrevented).toBe(false);
    expect(chosen).toEqual(['alaska']);
  });
});

describe('how the tiles’ pictures load', () => {
  const pictures = () =>
    [...document.querySelectorAll('.design-card img')].map((img) => [
      img.getAttribute('loading'),
      img.getAttribute('fetchpriority'),
    ]);

  it('loads the first screenful at once, the first two first and its last row last, the rest lazily', () => {
    mockApi();
    renderWithProviders(<DesignGrid designs={DESIGNS.slice(0, 8)} onChoose={() => {}} />);
    expect(pictures()).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', null],
      ['eager', null],
      ['eager', 'low'],
      ['eager', 'low'],
      ['lazy', null],
      ['lazy', null],
    ]);
  });

  it('behind a design’s dialog, lets the dialog’s pictures come first', () => {
    mockApi();
    renderWithProviders(
      <DesignGrid designs={DESIGNS.slice(0, 3)} onChoose={() => {}} behindDialog />,
    );
    expect(pictures()).toEqual([
      ['lazy', 'low'],
      ['lazy', 'low'],
      ['lazy', 'low'],
    ]);
  });

  it('loads nothing at once where the grid is below the first screen (the home page)', () => {
    expect([0, 1, 5].map((i) => tileLoading(i, 0))).toEqual([
      { loading: 'lazy' },
      { loading: 'lazy' },
      { loading: 'lazy' },
    ]);
  });
});
