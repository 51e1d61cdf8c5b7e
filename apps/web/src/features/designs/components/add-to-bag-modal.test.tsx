import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DESIGNS } from '@sunward/core/designs';
import { SHIRT_FACTS } from '@sunward/core/product-facts';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { createCartLine, createInventory } from '@/test/factories.ts';
import { errorResponse, fakeCartApi, serverCart, signInAs } from '@/test/fake-cart-api.ts';
import { mockApi, renderWithProviders } from '@/test/render.tsx';
import { AddToBagModal } from './add-to-bag-modal.tsx';

const alaska = DESIGNS[0]!;

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open Alaska
      </button>
      <AddToBagModal design={alaska} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

async function openModal(outOfStock: Parameters<typeof createInventory>[0] = []) {
  const fetchMock = mockApi({ inventory: createInventory(outOfStock) });
  const user = userEvent.setup();
  const view = renderWithProviders(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Open Alaska' }));
  const dialog = await screen.findByRole('dialog', { name: 'Alaska' });
  // Sizes come from GET /api/inventory/:id; wait for the shirt's price and stock to arrive.
  await within(dialog).findByText('$45.00');
  return { user, dialog, fetchMock, ...view };
}

describe('AddToBagModal', () => {
  it('offers to email when an out-of-stock size is back, and sends the shopper’s ask', async () => {
    const { user, dialog, fetchMock } = await openModal(['xxlr', 'xls']);
    const form = await within(dialog).findByRole('form', { name: 'Out of stock?' });
    const size = within(form).getByLabelText('Waiting for');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['XL - Short', 'XXL - Regular']);
    await user.selectOptions(size, 'xxlr');
    await user.click(within(form).getByRole('button', { name: 'Email me when it’s back' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please enter an email address.');
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify({
            message: 'We will email a@example.com once when XXL - Regular is back in stock.',
          }),
          { status: 200 },
        ),
    );
    await user.type(within(form).getByLabelText('Email'), 'a@example.com');
    await user.click(within(form).getByRole('button', { name: 'Email me when it’s back' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'We will email a@example.com once when XXL - Regular is back in stock.',
    );
    const [url, init] = fetchMock.mock.calls.at(-1)! as unknown as [string, RequestInit];
    expect(url).toBe('/api/back-in-stock');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'a@example.com',
      productId: expect.any(String),
      design: 'alaska',
      size: 'xxlr',
    });
  });

  it('opens on the shirt, with its facts, the size guide, the return promise and support email', async () => {
    const { dialog } = await openModal();
    const show = within(dialog).getByRole('region', { name: 'Alaska pictures' });
    expect(within(show).getByText(/^1 of 3/).textContent).toMatch(/Alaska shirt, folded/);
    const guide = within(dialog).getByRole('link', { name: 'Size guide (opens in a new tab)' });
    expect(guide.getAttribute('href')).toBe('/size-guide');
    expect(guide.getAttribute('target')).toBe('_blank');
    expect(within(dialog).getByText(SHIRT_FACTS.fabric)).toBeTruthy();
    expect(within(dialog).getByText('Sun protection')).toBeTruthy();
    expect(within(dialog).getByText(SHIRT_FACTS.upf)).toBeTruthy();
    expect(within(dialog).getByText(SHIRT_FACTS.care)).toBeTruthy();
    expect(
      within(dialog).getByText(/return within 15 days after you receive your order/i),
    ).toBeTruthy();
    expect(within(dialog).getByText(/One free return per order/)).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'support@sunward.com' }).getAttribute('href'),
    ).toBe('mailto:support@sunward.com');
  });

  it('requires every field: all fields are required', async () => {
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'add to shopping bag' }));
    expect(await screen.findByText('all fields are required')).toBeTruthy();
    expect(useBagStore.getState().lines).toEqual([]);
  });

  it('rejects values that are not letters and digits: invalid field values', async () => {
    const { user, dialog } = await openModal();
    const size = within(dialog).getByLabelText('Size') as HTMLSelectElement;
    // A tampered option, as a modified page could send.
    const forged = document.createElement('option');
    forged.value = 'md s';
    forged.textContent = 'forged';
    size.append(forged);
    await user.selectOptions(size, 'md s');
    await user.selectOptions(within(dialog).getByLabelText('Position'), 'Front');
    await user.click(within(dialog).getByRole('button', { name: 'add to shopping bag' }));
    expect(await screen.findByText('invalid field values')).toBeTruthy();
  });

  it('disables out-of-stock sizes with the suffix and shows short/regular groups', async () => {
    const { dialog } = await openModal(['xxlr', 'xss']);
    const xxl = within(dialog).getByRole('option', { name: 'XXL R (out of stock)' });
    expect((xxl as HTMLOptionElement).disabled).toBe(true);
    expect(
      (within(dialog).getByRole('option', { name: 'XS S (out of stock)' }) as HTMLOptionElement)
        .disabled,
    ).toBe(true);
    expect(
      (within(dialog).getByRole('option', { name: 'MD S' }) as HTMLOptionElement).disabled,
    ).toBe(false);
    expect(
      within(dialog)
        .getAllByRole('group')
        .map((g) => g.getAttribute('label')),
    ).toEqual(expect.arrayContaining(['Short (S)', 'Regular (R)']));
    expect(within(dialog).getByRole('option', { name: 'Front (logo on neck)' })).toBeTruthy();
    expect(within(dialog).getByRole('option', { name: 'Back (logo on left chest)' })).toBeTruthy();
    expect(
      within(within(dialog).getByLabelText('Qty'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });

  it('adds to the bag, then shows the confirmation and its actions', async () => {
    const { user, dialog } = await openModal();
    await user.selectOptions(within(dialog).getByLabelText('Size'), 'lgr');
    await user.selectOptions(within(dialog).getByLabelText('Position'), 'Back');
    await user.selectOptions(within(dialog).getByLabelText('Qty'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'add to shopping bag' }));
    expect(await screen.findByRole('dialog', { name: 'Design was Added To Bag' })).toBeTruthy();
    expect(useBagStore.getState().lines).toEqual([
      expect.objectContaining({ design: 'alaska', size: 'lgr', position: 'Back', quantity: 3 }),
    ]);
    expect(within(dialog).getByRole('button', { name: 'Select Another Design' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Go To Shopping Bag' })).toBeTruthy();
    // Add More Of This Design returns to an empty form.
    await user.click(within(dialog).getByRole('button', { name: 'Add More Of This Design' }));
    expect((within(dialog).getByLabelText('Size') as HTMLSelectElement).value).toBe('');
    expect((within(dialog).getByLabelText('Qty') as HTMLSelectElement).value).toBe('1');
  });

  it('shows the cap message when the line reaches 10, and still confirms the add', async () => {
    const { user, dialog } = await openModal();
    const addEight = async () => {
      await user.selectOptions(within(dialog).getByLabelText('Size'), 'lgr');
      await user.selectOptions(within(dialog).getByLabelText('Position'), 'Back');
      await user.selectOptions(within(dialog).getByLabelText('Qty'), '8');
      await user.click(within(dialog).getByRole('button', { name: 'add to shopping bag' }));
      await screen.findByRole('dialog', { name: 'Design was Added To Bag' });
    };
    await addEight();
    expect(screen.queryByText('Max quantity reached for this product')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add More Of This Design' }));
    await addEight();
    expect(await screen.findByText('Max quantity reached for this product')).toBeTruthy();
    expect(useBagStore.getState().lines).toEqual([expect.objectContaining({ quantity: 10 })]);
  });

  describe('signed in', () => {
    async function signedInModal() {
      sessionStorage.setItem('loginTime', '2025-06-01T12:00:00.000Z');
      const view = await openModal();
      const onServer = createCartLine({
        design: 'alaska',
        size: 'lgr',
        position: 'Back',
        quantity: 9,
      });
      const api = fakeCartApi(serverCart([onServer]), view.fetchMock);
      signInAs();
      await waitFor(() => expect(useBagStore.getState().ready).toBe(true));
      await view.user.selectOptions(within(view.dialog).getByLabelText('Size'), 'lgr');
      await view.user.selectOptions(within(view.dialog).getByLabelText('Position'), 'Back');
      await view.user.selectOptions(within(view.dialog).getByLabelText('Qty'), '2');
      return { ...view, api };
    }

    it('adds on the server first, then confirms, with the cap message from the merged line', async () => {
      const { user, dialog, api } = await signedInModal();
      await user.click(within(dialog).getByRole('button', { name: 'add to shopping bag' }));
      expect(await screen.findByRole('dialog', { name: 'Design was Added To Bag' })).toBeTruthy();
      expect(await screen.findByText('Max quantity reached for this product')).toBeTruthy();
      expect(api.callsTo('PATCH', '/api/cart/cart_1')).toHaveLength(1);
      expect(useBagStore.getState().lines).toEqual([expect.objectContaining({ quantity: 10 })]);
    });

    it('a failed add is an error toast and no confirmation; the bag is unchanged', async () => {
      const { user, dialog, api } = await signedInModal();
      api.fail('PATCH', '/api/cart', errorResponse(503, 'The bag is resting.'));
      await user.click(within(dialog).getByRole('button', { name: 'add to shopping bag' }));
      expect(await screen.findByText('The bag is resting.')).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: 'Design was Added To Bag' })).toBeNull();
      expect(within(dialog).getByRole('button', { name: 'add to shopping bag' })).toBeTruthy();
      expect(useBagStore.getState().lines).toEqual([expect.objectContaining({ quantity: 9 })]);
    });
  });

  it('resets size, position and quantity when closed (Escape), and restores focus', async () => {
    const { user, dialog } = await openModal();
    await user.selectOptions(within(dialog).getByLabelText('Size'), 'sms');
    await user.selectOptions(within(dialog).getByLabelText('Position'), 'Front');
    await user.selectOptions(within(dialog).getByLabelText('Qty'), '4');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open Alaska' }));
    await user.click(screen.getByRole('button', { name: 'Open Alaska' }));
    const again = await screen.findByRole('dialog', { name: 'Alaska' });
    expect((within(again).getByLabelText('Size') as HTMLSelectElement).value).toBe('');
    expect((within(again).getByLabelText('Position') as HTMLSelectElement).value).toBe('');
    expect((within(again).getByLabelText('Qty') as HTMLSelectElement).value).toBe('1');
  });

  it('moves through the slideshow with the arrow keys and wraps around', async () => {
    const { user, dialog } = await openModal();
    const show = within(dialog).getByRole('region', { name: 'Alaska pictures' });
    show.focus();
    const live = () => within(show).getByText(/of 3:/).textContent;
    expect(live()).toMatch(/^1 of 3/);
    await user.keyboard('{ArrowLeft}');
    expect(live()).toMatch(/^3 of 3/);
    await user.keyboard('{ArrowRight}');
    expect(live()).toMatch(/^1 of 3/);
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(live()).toMatch(/^2 of 3/);
  });
});
