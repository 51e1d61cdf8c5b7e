import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/http.ts';
import { setServerErrors } from './server-errors.ts';

interface Values {
  name: string;
  address: { zip: string };
}

/** A form as the console writes one: each field's message under it, the general one on top. */
function Form({ failure }: { failure: unknown }) {
  const form = useForm<Values>({ defaultValues: { name: 'Sunward', address: { zip: '28202' } } });
  const { errors } = form.formState;
  const field = (name: 'name' | 'address.zip', label: string, message?: string) => (
    <label>
      {label}
      <input
        {...form.register(name)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${name}-error` : undefined}
      />
      {message ? <span id={`${name}-error`}>{message}</span> : null}
    </label>
  );
  return (
    <form
      onSubmit={form.handleSubmit(() =>
        Promise.reject(failure).catch((error: unknown) => setServerErrors(form.setError, error)),
      )}
    >
      {errors.root?.server ? <p role="alert">{errors.root.server.message}</p> : null}
      {field('name', 'Name', errors.name?.message)}
      {field('address.zip', 'ZIP', errors.address?.zip?.message)}
      <button type="submit">Save</button>
    </form>
  );
}

describe('setServerErrors', () => {
  it('shows each of a 400’s field messages at its field and focuses the first', async () => {
    const failure = new ApiError('name: Give the shop a name.', 400, {
      name: 'Give the shop a name.',
      'address.zip': 'ZIP 9021 is not a 5-digit ZIP.',
    });
    render(<Form failure={failure} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe('name: Give the shop a name.');
    const name = screen.getByRole('textbox', { name: /Name/ });
    const zip = screen.getByRole('textbox', { name: /ZIP/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Give the shop a name.',
    );
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(zip.getAttribute('aria-describedby')!)?.textContent).toBe(
      'ZIP 9021 is not a 5-digit ZIP.',
    );
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('without fields, says the general message only', async () => {
    render(<Form failure={new TypeError('Failed to fetch')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The shop could not be reached. Check the connection and try again.',
    );
    expect(screen.getByRole('textbox', { name: /Name/ }).getAttribute('aria-invalid')).toBeNull();
  });
});
