import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DiscountCodeField } from './discount-code-field.tsx';

describe('DiscountCodeField', () => {
  it('applies a code, shows the server message for one that does not apply, and removes', async () => {
    const user = userEvent.setup();
    const onApply = vi
      .fn<(code: string) => Promise<string | null>>()
      .mockResolvedValueOnce(
        'The discount code NOPE does not exist. Check the spelling and try again.',
      )
      .mockResolvedValueOnce(null);
    const onRemove = vi.fn();
    const { rerender } = render(
      <DiscountCodeField applied={null} onApply={onApply} onRemove={onRemove} />,
    );
    await user.type(screen.getByLabelText('Discount code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toContain('NOPE does not exist');
    expect(screen.getByLabelText('Discount code').getAttribute('aria-invalid')).toBe('true');

    await user.clear(screen.getByLabelText('Discount code'));
    await user.type(screen.getByLabelText('Discount code'), 'sun 20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenLastCalledWith('sun 20');
    rerender(<DiscountCodeField applied="SUN20" onApply={onApply} onRemove={onRemove} />);
    expect(screen.getByRole('status').textContent).toBe('Discount code SUN20 applied');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalled();
  });

  it('asks for a code before applying nothing', async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<DiscountCodeField applied={null} onApply={onApply} onRemove={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a discount code.');
    expect(onApply).not.toHaveBeenCalled();
  });
});
