import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address.tsx';

describe('EmailAddress', () => {
  it('reads as the address, with breaks allowed only before the @ and after dots', () => {
    const { container } = render(<EmailAddress email="bag.390.1795914039281@example.com" />);
    const span = container.querySelector('.email-address')!;
    expect(span.textContent).toBe('bag.390.1795914039281@example.com');
    expect(span.innerHTML).toBe('bag.<wbr>390.<wbr>1795914039281<wbr>@example.<wbr>com');
  });

  it('leaves an address without dots or @ whole', () => {
    const { container } = render(<EmailAddress email="riley" />);
    expect(container.querySelector('.email-address')!.innerHTML).toBe('riley');
  });
});
