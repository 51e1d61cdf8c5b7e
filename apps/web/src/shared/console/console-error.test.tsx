import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/http.ts';
import { ConsoleError, errorMessage } from './console-error.tsx';

describe('ConsoleError', () => {
  it("says what failed with the server's message, and Try again calls back", async () => {
    const onRetry = vi.fn();
    render(
      <ConsoleError
        title="The orders could not be loaded."
        error={new ApiError('The database is busy.', 503)}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'The orders could not be loaded.The database is busy.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('is disabled while the retry runs', () => {
    render(<ConsoleError error={new Error('x')} onRetry={() => undefined} retrying />);
    const button = screen.getByRole('button', { name: 'Trying again…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('a network failure reads as one, not as "Failed to fetch"', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'The shop could not be reached. Check the connection and try again.',
    );
    expect(errorMessage('??')).toBe('Something went wrong.');
  });
});
