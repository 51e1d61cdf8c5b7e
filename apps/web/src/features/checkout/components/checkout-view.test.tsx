import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import {
  bagLine,
  callsTo,
  fakeApi,
  renderWithProviders,
  setBag,
} from '../test/checkout-test-utils.tsx';
import { CheckoutView } from './checkout-view.tsx';

const placeOrder = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Place Order' });

/** The figure next to a summary label ('Subtotal', 'Shipping', 'Sales Tax', 'Total'), or null. */
function figure(label: string): string | null {
  const summary = screen.getByRole('complementary', { name: 'Order summary' });
  const dt = within(summary)
    .queryAllByText(label)
    .find((el) => el.tagName === 'DT');
  return dt?.nextElementSibling?.textContent ?? null;
}

async function verifyAddress(user: UserEvent) {
  await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Address line 1'), '600 E Trade St');
  await user.type(screen.getByLabelText('City'), 'Charlotte');
  await user.selectOptions(screen.getByLabelText('State'), 'NC');
  await user.type(screen.getByLabelText('ZIP code'), '28202');
  await user.click(screen.getByRole('button', { name: 'Verify Address' }));
  await screen.findByText('Address verified');
}

async function enterCard(user: UserEvent) {
  await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
  await user.type(screen.getByLabelText('Expiry date (MM / YY)'), '1234');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
}

/** Generous under a loaded CI machine: the totals wait for a 400 ms email debounce. */
const SLOW = { timeout: 4000 };

describe('checkout', () => {
  beforeEach(() => setBag([bagLine({ quantity: 2 })]));
  afterEach(() => vi.unstubAllGlobals());

  it('enables Place Order only with email, verified address, shipping option and a complete card', async () => {
    const api = fakeApi();
    renderWithProviders(<CheckoutView />);
    const user = userEvent.setup();
    expect(placeOrder().disabled).toBe(true);

    await enterCard(user);
    expect(screen.getByLabelText<HTMLInputElement>('Card number').value).toBe(
      '4242 4242 4242 4242',
    );
    expect(placeOrder().disabled).toBe(true);

    await verifyAddress(user);
    expect(placeOrder().disabled).toBe(true);
    expect(figure('Shipping')).toBe('TBD');
    expect(figure('Total')).toBe('TBD');

    await user.click(await screen.findByRole('radio', { name: /USPS Ground Advantage/ }));
    expect(placeOrder().disabled).toBe(true); // no email yet
    expect(callsTo(api, '/api/orders/update-pi')).toHaveLength(0);

    const email = screen.getByLabelText('Email');
    await user.click(email);
    await user.tab();
    expect(screen.getByText('Please enter an email address.')).toBeTruthy();
    await user.type(email, 'ada@example.com');
    expect(screen.queryByText('Please enter an email address.')).toBeNull();
    await waitFor(() => expect(placeOrder().disabled).toBe(false), SLOW);

    // The summary shows the server's figures once update-pi answers.
    await waitFor(() => expect(figure('Total')).toBe('$102.34'), SLOW);
    expect(figure('Subtotal')).toBe('$90.00');
    expect(figure('Shipping')).toBe('$7.70');
    expect(figure('Sales Tax')).toBe('$4.64');
    expect(callsTo(api, '/api/orders/update-pi')[0]).toMatchObject({
      paymentIntentId: 'pi_1',
      shippingOption: 'ground',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      address: { line1: '600 E Trade St', city: 'Charlotte', state: 'NC', postal_code: '28202' },
    });

    // Edit clears the chosen address and shipping option: back to TBD and disabled.
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(figure('Total')).toBe('TBD');
    expect(screen.queryByRole('radio', { name: /USPS Ground Advantage/ })).toBeNull();
    expect(placeOrder().disabled).toBe(true);
  });

  it('hides Sales Tax when the server answers 0 (a state without nexus)', async () => {
    fakeApi({
      'POST /api/orders/update-pi': () => ({
        json: { subtotal: 9000, shipping: 990, salesTax: 0, total: 9990 },
      }),
    });
    renderWithProviders(<CheckoutView />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await verifyAddress(user);
    await user.click(await screen.findByRole('radio', { name: /USPS Priority Mail/ }));
    await waitFor(() => expect(figure('Total')).toBe('$99.90'), SLOW);
    expect(figure('Shipping')).toBe('$9.90');
    expect(figure('Sales Tax')).toBeNull();
  });

  it('the reminder box starts unticked; ticked, update-pi saves the consent with the email', async () => {
    const api = fakeApi();
    renderWithProviders(<CheckoutView />);
    const user = userEvent.setup();
    const box = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'Email me a reminder if I leave items in my bag',
    });
    expect(box.checked).toBe(false);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await verifyAddress(user);
    await user.click(await screen.findByRole('radio', { name: /USPS Ground Advantage/ }));
    await waitFor(() => expect(callsTo(api, '/api/orders/update-pi')).toHaveLength(1), SLOW);
    expect(callsTo(api, '/api/orders/update-pi')[0]).toMatchObject({ reminderConsent: false });
    await user.click(box);
    await waitFor(
      () =>
        expect(callsTo(api, '/api/orders/update-pi').at(-1)).toMatchObject({
          email: 'ada@example.com',
          reminderConsent: true,
        }),
      SLOW,
    );
  });

  it('shows ground as Free once the subtotal reaches the free-shipping target', async () => {
    setBag([bagLine({ quantity: 3 })]);
    fakeApi();
    renderWithProviders(<CheckoutView />);
    const user = userEvent.setup();
    await verifyAddress(user);
    expect(
      (await screen.findByRole('radio', { name: /USPS Ground Advantage/ })).closest('label')
        ?.textContent,
    ).toContain('Free');
    expect(
      screen.getByRole('radio', { name: /USPS Priority Mail/ }).closest('label')?.textContent,
    ).toContain('$9.90');
  });

  it('asks for the billing fields when billing differs, and clears them when unticked', async () => {
    fakeApi();
    renderWithProviders(<CheckoutView />);
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', {
      name: 'Billing address is different from shipping',
    });
    await user.click(box);
    const billing = screen.getByRole('group', { name: 'Billing address' });
    const name = within(billing).getByLabelText('Full name');
    await user.click(name);
    for (const label of [
      'Address line 1',
      'Address line 2 (optional)',
      'City',
      'State',
      'ZIP code',
    ]) {
      await user.click(within(billing).getByLabelText(label));
    }
    await user.tab();
    expect(within(billing).getByText('Please provide your full name.')).toBeTruthy();
    expect(within(billing).getAllByText('This field is incomplete.')).toHaveLength(4);

    await user.type(name, 'Grace Hopper');
    expect(within(billing).queryByText('Please provide your full name.')).toBeNull();
    const states = within(billing).getByLabelText<HTMLSelectElement>('State');
    expect([...states.options].map((o) => o.value)).toEqual(
      expect.arrayContaining(['DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'AA', 'AE', 'AP']),
    );

    await user.click(box);
    expect(screen.queryByRole('group', { name: 'Billing address' })).toBeNull();
    await user.click(box);
    const again = screen.getByRole('group', { name: 'Billing address' });
    expect(within(again).getByLabelText<HTMLInputElement>('Full name').value).toBe('');
    expect(within(again).queryByText('Please provide your full name.')).toBeNull();
  });

  it('when the server refuses the total, charges nothing, asks for the totals again and says so', async () => {
    let total = 10234;
    const api = fakeApi({
      'POST /api/orders/update-pi': () => ({
        json: { subtotal: 9000, shipping: 770, salesTax: total - 9770, total },
      }),
      'POST /api/orders/confirm-pi': () => ({
        status: 409,
        json: {
          code: 'total_changed',
          message:
            'Your order total has changed since it was shown. Please check the total below and place your order again.',
          totals: null,
        },
      }),
    });
    renderWithProviders(<CheckoutView />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await enterCard(user);
    await verifyAddress(user);
    await user.click(await screen.findByRole('radio', { name: /USPS Ground Advantage/ }));
    await waitFor(() => expect(figure('Total')).toBe('$102.34'), SLOW);
    await waitFor(() => expect(placeOrder().disabled).toBe(false), SLOW);
    const before = callsTo(api, '/api/orders/update-pi').length;

    total = 10300; // the server's total moved (say, a price changed)
    await user.click(placeOrder());
    expect(callsTo(api, '/api/orders/confirm-pi')[0]).toMatchObject({
      paymentIntentId: 'pi_1',
      shippingOption: 'ground',
      total: 10234,
      paymentMethod: { type: 'card', card: { number: '4242424242424242' } },
      address: { line1: '600 E Trade St', postal_code: '28202', country: 'US' },
    });
    expect(
      (await screen.findAllByText(/Your order total has changed since it was shown/)).length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(figure('Total')).toBe('$103.00'), SLOW);
    expect(callsTo(api, '/api/orders/update-pi').length).toBe(before + 1);
    expect(placeOrder().disabled).toBe(false);
  });
});
