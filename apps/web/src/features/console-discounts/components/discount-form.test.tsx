import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/http.ts';
import { EMPTY_FORM } from './discount-form-model.ts';
import { DiscountForm } from './discount-form.tsx';

function renderForm(onSubmit = vi.fn(() => Promise.resolve())) {
  render(
    <DiscountForm
      initial={EMPTY_FORM}
      submitLabel="Create code"
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
  );
  return onSubmit;
}

describe('DiscountForm', () => {
  it('marks the fields it cannot read, focuses the first and sends nothing', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'sun 10');
    await userEvent.click(screen.getByRole('radio', { name: 'Amount off' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Check the fields marked below.');
    const amount = screen.getByRole('textbox', { name: 'Amount off ($)' });
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Amount off: more than $0.00.',
    );
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the body in cents and shows the server’s refusal at its field', async () => {
    const onSubmit = renderForm(
      vi.fn(() =>
        Promise.reject(
          new ApiError('Code: SUN10 is already a discount code.', 409, {
            code: 'Code: SUN10 is already a discount code.',
          }),
        ),
      ),
    );
    const code = screen.getByRole('textbox', { name: 'Code' });
    await userEvent.type(code, 'sun 10');
    await userEvent.click(screen.getByRole('radio', { name: 'Amount off' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount off ($)' }), '10.50');
    await userEvent.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'SUN10', kind: 'amount', amountOff: 1050 }),
    );
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(code.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Code: SUN10 is already a discount code.',
    );
    await waitFor(() => expect(document.activeElement).toBe(code));
  });
});
