import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SIZES } from '@sunward/core/sizes';
import { DESIGNS } from '@sunward/core/designs';
import { SHIRT_FACTS } from '@sunward/core/product-facts';
import { SPEC_SIZE_GUIDE } from '@sunward/core/size-guide';
import { callsTo, deferred, fakeApi, type Answer } from '@/test/fake-api.ts';
import { renderConsolePage, signInAs } from '@/test/console.tsx';
import type { ConsoleCatalog, ConsoleSize } from '@sunward/core/console-catalog';
import { CatalogView } from './catalog-view.tsx';

const PRODUCT = 'prod_shirt';
const SIZE_URL = `/api/admin/catalog/products/${PRODUCT}/sizes`;

const size = (overrides: Partial<ConsoleSize> & Pick<ConsoleSize, 'size'>): ConsoleSize => ({
  label: SIZES.find((s) => s.code === overrides.size)!.label,
  stock: null,
  outOfStock: false,
  reserved: 0,
  available: null,
  shownOutOfStock: false,
  version: 0,
  ...overrides,
});

function catalog(): ConsoleCatalog {
  return {
    products: [
      {
        id: PRODUCT,
        name: 'UPF 50+ Graphic Sun Shirt',
        active: true,
        price: { id: 'price_4500', unitAmount: 4500 },
        sizes: SIZES.map((s) =>
          s.code === 'mdr'
            ? size({ size: 'mdr', stock: 7, reserved: 2, available: 5, version: 3 })
            : size({ size: s.code }),
        ),
        facts: { facts: { ...SHIRT_FACTS }, version: 2 },
        sizeGuide: SPEC_SIZE_GUIDE.map((m) => ({
          ...m,
          label: SIZES.find((s) => s.code === m.size)!.label,
          version: 0,
        })),
      },
    ],
    designs: DESIGNS.map((d, i) => ({
      ...d,
      active: d.designName !== 'key-west',
      sortOrder: i + 1,
    })),
  };
}

function render(routes: Parameters<typeof fakeApi>[0] = {}) {
  const spy = fakeApi({
    'GET /api/admin/catalog': () => ({ json: catalog() }),
    'GET /api/admin/back-in-stock': () => ({ json: { waiting: [] } }),
    ...routes,
  });
  renderConsolePage(<CatalogView />, { route: '/admin/catalog' });
  return spy;
}

/** The stacked or table row of a size: the one holding its stock field. */
const rowOf = async (label: string) =>
  (await screen.findByLabelText(`Stock of ${label}`)).closest('tr')!;

describe('CatalogView', () => {
  beforeEach(() => signInAs());

  it('lists the shoppers waiting per design and size as the server sorts them', async () => {
    const wait = (designName: string, designTitle: string, s: 'xxlr' | 'sms', waiting: number) => ({
      designName,
      designTitle,
      productId: PRODUCT,
      size: s,
      label: SIZES.find((x) => x.code === s)!.label,
      waiting,
    });
    render({
      'GET /api/admin/back-in-stock': () => ({
        json: {
          waiting: [wait('key-west', 'Key West', 'xxlr', 4), wait('alaska', 'Alaska', 'sms', 1)],
        },
      }),
    });
    const table = await screen.findByRole(
      'table',
      { name: 'Shoppers waiting per design and size' },
      { timeout: 5000 },
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Key WestXXL - Regular4', 'AlaskaSM - Short1']);
    expect(screen.getByText(/5 requests to hear when a size is back/)).toBeTruthy();
  });

  it('saves a size’s measurements from its version and refuses a measurement out of bounds', async () => {
    const url = `/api/admin/catalog/products/${PRODUCT}/size-guide/xxlr`;
    const spy = render({
      [`PATCH ${url}`]: () => ({
        json: {
          size: 'xxlr',
          label: 'XXL - Regular',
          width: 25.5,
          length: 31,
          sleeve: 9,
          version: 1,
        },
      }),
    });
    const width = await screen.findByLabelText('Width of XXL - Regular (inches)');
    const sleeve = screen.getByLabelText('Sleeve of XXL - Regular (inches)');
    expect(width).toHaveProperty('value', '16');
    const save = screen.getByRole('button', { name: 'Save measurements of XXL - Regular' });
    // Out of bounds: the message names the size and the measurement; nothing is sent.
    await userEvent.clear(sleeve);
    await userEvent.type(sleeve, '90');
    await userEvent.click(save);
    expect(
      await screen.findByText(
        'XXL - Regular sleeve must be from 4 to 40 inches, in quarter inches (16, 16.25, 16.5).',
      ),
    ).toBeTruthy();
    expect(sleeve.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(spy, 'PATCH', url)).toEqual([]);
    await userEvent.clear(sleeve);
    await userEvent.type(sleeve, '9');
    await userEvent.clear(width);
    await userEvent.type(width, '25.5');
    const length = screen.getByLabelText('Length of XXL - Regular (inches)');
    await userEvent.clear(length);
    await userEvent.type(length, '31');
    await userEvent.click(save);
    expect(
      await screen.findByText('Saved: XXL - Regular width 25.5, length 31, sleeve 9 in.'),
    ).toBeTruthy();
    expect(callsTo(spy, 'PATCH', url).map((c) => c.body)).toEqual([
      { version: 0, width: 25.5, length: 31, sleeve: 9 },
    ]);
  });

  it('marks the measurement the server refuses', async () => {
    const url = `/api/admin/catalog/products/${PRODUCT}/size-guide/xxlr`;
    const refusal = 'XXL - Regular width must be from 10 to 40 inches, in quarter inches.';
    render({
      [`PATCH ${url}`]: () => ({
        status: 422,
        json: { code: 'invalid_measurements', message: refusal, fields: { width: refusal } },
      }),
    });
    const width = await screen.findByLabelText('Width of XXL - Regular (inches)');
    await userEvent.click(
      screen.getByRole('button', { name: 'Save measurements of XXL - Regular' }),
    );
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(width.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByLabelText('Sleeve of XXL - Regular (inches)').getAttribute('aria-invalid'),
    ).toBeNull();
  });

  it('says when nobody is waiting', async () => {
    render();
    expect(await screen.findByText('No shopper is waiting for a size to come back.')).toBeTruthy();
  });

  it('shows the price, each size with its count, holds and switch, and every design', async () => {
    render();
    expect(await screen.findByLabelText('Price (dollars)')).toHaveProperty('value', '45.00');
    const md = await rowOf('MD - Regular');
    expect(within(md).getByLabelText('Stock of MD - Regular')).toHaveProperty('value', '7');
    expect(within(md).getByText('2')).toBeTruthy();
    expect(within(md).getByText('5')).toBeTruthy();
    const xs = await rowOf('XS - Short');
    expect(within(xs).getAllByText('Not counted')).toHaveLength(1);
    expect(screen.getByRole('switch', { name: 'Out of stock XS - Short' })).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.getByRole('switch', { name: 'On sale Key West' })).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.getByRole('switch', { name: 'On sale Alaska' })).toHaveProperty('checked', true);
    expect(screen.getByText('29 of 30 on sale.', { exact: false })).toBeTruthy();
  });

  it('saves a count from the version it was read at and shows the server’s answer', async () => {
    const answer = deferred<Answer>();
    const spy = render({ [`PATCH ${SIZE_URL}/mdr`]: () => answer.promise });
    const field = await screen.findByLabelText('Stock of MD - Regular');
    const save = within(await rowOf('MD - Regular')).getByRole('button', { name: /^Save/ });
    expect(save).toHaveProperty('disabled', true);
    await userEvent.clear(field);
    await userEvent.type(field, '12');
    await userEvent.click(save);
    // Disabled while the request runs: no double submits.
    expect(save).toHaveProperty('disabled', true);
    expect(save.textContent).toContain('Saving…');
    expect(callsTo(spy, 'PATCH', `${SIZE_URL}/mdr`).map((c) => c.body)).toEqual([
      { version: 3, stock: 12 },
    ]);
    answer.resolve({
      json: size({ size: 'mdr', stock: 12, reserved: 2, available: 10, version: 4 }),
    });
    expect(await screen.findByText('Saved: 12 in stock.')).toBeTruthy();
    expect(within(await rowOf('MD - Regular')).getByText('10')).toBeTruthy();
  });

  it('after a 409 shows the current values and saves again from them', async () => {
    let calls = 0;
    const spy = render({
      [`PATCH ${SIZE_URL}/mdr`]: () =>
        ++calls === 1
          ? {
              status: 409,
              json: {
                code: 'stock_changed',
                message:
                  'Size MD - Regular changed while you were editing it (now 6 in stock). Check the current values and save again.',
                current: size({ size: 'mdr', stock: 6, reserved: 2, available: 4, version: 4 }),
              },
            }
          : { json: size({ size: 'mdr', stock: 20, reserved: 2, available: 18, version: 5 }) },
    });
    const field = await screen.findByLabelText('Stock of MD - Regular');
    await userEvent.clear(field);
    await userEvent.type(field, '20');
    await userEvent.click(
      within(await rowOf('MD - Regular')).getByRole('button', { name: /^Save/ }),
    );
    expect(
      await screen.findByText(/changed while you were editing it \(now 6 in stock\)/),
    ).toBeTruthy();
    // The row shows what the server has now; the field keeps what the operator typed.
    expect(within(await rowOf('MD - Regular')).getByText('4')).toBeTruthy();
    expect(field).toHaveProperty('value', '20');
    await userEvent.click(
      within(await rowOf('MD - Regular')).getByRole('button', { name: /^Save/ }),
    );
    expect(await screen.findByText('Saved: 20 in stock.')).toBeTruthy();
    expect(callsTo(spy, 'PATCH', `${SIZE_URL}/mdr`).map((c) => c.body)).toEqual([
      { version: 3, stock: 20 },
      { version: 4, stock: 20 },
    ]);
  });

  it('refuses a count that is not a number before sending, and stops counting on an empty field', async () => {
    const spy = render({
      [`PATCH ${SIZE_URL}/mdr`]: () => ({ json: size({ size: 'mdr', version: 4 }) }),
    });
    const field = await screen.findByLabelText('Stock of MD - Regular');
    const save = within(await rowOf('MD - Regular')).getByRole('button', { name: /^Save/ });
    await userEvent.clear(field);
    await userEvent.type(field, 'lots');
    await userEvent.click(save);
    expect(
      await screen.findByText(
        'Enter a whole number, or leave the field empty when the size is not counted.',
      ),
    ).toBeTruthy();
    expect(callsTo(spy, 'PATCH', SIZE_URL)).toEqual([]);
    await userEvent.clear(field);
    await userEvent.click(save);
    expect(await screen.findByText('Saved: not counted.')).toBeTruthy();
    expect(callsTo(spy, 'PATCH', SIZE_URL)[0]!.body).toEqual({ version: 3, stock: null });
  });

  it('moves the out-of-stock switch only when the server answers', async () => {
    const answer = deferred<Answer>();
    const spy = render({ [`PATCH ${SIZE_URL}/xlr`]: () => answer.promise });
    const toggle = await screen.findByRole('switch', { name: 'Out of stock XL - Regular' });
    await userEvent.click(toggle);
    expect(toggle).toHaveProperty('checked', false);
    expect(toggle).toHaveProperty('disabled', true);
    expect(callsTo(spy, 'PATCH', `${SIZE_URL}/xlr`)[0]!.body).toEqual({
      version: 0,
      outOfStock: true,
    });
    answer.resolve({
      json: size({ size: 'xlr', outOfStock: true, shownOutOfStock: true, version: 1 }),
    });
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    expect(await screen.findByText('Saved: out of stock.')).toBeTruthy();
    expect(
      within(toggle.closest('tr')!).getByText('Out of stock', { selector: '.stock-shown' }),
    ).toBeTruthy();
  });

  it('shows the server’s message when a switch is refused, and leaves it as it was', async () => {
    render({
      [`PATCH ${SIZE_URL}/xlr`]: () => ({
        status: 403,
        json: { code: 'forbidden', message: "This is for the shop's operators only." },
      }),
    });
    const toggle = await screen.findByRole('switch', { name: 'Out of stock XL - Regular' });
    await userEvent.click(toggle);
    expect(await screen.findByText("This is for the shop's operators only.")).toBeTruthy();
    expect(toggle).toHaveProperty('checked', false);
  });

  it('changes the price after a confirmation showing old and new, in cents on the wire', async () => {
    const spy = render({
      [`PATCH /api/admin/catalog/products/${PRODUCT}/price`]: () => ({
        json: { productId: PRODUCT, priceId: 'price_new', unitAmount: 4995 },
      }),
    });
    const field = await screen.findByLabelText('Price (dollars)');
    await userEvent.clear(field);
    await userEvent.type(field, '49.95');
    await userEvent.click(screen.getByRole('button', { name: 'Change price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the price?' });
    expect(dialog.textContent).toContain('$45.00 → $49.95');
    expect(callsTo(spy, 'PATCH', '/api/admin/catalog')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Change Price' }));
    expect(await screen.findByText('Saved: the price is now $49.95.')).toBeTruthy();
    expect(callsTo(spy, 'PATCH', '/api/admin/catalog')[0]!.body).toEqual({
      expectedPriceId: 'price_4500',
      unitAmount: 4995,
    });
    expect(screen.getByText('Shoppers pay $49.95 a shirt now.')).toBeTruthy();
  });

  it('shows the current price after a 409, and asks again from it', async () => {
    render({
      [`PATCH /api/admin/catalog/products/${PRODUCT}/price`]: () => ({
        status: 409,
        json: {
          code: 'price_changed',
          message:
            'The price changed while you were editing it (now $50.00). Check it and save again.',
          current: { productId: PRODUCT, priceId: 'price_5000', unitAmount: 5000 },
        },
      }),
    });
    const field = await screen.findByLabelText('Price (dollars)');
    await userEvent.clear(field);
    await userEvent.type(field, '39');
    await userEvent.click(screen.getByRole('button', { name: 'Change price' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, Change Price' }));
    expect(await screen.findByText(/The price changed while you were editing it/)).toBeTruthy();
    expect(screen.getByText('Shoppers pay $50.00 a shirt now.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Change price' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('$50.00 → $39.00');
  });

  it('refuses a price that is not dollars and cents without asking', async () => {
    const spy = render();
    const field = await screen.findByLabelText('Price (dollars)');
    await userEvent.clear(field);
    await userEvent.type(field, '45.999');
    await userEvent.click(screen.getByRole('button', { name: 'Change price' }));
    expect(await screen.findByText('Enter the price in dollars and cents, as 45.00.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(spy, 'PATCH', '/api/admin/catalog')).toEqual([]);
  });

  it('puts a design back on sale when the server says so', async () => {
    const spy = render({
      'PATCH /api/admin/catalog/designs/key-west': () => ({
        json: { designName: 'key-west', designTitle: 'Key West', active: true, sortOrder: 20 },
      }),
    });
    const toggle = await screen.findByRole('switch', { name: 'On sale Key West' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    expect(callsTo(spy, 'PATCH', '/api/admin/catalog/designs/key-west')[0]!.body).toEqual({
      active: true,
    });
    expect(await screen.findByText('Saved: on sale.')).toBeTruthy();
  });

  it('says so when the catalogue cannot be loaded, and tries again', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/admin/catalog': () =>
        ++calls === 1
          ? {
              status: 500,
              json: { code: 'internal', message: 'Something went wrong on our side.' },
            }
          : { json: catalog() },
    });
    renderConsolePage(<CatalogView />, { route: '/admin/catalog' });
    expect(await screen.findByText('The catalogue could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Something went wrong on our side.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Price (dollars)')).toBeTruthy();
  });

  describe('the product facts', () => {
    const FACTS_URL = `/api/admin/catalog/products/${PRODUCT}/facts`;

    it('saves every fact from the version it was read at and shows the server’s text', async () => {
      const spy = render({
        [`PATCH ${FACTS_URL}`]: () => ({
          json: {
            productId: PRODUCT,
            facts: { ...SHIRT_FACTS, care: 'Hang to dry.' },
            version: 3,
          },
        }),
      });
      const care = await screen.findByLabelText('Care');
      expect(care).toHaveProperty('value', SHIRT_FACTS.care);
      expect(screen.getByLabelText('Sun protection')).toHaveProperty('value', SHIRT_FACTS.upf);
      await userEvent.clear(care);
      await userEvent.type(care, 'Hang to dry.');
      await userEvent.click(screen.getByRole('button', { name: 'Save facts' }));
      expect(await screen.findByText('Saved: shoppers see these facts from now on.')).toBeTruthy();
      expect(callsTo(spy, 'PATCH', FACTS_URL).map((c) => c.body)).toEqual([
        { version: 2, facts: { ...SHIRT_FACTS, care: 'Hang to dry.' } },
      ]);
      expect(care).toHaveProperty('value', 'Hang to dry.');
    });

    it('marks the fact the server refused, with its message', async () => {
      render({
        [`PATCH ${FACTS_URL}`]: () => ({
          status: 422,
          json: {
            code: 'invalid_facts',
            message: 'Fabric must be 1 to 300 characters.',
            fields: { fabric: 'Fabric must be 1 to 300 characters.' },
          },
        }),
      });
      const fabric = await screen.findByLabelText('Fabric');
      await userEvent.clear(fabric);
      await userEvent.click(screen.getByRole('button', { name: 'Save facts' }));
      await waitFor(() => expect(fabric.getAttribute('aria-invalid')).toBe('true'));
      expect(fabric.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(fabric.getAttribute('aria-describedby')!)?.textContent).toBe(
        'Fabric must be 1 to 300 characters.',
      );
    });

    it('after a 409 shows the current facts and saves again from their version', async () => {
      let calls = 0;
      const current = { ...SHIRT_FACTS, fit: 'Relaxed fit.' };
      const spy = render({
        [`PATCH ${FACTS_URL}`]: () =>
          ++calls === 1
            ? {
                status: 409,
                json: {
                  code: 'facts_changed',
                  message:
                    'The product facts changed while you were editing them. Check the current text and save again.',
                  current: { productId: PRODUCT, facts: current, version: 5 },
                },
              }
            : { json: { productId: PRODUCT, facts: current, version: 6 } },
      });
      const fit = await screen.findByLabelText('Fit');
      await userEvent.type(fit, ' More.');
      await userEvent.click(screen.getByRole('button', { name: 'Save facts' }));
      expect(await screen.findByText(/changed while you were editing them/)).toBeTruthy();
      await waitFor(() => expect(fit).toHaveProperty('value', 'Relaxed fit.'));
      await userEvent.click(screen.getByRole('button', { name: 'Save facts' }));
      await waitFor(() => expect(calls).toBe(2));
      expect(callsTo(spy, 'PATCH', FACTS_URL)[1]!.body).toEqual({ version: 5, facts: current });
    });
  });
});
