import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderFigures } from './order-figures.tsx';

/** The amount of a figure: the <dd> right after the <dt> with the exact term (as the e2e specs read it). */
const figure = (term: string) =>
  screen.queryByText(term, { selector: 'dt' })?.nextElementSibling?.textContent ?? null;

describe('OrderFigures (spec 2)', () => {
  it('lists Subtotal, Shipping, Sales Tax and Total, Total set off as the sum', () => {
    render(<OrderFigures subtotal={9000} shipping={770} salesTax={464} total={10234} />);
    expect(figure('Subtotal')).toBe('$90.00');
    expect(figure('Shipping')).toBe('$7.70');
    expect(figure('Sales Tax')).toBe('$4.64');
    expect(figure('Total')).toBe('$102.34');
    const terms = screen.getAllByRole('term').map((dt) => dt.textContent);
    expect(terms).toEqual(['Subtotal', 'Shipping', 'Sales Tax', 'Total']);
    expect(screen.getByText('Total', { selector: 'dt' }).parentElement!.className).toBe(
      'figures__total',
    );
  });

  it("says 'Free' for no shipping and leaves Sales Tax out at 0", () => {
    render(<OrderFigures subtotal={13000} shipping={0} salesTax={0} total={13000} />);
    expect(figure('Shipping')).toBe('Free');
    expect(figure('Sales Tax')).toBeNull();
    expect(figure('Total')).toBe('$130.00');
  });

  it('shows a text for Shipping and Total while they are not known', () => {
    render(<OrderFigures subtotal={9000} shipping="TBD" salesTax={0} total="TBD" />);
    expect(figure('Subtotal')).toBe('$90.00');
    expect(figure('Shipping')).toBe('TBD');
    expect(figure('Total')).toBe('TBD');
  });

  it('names the rate and its parts under Sales Tax when it is known, the amount unchanged', () => {
    render(
      <OrderFigures
        subtotal={9000}
        shipping={770}
        salesTax={708}
        salesTaxRate={{
          ratePpm: 72500,
          parts: [
            { label: 'North Carolina', ratePpm: 47500 },
            { label: 'Mecklenburg County', ratePpm: 20000 },
            { label: 'Mecklenburg County transit', ratePpm: 5000 },
          ],
        }}
        total={10478}
      />,
    );
    expect(figure('Sales Tax')).toBe('$7.08');
    expect(
      screen.getByText(
        'Rate 7.25%: North Carolina 4.75% + Mecklenburg County 2% + Mecklenburg County transit 0.5%',
      ).tagName,
    ).toBe('DD');
  });
});
