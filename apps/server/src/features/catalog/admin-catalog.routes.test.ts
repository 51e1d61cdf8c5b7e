import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIZE_CODES } from '@sunward/core/sizes';
import { DESIGN_NAMES } from '@sunward/core/designs';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { consoleAs, operatorActions } from './admin-catalog.factories.ts';
import { cartLine, readyCheckout, startCheckout } from '../checkout/checkout.factories.ts';
import { takeStock } from './catalog.repository.ts';
import type { ConsoleCatalog, ConsoleSize } from './admin-catalog.service.ts';

const SIZE_URL = `/api/admin/catalog/products/${SHIRT_PRODUCT_ID}/sizes`;
const PRICE_URL = `/api/admin/catalog/products/${SHIRT_PRODUCT_ID}/price`;

describe.each(DATABASE_KINDS)('the console catalogue on %s', (kind) => {
  let t: TestApp;
  let as: Awaited<ReturnType<typeof consoleAs>>;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(kind);
    as = await consoleAs(t);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await db().updateTable('inventory').set({ stock: null, out_of_stock: 0, version: 0 }).execute();
    await db().updateTable('designs').set({ active: 1 }).execute();
    await db().deleteFrom('stock_reservations').execute();
    await db().deleteFrom('operator_actions').execute();
  });

  const catalog = async () => {
    const res = await t.request('GET', '/api/admin/catalog', undefined, as.operator);
    expect(res.status).toBe(200);
    return res.body as ConsoleCatalog;
  };
  const sizeOf = async (size: string) =>
    (await catalog()).products[0]!.sizes.find((s) => s.size === size)!;
  const patchSize = (size: string, body: object, headers = as.operator) =>
    t.request('PATCH', `${SIZE_URL}/${size}`, body, headers);
  const storefrontSize = async (size: string) => {
    const res = await t.request('GET', `/api/inventory/${SHIRT_PRODUCT_ID}`);
    return (res.body as { sizes: Record<string, { outOfStock: boolean }> }).sizes[size]!;
  };

  it('answers 401 without a token and 403 to a customer on every route, changing nothing', async () => {
    const calls: [string, string, object?][] = [
      ['GET', '/api/admin/catalog'],
      ['PATCH', `${SIZE_URL}/xlr`, { version: 0, outOfStock: true }],
      ['PATCH', PRICE_URL, { expectedPriceId: SHIRT_PRICE_ID, unitAmount: 100 }],
      ['PATCH', '/api/admin/catalog/designs/alaska', { active: false }],
    ];
    for (const [method, url, body] of calls) {
      const anonymous = await t.request(method, url, body);
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      const customer = await t.request(method, url, body, as.customer);
      expect(customer.status, `${method} ${url}`).toBe(403);
      expect(customer.body).toMatchObject({ code: 'forbidden' });
    }
    const c = await catalog();
    expect(c.products[0]!.price).toEqual({ id: SHIRT_PRICE_ID, unitAmount: 4500 });
    expect(c.products[0]!.sizes.find((s) => s.size === 'xlr')).toMatchObject({
      outOfStock: false,
      version: 0,
    });
    expect(c.designs.every((d) => d.active)).toBe(true);
    expect(await operatorActions(t)).toEqual([]);
  });

  it('lists every design and each size with its count, switch and the holds of live checkouts', async () => {
    await db().updateTable('designs').set({ active: 0 }).where('name', '=', 'key-west').execute();
    await db()
      .updateTable('inventory')
      .set({ stock: 7 })
      .where('size', 'in', ['mdr', 'lgr'])
      .execute();
    const soon = new Date(Date.now() + 60_000).toISOString();
    const gone = new Date(Date.now() - 60_000).toISOString();
    for (let i = 0; i < 3; i++) await startCheckout(t);
    const [a, b, c] = (await db().selectFrom('checkouts').select('id').limit(3).execute()).map(
      (row) => row.id,
    );
    const hold = (checkout_id: string, size: string, quantity: number, expires_at: string) => ({
      checkout_id,
      product_id: SHIRT_PRODUCT_ID,
      size,
      quantity,
      expires_at,
    });
    await db()
      .insertInto('stock_reservations')
      .values([hold(a!, 'mdr', 2, soon), hold(b!, 'mdr', 3, soon), hold(c!, 'lgr', 4, gone)])
      .execute();

    const listed = await catalog();
    expect(listed.designs.map((d) => d.designName)).toEqual([...DESIGN_NAMES]);
    expect(listed.designs.find((d) => d.designName === 'key-west')).toMatchObject({
      designTitle: 'Key West',
      active: false,
    });
    const [shirt] = listed.products;
    expect(shirt).toMatchObject({
      id: SHIRT_PRODUCT_ID,
      active: true,
      price: { id: SHIRT_PRICE_ID, unitAmount: 4500 },
    });
    expect(shirt!.sizes.map((s) => s.size)).toEqual([...SIZE_CODES]);
    expect(shirt!.sizes.find((s) => s.size === 'mdr')).toEqual({
      size: 'mdr',
      label: 'MD - Regular',
      stock: 7,
      outOfStock: false,
      reserved: 5,
      available: 2,
      shownOutOfStock: false,
      version: 0,
    });
    // An expired hold holds nothing.
    expect(shirt!.sizes.find((s) => s.size === 'lgr')).toMatchObject({ reserved: 0, available: 7 });
    expect(shirt!.sizes.find((s) => s.size === 'xss')).toMatchObject({
      stock: null,
      available: null,
      reserved: 0,
    });
  });

  it('sets a count and the switch, records both values, and the storefront follows at once', async () => {
    // The storefront's answer is cached before the change.
    expect(await storefrontSize('xlr')).toEqual({ outOfStock: false });
    expect(t.app.catalogCache.peek(`inventory:${SHIRT_PRODUCT_ID}`)).toBeDefined();

    const counted = await patchSize('xlr', { version: 0, stock: 0 });
    expect(counted.status).toBe(200);
    expect(counted.body).toMatchObject({
      stock: 0,
      outOfStock: false,
      shownOutOfStock: true,
      version: 1,
    });
    expect(await storefrontSize('xlr')).toEqual({ outOfStock: true });

    const restocked = await patchSize('xlr', { version: 1, stock: 12 });
    expect(restocked.body).toMatchObject({ stock: 12, shownOutOfStock: false, version: 2 });
    expect(await storefrontSize('xlr')).toEqual({ outOfStock: false });

    const switched = await patchSize('xlr', { version: 2, outOfStock: true });
    expect(switched.body).toMatchObject({
      stock: 12,
      outOfStock: true,
      shownOutOfStock: true,
      version: 3,
    });
    expect(await storefrontSize('xlr')).toEqual({ outOfStock: true });
    // A bag with the size is refused at checkout.
    const refused = await t.request('POST', '/api/orders/create-pi-guest', {
      cart: [cartLine({ size: 'xlr' })],
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: 'Size XL - Regular is out of stock. Please choose another size.',
    });

    const uncounted = await patchSize('xlr', { version: 3, stock: null, outOfStock: false });
    expect(uncounted.body).toMatchObject({ stock: null, outOfStock: false, version: 4 });
    expect(await storefrontSize('xlr')).toEqual({ outOfStock: false });

    const actions = await operatorActions(t, 'stock.update');
    expect(actions.map((a) => JSON.parse(a.detail) as unknown)).toEqual([
      {
        size: 'xlr',
        from: { stock: null, outOfStock: false },
        to: { stock: 0, outOfStock: false },
      },
      { size: 'xlr', from: { stock: 0, outOfStock: false }, to: { stock: 12, outOfStock: false } },
      { size: 'xlr', from: { stock: 12, outOfStock: false }, to: { stock: 12, outOfStock: true } },
      {
        size: 'xlr',
        from: { stock: 12, outOfStock: true },
        to: { stock: null, outOfStock: false },
      },
    ]);
    expect(actions[0]).toMatchObject({
      operator_email: as.operatorEmail,
      target_type: 'product',
      target_id: SHIRT_PRODUCT_ID,
    });
  });

  it('refuses a stale edit with 409 and the current values, after another operator or a sale', async () => {
    await patchSize('smr', { version: 0, stock: 10 });
    const stale = await patchSize('smr', { version: 0, stock: 20 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'stock_changed',
      message: expect.stringContaining('now 10 in stock') as unknown,
      current: { size: 'smr', stock: 10, version: 1 },
    });

    // A sale takes one: an edit made from what the operator saw before it would undo the sale.
    await db()
      .transaction()
      .execute((trx) =>
        takeStock(
          trx,
          { productId: SHIRT_PRODUCT_ID, size: 'smr', quantity: 1 },
          new Date().toISOString(),
        ),
      );
    const afterSale = await patchSize('smr', { version: 1, stock: 25 });
    expect(afterSale.status).toBe(409);
    expect((afterSale.body as { current: ConsoleSize }).current).toMatchObject({
      stock: 9,
      version: 2,
    });
    expect((await sizeOf('smr')).stock).toBe(9);
    expect(await operatorActions(t, 'stock.update')).toHaveLength(1);

    // From the current version it goes through.
    expect((await patchSize('smr', { version: 2, stock: 19 })).status).toBe(200);
    // A sale of an uncounted size changes nothing, so it does not make an edit stale.
    await db()
      .transaction()
      .execute((trx) =>
        takeStock(
          trx,
          { productId: SHIRT_PRODUCT_ID, size: 'sms', quantity: 1 },
          new Date().toISOString(),
        ),
      );
    expect((await patchSize('sms', { version: 0, outOfStock: true })).status).toBe(200);
  });

  it('makes one change of many identical requests at once, each answered with the result', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => patchSize('lgs', { version: 0, stock: 4, outOfStock: true })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    for (const a of answers)
      expect(a.body).toMatchObject({ stock: 4, outOfStock: true, version: 1 });
    expect(await operatorActions(t, 'stock.update')).toHaveLength(1);
  });

  it.each([
    [
      { version: 0, stock: -1 },
      422,
      'invalid_stock',
      'Stock must be a whole number from 0 to 100,000',
    ],
    [{ version: 0, stock: 1.5 }, 422, 'invalid_stock', 'Stock must be a whole number'],
    [{ version: 0, stock: 100_001 }, 422, 'invalid_stock', 'Stock must be a whole number'],
    [{ version: 0 }, 400, 'invalid_request', 'Give a stock count or the out-of-stock switch.'],
    [{ version: 0, stock: '5' }, 400, 'invalid_request', ''],
    [{ stock: 5 }, 400, 'invalid_request', ''],
    [{ version: 0, stock: 5, price: 1 }, 400, 'invalid_request', ''],
  ])('refuses %j with %i %s and changes nothing', async (body, status, code, message) => {
    const res = await patchSize('mds', body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code, message: expect.stringContaining(message) as unknown });
    expect(await sizeOf('mds')).toMatchObject({ stock: null, outOfStock: false, version: 0 });
    expect(await operatorActions(t)).toEqual([]);
  });

  it('answers 404 for an unknown product and 400 for a size that is not one', async () => {
    const unknown = await t.request('PATCH', '/api/admin/catalog/products/prod_nope/sizes/mdr', {
      version: 0,
      stock: 1,
    });
    expect(unknown.status).toBe(401);
    const product = await t.request(
      'PATCH',
      '/api/admin/catalog/products/prod_nope/sizes/mdr',
      { version: 0, stock: 1 },
      as.operator,
    );
    expect(product.status).toBe(404);
    expect((await patchSize('xxxl', { version: 0, stock: 1 })).status).toBe(400);
  });

  it('takes a design off sale and puts it back; the storefront and checkout follow at once', async () => {
    const designs = async () =>
      ((await t.request('GET', '/api/designs')).body as { designName: string }[]).map(
        (d) => d.designName,
      );
    expect(await designs()).toContain('sunset-cove');
    const off = await t.request(
      'PATCH',
      '/api/admin/catalog/designs/sunset-cove',
      { active: false },
      as.operator,
    );
    expect(off.status).toBe(200);
    expect(off.body).toEqual({
      designName: 'sunset-cove',
      designTitle: 'Sunset Cove',
      active: false,
      sortOrder: 9,
    });
    expect(await designs()).not.toContain('sunset-cove');
    const refused = await t.request('POST', '/api/orders/create-pi-guest', {
      cart: [cartLine({ design: 'sunset-cove' })],
    });
    expect(refused.status).toBe(422);

    const on = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request('PATCH', '/api/admin/catalog/designs/sunset-cove', { active: true }, as.operator),
      ),
    );
    expect(on.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(await designs()).toContain('sunset-cove');
    const actions = await operatorActions(t);
    expect(actions.map((a) => [a.action, a.target_id])).toEqual([
      ['design.deactivate', 'sunset-cove'],
      ['design.activate', 'sunset-cove'],
    ]);
    const missing = await t.request(
      'PATCH',
      '/api/admin/catalog/designs/moon-base',
      { active: true },
      as.operator,
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      code: 'not_found',
      message: 'No design called "moon-base".',
    });
  });

  describe('the price', () => {
    // Each test leaves the seeded price in place for the next.
    const restore = async () => {
      await db().deleteFrom('prices').where('id', '!=', SHIRT_PRICE_ID).execute();
      await db().updateTable('prices').set({ active: 1 }).execute();
      await db().updateTable('products').set({ default_price_id: SHIRT_PRICE_ID }).execute();
      t.app.catalogCache.invalidate();
    };
    beforeEach(restore);
    afterAll(restore);

    const storefrontPrice = async () => {
      const [product] = (await t.request('GET', '/api/products')).body as {
        default_price: string;
        prices: { id: string; unit_amount: number }[];
      }[];
      return product!;
    };

    it('makes a new price the default, keeps the old one inactive, and the storefront follows', async () => {
      expect((await storefrontPrice()).prices).toEqual([
        { id: SHIRT_PRICE_ID, unit_amount: 4500, currency: 'usd' },
      ]);
      const res = await t.request(
        'PATCH',
        PRICE_URL,
        { expectedPriceId: SHIRT_PRICE_ID, unitAmount: 4995 },
        as.operator,
      );
      expect(res.status).toBe(200);
      const { priceId } = res.body as { priceId: string };
      expect(res.body).toEqual({ productId: SHIRT_PRODUCT_ID, priceId, unitAmount: 4995 });
      expect(priceId).not.toBe(SHIRT_PRICE_ID);

      const product = await storefrontPrice();
      expect(product.default_price).toBe(priceId);
      expect(product.prices).toEqual([{ id: priceId, unit_amount: 4995, currency: 'usd' }]);
      const rows = await db()
        .selectFrom('prices')
        .select(['id', 'unit_amount', 'active'])
        .orderBy('created_at')
        .execute();
      expect(rows).toEqual([
        { id: SHIRT_PRICE_ID, unit_amount: 4500, active: 0 },
        { id: priceId, unit_amount: 4995, active: 1 },
      ]);
      expect((await catalog()).products[0]!.price).toEqual({ id: priceId, unitAmount: 4995 });
      const [action] = await operatorActions(t, 'price.change');
      expect(JSON.parse(action!.detail)).toEqual({
        from: { priceId: SHIRT_PRICE_ID, unitAmount: 4500 },
        to: { priceId, unitAmount: 4995 },
      });
      // A bag priced now pays the new price.
      const started = await startCheckout(t, [cartLine({ quantity: 2 })]);
      expect(started.subtotal).toBe(9990);
    });

    it('refuses a change made from a price that has since changed, with the current one', async () => {
      const first = await t.request(
        'PATCH',
        PRICE_URL,
        { expectedPriceId: SHIRT_PRICE_ID, unitAmount: 5000 },
        as.operator,
      );
      const stale = await t.request(
        'PATCH',
        PRICE_URL,
        { expectedPriceId: SHIRT_PRICE_ID, unitAmount: 5500 },
        as.operator,
      );
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({
        code: 'price_changed',
        message:
          'The price changed while you were editing it (now $50.00). Check it and save again.',
        current: first.body as object,
      });
      expect((await storefrontPrice()).prices).toHaveLength(1);
      expect((await storefrontPrice()).prices[0]!.unit_amount).toBe(5000);
    });

    it('makes one new price of many identical requests at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.request(
            'PATCH',
            PRICE_URL,
            { expectedPriceId: SHIRT_PRICE_ID, unitAmount: 3900 },
            as.operator,
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((a) => (a.body as { priceId: string }).priceId)).size).toBe(1);
      expect(await db().selectFrom('prices').select('id').execute()).toHaveLength(2);
      expect(await operatorActions(t, 'price.change')).toHaveLength(1);
    });

    it.each([
      [{ expectedPriceId: SHIRT_PRICE_ID, unitAmount: 99 }, 422],
      [{ expectedPriceId: SHIRT_PRICE_ID, unitAmount: 100_001 }, 422],
      [{ expectedPriceId: SHIRT_PRICE_ID, unitAmount: 45.5 }, 422],
      [{ expectedPriceId: SHIRT_PRICE_ID, unitAmount: '45.00' }, 400],
      [{ unitAmount: 4000 }, 400],
    ])('refuses %j with %i and changes nothing', async (body, status) => {
      const res = await t.request('PATCH', PRICE_URL, body, as.operator);
      expect(res.status).toBe(status);
      if (status === 422) {
        expect(res.body).toMatchObject({
          code: 'invalid_price',
          message: 'The price must be a dollar amount from $1.00 to $1,000.00.',
        });
      }
      expect(await db().selectFrom('prices').select('id').execute()).toHaveLength(1);
      expect(await operatorActions(t)).toEqual([]);
    });

    it('never charges a checkout priced before the change more or less than the page showed', async () => {
      const shown = await readyCheckout(t, { cart: [cartLine({ quantity: 2 })] });
      expect(shown.totals.subtotal).toBe(9000);
      await t.request(
        'PATCH',
        PRICE_URL,
        { expectedPriceId: SHIRT_PRICE_ID, unitAmount: 5000 },
        as.operator,
      );

      // Place Order with the total the page shows: refused, nothing charged.
      const { confirmBody } = await import('../checkout/checkout.factories.ts');
      const refused = await t.request(
        'POST',
        '/api/orders/confirm-pi',
        await confirmBody(t, shown),
      );
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'total_changed' });
      const intent = await db()
        .selectFrom('sandbox_payment_intents')
        .select(['status', 'amount'])
        .where('id', '=', shown.paymentIntentId)
        .executeTakeFirstOrThrow();
      expect(intent.status).not.toBe('succeeded');

      // The page prices again (update-pi) and shows the new total; that total is what is charged.
      const repriced = await t.request('POST', '/api/orders/update-pi', {
        paymentIntentId: shown.paymentIntentId,
        clientSecret: shown.clientSecret,
        shippingOption: 'ground',
        address: {
          line1: '600 S Tryon St',
          line2: '',
          city: 'Charlotte',
          state: 'NC',
          postal_code: '28202',
        },
        name: 'Jamie Rivera',
        email: 'jamie@example.com',
      });
      expect(repriced.status).toBe(200);
      const totals = repriced.body as { subtotal: number; total: number };
      expect(totals.subtotal).toBe(10_000);
      const paid = await t.request('POST', '/api/orders/confirm-pi', await confirmBody(t, shown));
      expect(paid.status).toBe(200);
      const charged = await db()
        .selectFrom('sandbox_payment_intents')
        .select(['status', 'amount'])
        .where('id', '=', shown.paymentIntentId)
        .executeTakeFirstOrThrow();
      expect(charged).toEqual({ status: 'succeeded', amount: totals.total });
    });
  });
});
