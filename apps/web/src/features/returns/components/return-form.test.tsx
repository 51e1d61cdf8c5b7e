import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order, ReturnItem } from '@sunward/core/checkout-schemas';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import {
  createConfiguration,
  createInventory,
  createReturnItem,
  createReturnRecord,
} from '@/test/factories.ts';
import {
  callsTo,
  createOrder,
  deferred,
  fakeApi,
  figure,
  renderAt,
  returnPath,
  SHIRT,
  signIn,
  TOKEN,
  unitRow,
  type Answer,
} from '../test/returns-test-utils.tsx';
import { ReturnForm } from './return-form.tsx';

const UNIT_1 = 'Return Alaska, MD - Regular, Front (unit 1)';
const UNIT_2 = 'Return Alaska, MD - Regular, Front (unit 2)';
const UNIT_3 = 'Return Sky Ridge, LG - Short, Back (unit 3)';

/** The form for `order`, found by a guest with `email` (null: a signed-in shopper's, no email). */
function renderForm(order: Order = createOrder(), email: string | null = 'riley@example.com') {
  const user = userEvent.setup();
  const { client } = renderAt(returnPath, <ReturnForm order={order} email={email ?? undefined} />);
  return { user, order, client };
}

const select = (row: HTMLElement, name: RegExp) => within(row).getByRole('combobox', { name });
const optionTexts = (el: HTMLElement) =>
  within(el)
    .getAllByRole('option')
    .map((o) => o.textContent);

/** Ticks a unit and fills it in. */
async function choose(
  user: ReturnType<typeof userEvent.setup>,
  name: string,
  choice: { type?: string; reason?: string; size?: string; position?: string },
) {
  await user.click(screen.getByRole('checkbox', { name }));
  const row = unitRow(name);
  if (choice.type) await user.selectOptions(select(row, /^Return Type/), choice.type);
  if (choice.reason) await user.selectOptions(select(row, /^Reason/), choice.reason);
  if (choice.size) await user.selectOptions(select(row, /^New Size/), choice.size);
  if (choice.position) await user.selectOptions(select(row, /^New Position/), choice.position);
  return row;
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const formMessage = () => document.querySelector('.return-form__error')!;
const errorToasts = () =>
  useToastStore
    .getState()
    .toasts.filter((t) => t.kind === 'error')
    .map((t) => t.message);

describe('Start a Return (spec 2)', () => {
  it('shows the order number, the note, and a row per unit with its picture, size and position', () => {
    fakeApi();
    const { order } = renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Start a Return' })).toBeTruthy();
    expect(screen.getByText(order.orderNumber)).toBeTruthy();
    expect(
      screen.getByText(
        '1 Free Return Per Order. One free return allowed per order. Additional returns are subject to a shipping fee.',
      ),
    ).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual([UNIT_1, UNIT_2, UNIT_3]);
    expect(boxes.every((b) => !(b as HTMLInputElement).checked)).toBe(true);
    const third = unitRow(UNIT_3);
    expect(within(third).getByText('Sky Ridge')).toBeTruthy();
    expect(within(third).getByText('Position: Back')).toBeTruthy();
    expect(within(third).getByTitle('LG - Short')).toBeTruthy();
    // a unit printed on the Back is pictured from the back
    expect(third.querySelector('img')?.getAttribute('src')).toContain('sky-ridge-back');
    // Nothing to choose until a unit is ticked.
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('a ticked unit asks a type (starting at Keep) and a reason; Refund shows its refund', async () => {
    fakeApi();
    const { user } = renderForm();
    await user.click(screen.getByRole('checkbox', { name: UNIT_3 }));
    const row = unitRow(UNIT_3);
    const type = select(row, /^Return Type/) as HTMLSelectElement;
    expect(type.value).toBe('Keep');
    expect(optionTexts(type)).toEqual(['Keep', 'Exchange', 'Refund']);
    expect(optionTexts(select(row, /^Reason/))).toEqual([
      'Select a reason',
      'Too short',
      'Too long',
      'Too tight',
      'Too loose',
    ]);
    expect(within(row).queryByText(/Refund Amount/)).toBeNull();
    await user.selectOptions(type, 'Refund');
    // Its price: its share of the tax comes back on the review's Sales Tax Refund line.
    expect(within(row).getByText('$45.00')).toBeTruthy();
    await choose(user, UNIT_1, { type: 'Refund' });
    expect(within(unitRow(UNIT_1)).getByText('$45.00')).toBeTruthy();
  });

  it('Exchange asks a new size (out-of-stock sizes disabled) and a new position', async () => {
    const api = fakeApi({
      [`GET /api/inventory/${SHIRT}`]: () => ({ json: createInventory(['lgr', 'xss']) }),
    });
    const { user } = renderForm();
    const row = await choose(user, UNIT_2, { type: 'Exchange' });
    const size = select(row, /^New Size/);
    await waitFor(() => expect(optionTexts(size)).toContain('LG R (out of stock)'));
    expect(within(size).getByRole('option', { name: 'LG R (out of stock)' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(size).getByRole('option', { name: 'XS S (out of stock)' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(size).getByRole('option', { name: 'XL R' })).toHaveProperty('disabled', false);
    expect(optionTexts(select(row, /^New Position/))).toEqual([
      'Select a position',
      'Front (logo on neck)',
      'Back (logo on left chest)',
    ]);
    expect(callsTo(api, 'GET', `/api/inventory/${SHIRT}`)).toHaveLength(1);
  });

  it('unticking resets the unit to Keep; Keep and Refund clear the exchange', async () => {
    fakeApi();
    const { user } = renderForm();
    const row = await choose(user, UNIT_1, {
      type: 'Exchange',
      reason: 'too-tight',
      size: 'xlr',
      position: 'Back',
    });
    await user.selectOptions(select(row, /^Return Type/), 'Refund');
    expect(within(row).queryByRole('combobox', { name: /^New Size/ })).toBeNull();
    await user.selectOptions(select(row, /^Return Type/), 'Exchange');
    expect((select(row, /^New Size/) as HTMLSelectElement).value).toBe('');
    expect((select(row, /^New Position/) as HTMLSelectElement).value).toBe('');

    await user.selectOptions(select(row, /^New Size/), 'xlr');
    await user.selectOptions(select(row, /^Return Type/), 'Keep');
    await user.selectOptions(select(row, /^Return Type/), 'Exchange');
    expect((select(row, /^New Size/) as HTMLSelectElement).value).toBe('');

    await user.selectOptions(select(row, /^New Size/), 'xlr');
    await user.click(screen.getByRole('checkbox', { name: UNIT_1 }));
    expect(within(row).queryByRole('combobox')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: UNIT_1 }));
    expect((select(row, /^Return Type/) as HTMLSelectElement).value).toBe('Keep');
    expect((select(row, /^Reason/) as HTMLSelectElement).value).toBe('');
  });

  it('after a return: no Exchange, the units kept last time, and the fee in the review', async () => {
    const api = fakeApi();
    const order = createOrder({
      status: 'return',
      returns: [
        createReturnRecord({
          products: [
            createReturnItem({
              itemId: 0,
              returnType: 'Refund',
              returnReason: 'too-long',
              selected: true,
            }),
            createReturnItem({ itemId: 1, returnType: 'Keep', productId: SHIRT }),
            createReturnItem({
              itemId: 2,
              returnType: 'Keep',
              design: 'sky-ridge',
              size: 'lgs',
              position: 'Back',
              productId: SHIRT,
            }),
          ],
        }),
      ],
    });
    const { user } = renderForm(order);
    expect(screen.getAllByRole('checkbox').map((b) => b.getAttribute('aria-label'))).toEqual([
      UNIT_2,
      UNIT_3,
    ]);
    const row = await choose(user, UNIT_3, { type: 'Refund', reason: 'too-short' });
    expect(optionTexts(select(row, /^Return Type/))).toEqual(['Keep', 'Refund']);
    await user.click(continueButton());
    const dialog = await screen.findByRole('dialog', { name: 'Review Your Return' });
    expect(figure('Sales Tax Refund', dialog)).toBe('$2.13');
    // The ground price from the shop's ZIP to the order's for the one unit sent back, as the server
    // quotes it when the return is submitted: 4500 + 213 - 620.
    await waitFor(() =>
      expect(figure('Return Shipping Fee', dialog)).toBe('-$6.20 deducted from your refund'),
    );
    expect(figure('Total Refund', dialog)).toBe('$40.93');
    const quoted = api.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/prices/'));
    expect(quoted).toEqual([
      `/api/usps/prices/${createConfiguration().companyZipCode}/${order.shipping.address.postal_code}?quantity=1`,
    ]);
  });

  it('a later return whose fee cannot be quoted names the fee without an amount', async () => {
    fakeApi({
      'POST /api/usps/prices/': () => ({
        status: 503,
        json: { code: 'unavailable', message: 'USPS is not answering.' },
      }),
    });
    const order = createOrder({
      returns: [createReturnRecord({ products: [createReturnItem({ itemId: 0 })] })],
    });
    const { user } = renderForm(order);
    await choose(user, UNIT_1, { type: 'Refund', reason: 'too-short' });
    await user.click(continueButton());
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(figure('Return Shipping Fee', dialog)).toBe(
        'Ground shipping price deducted from your refund',
      ),
    );
    expect(figure('Total Refund', dialog)).toBe('$47.14 before the return shipping fee');
  });
});

describe('Continue (spec 5)', () => {
  it('asks for at least one product', async () => {
    fakeApi();
    const { user } = renderForm();
    await user.click(continueButton());
    expect(formMessage().textContent).toBe('Choose at least one product');
    expect(formMessage().getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for a type and reason and highlights those rows', async () => {
    fakeApi();
    const { user } = renderForm();
    await choose(user, UNIT_1, {});
    await choose(user, UNIT_2, { type: 'Refund' });
    await choose(user, UNIT_3, { type: 'Refund', reason: 'too-loose' });
    await user.click(continueButton());
    expect(formMessage().textContent).toBe(
      'Choose a return type and reason for all selected products',
    );
    const [first, second, third] = [unitRow(UNIT_1), unitRow(UNIT_2), unitRow(UNIT_3)];
    expect(first.className).toContain('return-unit--invalid');
    expect(second.className).toContain('return-unit--invalid');
    expect(third.className).not.toContain('return-unit--invalid');
    expect(select(first, /^Return Type/).getAttribute('aria-invalid')).toBe('true');
    expect(select(first, /^Reason/).getAttribute('aria-invalid')).toBe('true');
    expect(select(second, /^Return Type/).getAttribute('aria-invalid')).toBeNull();
    expect(select(second, /^Reason/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();

    // The marks follow the corrections.
    await user.selectOptions(select(second, /^Reason/), 'too-long');
    expect(unitRow(UNIT_2).className).not.toContain('return-unit--invalid');
    expect(formMessage().textContent).toBe(
      'Choose a return type and reason for all selected products',
    );
  });

  it('asks for the new size and position of an exchange', async () => {
    fakeApi();
    const { user } = renderForm();
    await choose(user, UNIT_1, { type: 'Exchange', reason: 'too-tight', size: 'xlr' });
    await user.click(continueButton());
    expect(formMessage().textContent).toBe(
      'Choose a new size and position for all selected products to be exchanged.',
    );
    const row = unitRow(UNIT_1);
    expect(row.className).toContain('return-unit--invalid');
    expect(select(row, /^New Position/).getAttribute('aria-invalid')).toBe('true');
    expect(select(row, /^New Size/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** One refund (unit 1) and one exchange (unit 3 to XL - Regular, Front), unit 2 kept. */
async function fillAndReview(user: ReturnType<typeof userEvent.setup>) {
  await choose(user, UNIT_1, { type: 'Refund', reason: 'too-long' });
  await choose(user, UNIT_3, {
    type: 'Exchange',
    reason: 'too-tight',
    size: 'xlr',
    position: 'Front',
  });
  await user.click(continueButton());
  return screen.findByRole('dialog', { name: 'Review Your Return' });
}

const sent: ReturnItem[] = [
  {
    itemId: 0,
    returnType: 'Refund',
    returnReason: 'too-long',
    sizeExchange: '',
    positionExchange: '',
    selected: true,
    design: 'alaska',
    position: 'Front',
    productCost: 4500,
    size: 'mdr',
    productId: SHIRT,
  },
  {
    itemId: 1,
    returnType: 'Keep',
    returnReason: '',
    sizeExchange: '',
    positionExchange: '',
    selected: false,
    design: 'alaska',
    position: 'Front',
    productCost: 4500,
    size: 'mdr',
    productId: SHIRT,
  },
  {
    itemId: 2,
    returnType: 'Exchange',
    returnReason: 'too-tight',
    sizeExchange: 'xlr',
    positionExchange: 'Front',
    selected: true,
    design: 'sky-ridge',
    position: 'Back',
    productCost: 4500,
    size: 'lgs',
    productId: SHIRT,
  },
];

describe('review and Submit Return (spec 2 and 7)', () => {
  it('lists each unit sent back, the sales tax refund and the total, without a fee the first time', async () => {
    fakeApi();
    const { user } = renderForm();
    const dialog = await fillAndReview(user);
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [refund, exchange] = items as [HTMLElement, HTMLElement];
    expect(within(refund).getByRole('heading').textContent).toBe('Alaska (unit 1)');
    expect(figure('Return Type', refund)).toBe('Refund');
    expect(figure('Original Size', refund)).toBe('MD - Regular');
    expect(figure('Original Position', refund)).toBe('Front');
    expect(figure('Refund Amount', refund)).toBe('$45.00');
    expect(figure('Exchange Size', refund)).toBeNull();
    expect(within(exchange).getByRole('heading').textContent).toBe('Sky Ridge (unit 3)');
    expect(figure('Return Type', exchange)).toBe('Exchange');
    expect(figure('Original Size', exchange)).toBe('LG - Short');
    expect(figure('Original Position', exchange)).toBe('Back');
    expect(figure('Exchange Size', exchange)).toBe('XL - Regular');
    expect(figure('Exchange Position', exchange)).toBe('Front');
    expect(figure('Refund Amount', exchange)).toBeNull();
    expect(figure('Sales Tax Refund', dialog)).toBe('$2.14');
    expect(figure('Return Shipping Fee', dialog)).toBeNull();
    expect(figure('Total Refund', dialog)).toBe('$47.14');
    expect(within(dialog).getByRole('button', { name: 'Submit Return' })).toBeTruthy();
  });

  it("a guest's return: every unit of the form with the lookup's email, then the confirmation", async () => {
    const answer = createOrder({ status: 'return' });
    const api = fakeApi({ 'POST /api/orders/return': () => ({ json: answer }) });
    const { user, order } = renderForm(createOrder(), 'Riley@Example.com');
    const dialog = await fillAndReview(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Return' }));
    expect(await screen.findByText('Landed on /return/confirmation')).toBeTruthy();
    const [call] = callsTo(api, 'POST', '/api/orders/return');
    expect(call!.body).toEqual({
      order: { orderNumber: order.orderNumber, email: 'Riley@Example.com' },
      products: sent,
      orderProductCount: 3,
    });
    expect(call!.headers.get('authorization')).toBeNull();
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({
      order: answer,
      email: 'Riley@Example.com',
    });
  });

  it('a signed-in shopper sends the bearer token, and sees Back to Orders', async () => {
    signIn();
    const answer = createOrder({ status: 'return' });
    const api = fakeApi({
      'POST /api/orders/return': () => ({ json: answer }),
      'GET /api/customers/': () => ({
        json: {
          id: 'cus_1',
          sub: 'usr_riley',
          name: 'Riley Shore',
          email: 'riley@example.com',
          email_verified: true,
          roles: [],
        },
      }),
    });
    const { user, order, client } = renderForm(createOrder(), null);
    // The account's order history, cached from /account: read again after the return.
    client.setQueryData(['account', 'orders', 'usr_riley'], { pages: [], pageParams: [] });
    expect(screen.getByRole('link', { name: 'Back to Orders' }).getAttribute('href')).toBe(
      '/account',
    );
    const dialog = await fillAndReview(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Return' }));
    expect(await screen.findByText('Landed on /return/confirmation')).toBeTruthy();
    const [call] = callsTo(api, 'POST', '/api/orders/return');
    expect(call!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(call!.body).toEqual({
      order: { orderNumber: order.orderNumber },
      products: sent,
      orderProductCount: 3,
    });
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({ order: answer });
    expect(client.getQueryState(['account', 'orders', 'usr_riley'])?.isInvalidated).toBe(true);
    // Spec 6: the customer record is refreshed after a return, with the token.
    await waitFor(() => expect(callsTo(api, 'GET', '/api/customers/')).toHaveLength(1));
    const [refresh] = callsTo(api, 'GET', '/api/customers/');
    expect(refresh!.url).toBe('/api/customers/usr_riley');
    expect(refresh!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('a guest sees no Back to Orders', () => {
    fakeApi();
    renderForm();
    expect(screen.queryByRole('link', { name: 'Back to Orders' })).toBeNull();
  });

  it('sends once however often Submit Return is pressed, and says it is busy', async () => {
    const held = deferred<Answer>();
    const api = fakeApi({ 'POST /api/orders/return': () => held.promise });
    const { user } = renderForm();
    const dialog = await fillAndReview(user);
    const submit = within(dialog).getByRole('button', { name: 'Submit Return' });
    act(() => {
      submit.click();
      submit.click();
      submit.click();
    });
    const busy = await within(dialog).findByRole('button', { name: 'Submitting…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(callsTo(api, 'POST', '/api/orders/return')).toHaveLength(1);
    held.resolve({ json: createOrder({ status: 'return' }) });
    expect(await screen.findByText('Landed on /return/confirmation')).toBeTruthy();
    expect(callsTo(api, 'POST', '/api/orders/return')).toHaveLength(1);
  });

  it("a refusal is an error toast with the server's message; the review stays and can try again", async () => {
    let calls = 0;
    const api = fakeApi({
      'POST /api/orders/return': () =>
        ++calls === 1
          ? {
              status: 422,
              json: { code: 'invalid_return', message: 'That size is no longer in stock.' },
            }
          : { json: createOrder({ status: 'return' }) },
    });
    const { user } = renderForm();
    const dialog = await fillAndReview(user);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Return' }));
    await waitFor(() => expect(errorToasts()).toEqual(['That size is no longer in stock.']));
    expect(screen.getByRole('dialog', { name: 'Review Your Return' })).toBeTruthy();
    expect(screen.queryByText(/Landed on/)).toBeNull();
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit Return' }),
    );
    expect(await screen.findByText('Landed on /return/confirmation')).toBeTruthy();
    expect(callsTo(api, 'POST', '/api/orders/return')).toHaveLength(2);
  });
});
