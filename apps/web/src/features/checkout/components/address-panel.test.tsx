import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAddressPanel } from '../hooks/use-address-panel.ts';
import { callsTo, fakeApi, renderWithProviders } from '../test/checkout-test-utils.tsx';
import { AddressPanel } from './address-panel.tsx';

function Harness() {
  const model = useAddressPanel();
  return <AddressPanel model={model} />;
}

async function fillAddress(values: { city?: string } = {}) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Address line 1'), '600 E Trade St');
  await user.type(screen.getByLabelText('City'), values.city ?? 'Charlotte');
  await user.selectOptions(screen.getByLabelText('State'), 'NC');
  await user.type(screen.getByLabelText('ZIP code'), '28202');
  return user;
}

const suggestion = () => ({
  'GET /api/usps/address-check/': () => ({
    json: {
      streetAddress: '600 E TRADE ST',
      secondaryAddress: '',
      city: 'CHARLOTTE',
      state: 'NC',
      ZIPCode: '28202',
    },
  }),
});

describe('address panel', () => {
  // jsdom has no CSS.escape, which user-event's arrow-key walk through a radio group uses.
  beforeAll(() => {
    const css = (window as { CSS?: { escape?: (v: string) => string } }).CSS;
    const escape = (v: string) => v.replace(/["\\]/g, '\\$&');
    if (css && !css.escape) css.escape = escape;
    else if (!css) Object.defineProperty(window, 'CSS', { configurable: true, value: { escape } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a complete address before checking it', async () => {
    const api = fakeApi();
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Verify Address' }));
    expect(screen.getAllByText('This field is incomplete.')).toHaveLength(4);
    expect(document.activeElement).toBe(screen.getByLabelText('Address line 1'));
    expect(callsTo(api, '/api/usps/address-check')).toHaveLength(0);
  });

  it('form -> verified when the checker answers the same address; Edit returns to the form', async () => {
    fakeApi();
    renderWithProviders(<Harness />);
    const user = await fillAddress();
    await user.click(screen.getByRole('button', { name: 'Verify Address' }));
    expect(await screen.findByText('Address verified')).toBeTruthy();
    expect(screen.getByText(/600 E Trade St/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText<HTMLInputElement>('Address line 1').value).toBe('600 E Trade St');
    expect(screen.getByRole('button', { name: 'Verify Address' })).toBeTruthy();
  });

  it('form -> suggested; arrow keys switch the choice; confirming the suggestion verifies it', async () => {
    fakeApi(suggestion());
    renderWithProviders(<Harness />);
    const user = await fillAddress({ city: 'Raleigh' });
    await user.click(screen.getByRole('button', { name: 'Verify Address' }));
    expect(
      await screen.findByText(
        'We found a similar mailing address. Please confirm which address to use.',
      ),
    ).toBeTruthy();
    const suggested = screen.getByRole<HTMLInputElement>('radio', { name: /Suggested address/ });
    const entered = screen.getByRole<HTMLInputElement>('radio', { name: /Address you entered/ });
    expect(suggested.checked).toBe(true);
    await user.click(suggested);
    await user.keyboard('{ArrowDown}');
    expect(entered.checked).toBe(true);
    expect(document.activeElement).toBe(entered);
    await user.keyboard('{ArrowUp}');
    expect(suggested.checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(await screen.findByText('Address verified')).toBeTruthy();
    expect(screen.getByText(/CHARLOTTE, NC 28202/)).toBeTruthy();
  });

  it('form -> error with the message; the link returns to the form', async () => {
    fakeApi({
      'GET /api/usps/address-check/': () => ({
        json: { message: 'The ZIP code 28202 is in NC, not SC.' },
      }),
    });
    renderWithProviders(<Harness />);
    const user = await fillAddress();
    await user.click(screen.getByRole('button', { name: 'Verify Address' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The ZIP code 28202 is in NC, not SC.',
    );
    await user.click(
      screen.getByRole('button', { name: 'Click here to re-enter your shipping address.' }),
    );
    expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe('Charlotte');
  });
});
