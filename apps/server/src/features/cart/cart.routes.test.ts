/**
 * The spec's cart calls over real HTTP on every test database: each route's answer, the line checks
 * (422, nothing changed), the merge and the cap, the compare-and-set, the quantity call, and that a
 * customer never reaches another's cart (403/404) while an anonymous caller gets 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type CartLine } from '@sunward/core/cart';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRICE_CENTS, SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { cartClient, cartLine, type CartClient } from './cart.factories.ts';
import type { Cart } from './cart.service.ts';

describe.each(DATABASE_KINDS)('server cart calls (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  let users = 0;
  /** A new customer (a new subject) for each test: tests never share a cart. */
  const newClient = () => cartClient(t, `acct_cart_${kind}_${++users}`);
  const post = (c: CartClient, cart: unknown[], userId = c.userId) =>
    c.request('POST', '/api/cart', { userId, cart });
  const created = async (c: CartClient, cart: CartLine[]) => {
    const res = await post(c, cart);
    expect(res.status).toBe(200);
    return res.body as Cart;
  };
  const storedRow = (customerUserId: string) =>
    t.database.db
      .selectFrom('carts')
      .innerJoin('customer_identities', 'customer_identities.customer_id', 'carts.customer_id')
      .select(['carts.id', 'carts.lines', 'carts.version', 'carts.updated_at'])
      .where('customer_identities.subject', '=', customerUserId)
      .executeTakeFirst();
  /** What the line looks like once the server has checked and priced it. */
  const priced = (line: CartLine): CartLine => ({
    ...line,
    priceId: SHIRT_PRICE_ID,
    productCost: SHIRT_PRICE_CENTS,
  });

  it('POST creates the caller’s cart, priced from the catalogue; GET answers [cart]', async () => {
    const c = await newClient();
    expect(await c.current()).toBeUndefined();
    const empty = await c.request('GET', `/api/cart/${c.userId}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get('cache-control')).toBe('no-store');

    const line = cartLine({ priceId: 'price_made_up', productCost: 1, quantity: 2 });
    const res = await post(c, [line]);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cart = res.body as Cart;
    expect(cart).toEqual({
      id: expect.stringMatching(/^cart_/),
      userId: c.userId,
      cart: [priced(line)],
      version: 1,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      message: null,
    });

    const got = await c.request('GET', `/api/cart/${c.userId}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual([cart]);
    expect(got.headers.get('cache-control')).toBe('no-store');
    const row = await storedRow(c.userId);
    expect(row).toMatchObject({ id: cart.id, version: 1 });
    expect(JSON.parse(row!.lines)).toEqual([priced(line)]);
  });

  it('GET accepts the customer id as the user id too', async () => {
    const c = await newClient();
    const cart = await created(c, [cartLine()]);
    const record = await c.request('GET', `/api/customers/${c.userId}`);
    const customerId = (record.body as { id: string }).id;
    const got = await c.request('GET', `/api/cart/${customerId}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual([cart]);
  });

  it('POST again merges the lines in: matched lines keep the larger quantity, none is lost', async () => {
    const c = await newClient();
    const a = cartLine({ size: 'smr', quantity: 2 });
    const b = cartLine({ size: 'lgr', quantity: 6 });
    const first = await created(c, [a, b]);

    // From another device: a with more, b with fewer, and a new line c (other ids for the same lines).
    const c2 = cartLine({ size: 'xlr', position: 'Back', quantity: 1 });
    const sent = [
      cartLine({ size: 'smr', quantity: 5 }),
      cartLine({ size: 'lgr', quantity: 3 }),
      c2,
    ];
    const merged = await created(c, sent);
    expect(merged.id).toBe(first.id);
    expect(merged.version).toBe(2);
    expect(merged.message).toBeNull();
    expect(merged.cart).toEqual([
      priced({ ...a, quantity: 5 }),
      priced({ ...b, quantity: 6 }),
      priced(c2),
    ]);

    // The same lines again change nothing but the version.
    const again = await created(c, sent);
    expect(again.cart).toEqual(merged.cart);
    expect(again.version).toBe(3);
  });

  it('equal lines in one request add up and are capped at 10 with the spec’s message', async () => {
    const c = await newClient();
    const first = cartLine({ quantity: 6, design: 'arizona' });
    const res = await post(c, [first, cartLine({ quantity: 7, design: 'arizona' })]);
    expect(res.status).toBe(200);
    const cart = res.body as Cart;
    expect(cart.cart).toEqual([priced({ ...first, quantity: 10 })]);
    expect(cart.message).toBe(MESSAGES.maxQuantity);
    expect(cart.message).toBe('Max quantity reached for this product');

    // Under the cap: added up, no message.
    const under = await c.request('PATCH', `/api/cart/${cart.id}`, {
      cart: [cartLine({ ...first, quantity: 4 }), cartLine({ design: 'arizona', quantity: 3 })],
    });
    expect(under.status).toBe(200);
    expect((under.body as Cart).cart).toEqual([priced({ ...first, quantity: 7 })]);
    expect((under.body as Cart).message).toBeNull();

    // One line over 10 is capped too (i13 contract: "over 10 in one line -> capped with message").
    const over = await c.request('PATCH', `/api/cart/${cart.id}`, {
      cart: [{ ...first, quantity: 11 }],
    });
    expect(over.status).toBe(200);
    expect((over.body as Cart).cart).toEqual([priced({ ...first, quantity: 10 })]);
    expect((over.body as Cart).message).toBe(MESSAGES.maxQuantity);
  });

  it('PATCH replaces the lines and raises the version; a stale version is 409 with the cart', async () => {
    const c = await newClient();
    const cart = await created(c, [cartLine(), cartLine({ size: 'xss' })]);
    const replacement = [cartLine({ design: 'key-west', quantity: 3 })];
    const res = await c.request('PATCH', `/api/cart/${cart.id}`, { cart: replacement, version: 1 });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      id: cart.id,
      userId: c.userId,
      cart: replacement.map(priced),
      version: 2,
      updatedAt: expect.any(String),
      message: null,
    });

    // A device that still has version 1: refused, nothing written, the current cart to start from.
    const stale = await c.request('PATCH', `/api/cart/${cart.id}`, {
      cart: [cartLine({ design: 'sky-ridge' })],
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      code: 'cart_changed',
      message: expect.stringContaining('changed'),
      cart: res.body,
    });
    expect(await c.current()).toEqual(res.body);

    // Without a version the last write wins.
    const blind = await c.request('PATCH', `/api/cart/${cart.id}`, {
      cart: [cartLine({ design: 'sky-ridge' })],
    });
    expect(blind.status).toBe(200);
    expect((blind.body as Cart).version).toBe(3);
    expect((blind.body as Cart).cart.map((l) => l.design)).toEqual(['sky-ridge']);

    // An empty cart is a cart.
    const emptied = await c.request('PATCH', `/api/cart/${cart.id}`, { cart: [], version: 3 });
    expect(emptied.status).toBe(200);
    expect((emptied.body as Cart).cart).toEqual([]);
  });

  it('PATCH /cart/quantity sets one line’s quantity (1 to 10), 400 otherwise, 404 unknown line', async () => {
    const c = await newClient();
    const [a, b] = [cartLine({ quantity: 1 }), cartLine({ size: 'lgs', quantity: 2 })];
    const cart = await created(c, [a, b]);
    const res = await c.request('PATCH', `/api/cart/quantity/${cart.id}/${b.itemId}/7`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      ...cart,
      cart: [priced(a), priced({ ...b, quantity: 7 })],
      version: 2,
      updatedAt: expect.any(String),
    });
    const ten = await c.request('PATCH', `/api/cart/quantity/${cart.id}/${a.itemId}/10`);
    expect((ten.body as Cart).cart[0]!.quantity).toBe(10);

    for (const [quantity, message] of [
      ['0', 'Choose a quantity from 1 to 10.'],
      ['11', MESSAGES.maxQuantity],
      ['2.5', 'Choose a quantity from 1 to 10.'],
      ['-1', 'Choose a quantity from 1 to 10.'],
      ['many', 'must be a number'],
    ] as const) {
      const bad = await c.request('PATCH', `/api/cart/quantity/${cart.id}/${a.itemId}/${quantity}`);
      expect(bad.status, quantity).toBe(400);
      expect(bad.body).toMatchObject({
        code: 'invalid_request',
        message: expect.stringContaining(message),
      });
    }
    const unknownLine = await c.request('PATCH', `/api/cart/quantity/${cart.id}/999999999/3`);
    expect(unknownLine.status).toBe(404);
    expect(unknownLine.body).toEqual({
      code: 'not_found',
      message: 'That item is not in your cart.',
    });
    const unknownCart = await c.request('PATCH', `/api/cart/quantity/cart_nope/${a.itemId}/3`);
    expect(unknownCart.status).toBe(404);
    expect(unknownCart.body).toMatchObject({ code: 'not_found' });

    const now = await c.current();
    expect(now!.version).toBe(3);
    expect(now!.cart.map((l) => l.quantity)).toEqual([10, 7]);
  });

  it('DELETE removes the cart (204); the next POST creates a new one', async () => {
    const c = await newClient();
    const cart = await created(c, [cartLine()]);
    const res = await c.request('DELETE', `/api/cart/${cart.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await c.current()).toBeUndefined();
    expect(await storedRow(c.userId)).toBeUndefined();
    const again = await c.request('DELETE', `/api/cart/${cart.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'not_found' });

    const line = cartLine({ design: 'grand-canyon' });
    const fresh = await created(c, [line]);
    expect(fresh.id).not.toBe(cart.id);
    expect(fresh.version).toBe(1);
    expect(fresh.cart).toEqual([priced(line)]);
  });

  describe('invalid lines: 422 invalid_cart, nothing changed', () => {
    const INVALID: [string, () => unknown[]][] = [
      ['an unknown design', () => [cartLine(), { ...cartLine(), design: 'not-a-design' }]],
      ['a bad size', () => [{ ...cartLine(), size: 'xxxl' }]],
      ['a bad position', () => [{ ...cartLine(), position: 'Sleeve' }]],
      ['quantity 0', () => [cartLine({ quantity: 0 })]],
      ['a negative quantity', () => [cartLine({ quantity: -2 })]],
      ['a quantity that is not a whole number', () => [cartLine({ quantity: 1.5 })]],
      ['a quantity that is not a number', () => [{ ...cartLine(), quantity: '3' }]],
      ['an unknown product', () => [cartLine({ productId: 'prod_nope' })]],
      ['a line without an id', () => [{ ...cartLine(), id: undefined }]],
      ['over 100 lines', () => Array.from({ length: 101 }, () => cartLine())],
      [
        'two different lines with one itemId',
        () => [cartLine({ itemId: 42 }), cartLine({ itemId: 42, size: 'xls' })],
      ],
    ];

    it.each(INVALID)('%s', async (_, lines) => {
      const c = await newClient();
      const cart = await created(c, [cartLine({ quantity: 3 })]);
      const before = await storedRow(c.userId);

      for (const res of [
        await post(c, lines()),
        await c.request('PATCH', `/api/cart/${cart.id}`, { cart: lines() }),
        await c.request('PATCH', `/api/cart/${cart.id}`, { cart: lines(), version: cart.version }),
      ]) {
        expect(res.status, res.text).toBe(422);
        expect(res.body).toMatchObject({ code: 'invalid_cart', message: expect.any(String) });
        expect((res.body as { message: string }).message).not.toMatch(/Too (big|small)|Invalid/);
      }
      expect(await storedRow(c.userId)).toEqual(before);

      // A first POST with such lines creates nothing.
      const newcomer = await newClient();
      expect((await post(newcomer, lines())).status).toBe(422);
      expect(await newcomer.current()).toBeUndefined();
    });

    it('names the first wrong field in plain words', async () => {
      const c = await newClient();
      const res = await post(c, [cartLine(), { ...cartLine(), design: 'not-a-design' }]);
      expect(res.body).toEqual({
        code: 'invalid_cart',
        message: 'We don\'t have a design called "not-a-design".',
        fields: { 'cart.1.design': 'We don\'t have a design called "not-a-design".' },
      });
    });

    it('a design the shop has retired is refused', async () => {
      await t.database.db
        .updateTable('designs')
        .set({ active: 0 })
        .where('name', '=', 'sahara-discovery')
        .execute();
      try {
        const c = await newClient();
        const res = await post(c, [cartLine({ design: 'sahara-discovery' })]);
        expect(res.status).toBe(422);
        expect(await c.current()).toBeUndefined();
      } finally {
        await t.database.db
          .updateTable('designs')
          .set({ active: 1 })
          .where('name', '=', 'sahara-discovery')
          .execute();
      }
    });

    it('a merge that would pass 100 lines is refused', async () => {
      const c = await newClient();
      const sizes = [
        'xss',
        'sms',
        'mds',
        'lgs',
        'xls',
        'smr',
        'mdr',
        'lgr',
        'xlr',
        'xxlr',
      ] as const;
      const designs = [
        'alaska',
        'arizona',
        'key-west',
        'sky-ridge',
        'first-light',
        'pine-lakes',
      ] as const;
      const all = designs.flatMap((design) => sizes.map((size) => cartLine({ design, size })));
      // 60 lines on the server, 60 different ones sent (Back instead of Front): 120 together.
      await created(c, all);
      const before = await storedRow(c.userId);
      const res = await post(
        c,
        all.map((l) => cartLine({ design: l.design, size: l.size, position: 'Back' })),
      );
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'invalid_cart',
        message: 'A cart holds at most 100 lines.',
      });
      expect(await storedRow(c.userId)).toEqual(before);
    });

    it('bad input outside the lines stays a 400', async () => {
      const c = await newClient();
      const cart = await created(c, [cartLine()]);
      const noUser = await c.request('POST', '/api/cart', { cart: [cartLine()] });
      expect(noUser.status).toBe(400);
      expect(noUser.body).toMatchObject({ code: 'invalid_request' });
      const badVersion = await c.request('PATCH', `/api/cart/${cart.id}`, {
        cart: [cartLine()],
        version: 'one',
      });
      expect(badVersion.status).toBe(400);
      expect(badVersion.body).toMatchObject({ code: 'invalid_request' });
    });
  });

  describe('another customer’s cart: 403 or 404, never their data', () => {
    it('on every route', async () => {
      const a = await newClient();
      const b = await newClient();
      const bLine = cartLine({ design: 'hawaiian-islands', quantity: 4 });
      const bCart = await created(b, [bLine]);
      await created(a, [cartLine({ design: 'alaska' })]);
      const bBefore = await storedRow(b.userId);

      const answers = {
        get: await a.request('GET', `/api/cart/${b.userId}`),
        post: await post(a, [cartLine({ design: 'key-west' })], b.userId),
        patch: await a.request('PATCH', `/api/cart/${bCart.id}`, { cart: [cartLine()] }),
        patchVersioned: await a.request('PATCH', `/api/cart/${bCart.id}`, {
          cart: [cartLine()],
          version: 1,
        }),
        patchInvalid: await a.request('PATCH', `/api/cart/${bCart.id}`, {
          cart: [{ ...cartLine(), size: 'huge' }],
        }),
        quantity: await a.request('PATCH', `/api/cart/quantity/${bCart.id}/${bLine.itemId}/9`),
        delete: await a.request('DELETE', `/api/cart/${bCart.id}`),
      };
      expect(answers.get.status).toBe(403);
      expect(answers.get.body).toMatchObject({ code: 'forbidden' });
      expect(answers.post.status).toBe(403);
      expect(answers.post.body).toMatchObject({ code: 'forbidden' });
      for (const name of [
        'patch',
        'patchVersioned',
        'patchInvalid',
        'quantity',
        'delete',
      ] as const) {
        expect(answers[name].status, name).toBe(404);
        // Exactly what an unknown cart id gets.
        expect(answers[name].body, name).toEqual({
          code: 'not_found',
          message: 'We could not find that cart.',
        });
      }
      for (const res of Object.values(answers)) {
        expect(res.text).not.toContain('hawaiian-islands');
        expect(res.text).not.toContain(String(bLine.itemId));
      }
      // B's cart is as it was, and A's own cart did not take B's lines.
      expect(await storedRow(b.userId)).toEqual(bBefore);
      expect((await a.current())!.cart.map((l) => l.design)).toEqual(['alaska']);
      expect(await b.current()).toEqual(bCart);
    });

    it('a customer without a cart gets 404 for a cart id of someone else too', async () => {
      const owner = await newClient();
      const stranger = await newClient();
      const cart = await created(owner, [cartLine()]);
      const res = await stranger.request('DELETE', `/api/cart/${cart.id}`);
      expect(res.status).toBe(404);
      expect(await owner.current()).toEqual(cart);
    });
  });

  it('anonymous callers get 401 on every route', async () => {
    const c = await newClient();
    const cart = await created(c, [cartLine()]);
    const line = cart.cart[0]!;
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/cart/${c.userId}`],
      ['POST', '/api/cart', { userId: c.userId, cart: [cartLine()] }],
      ['PATCH', `/api/cart/${cart.id}`, { cart: [] }],
      ['PATCH', `/api/cart/quantity/${cart.id}/${line.itemId}/2`],
      ['DELETE', `/api/cart/${cart.id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ code: 'unauthorized' });
      const forged = await t.request(method, path, body, { authorization: 'Bearer not.a.token' });
      expect(forged.status, `${method} ${path}`).toBe(401);
    }
    expect(await c.current()).toEqual(cart);
  });

  it('documents the cart calls in OpenAPI, naming the three quantity parameters', async () => {
    const doc = (await t.request('GET', '/api/docs/json')).body as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operations = [
      ['/api/cart', 'post'],
      ['/api/cart/{userId}', 'get'],
      ['/api/cart/{id}', 'patch'],
      ['/api/cart/{id}', 'delete'],
      ['/api/cart/quantity/{cartId}/{itemId}/{quantity}', 'patch'],
    ] as const;
    for (const [path, method] of operations) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op).toMatchObject({
        tags: ['cart'],
        summary: expect.any(String),
        description: expect.any(String),
        security: [{ bearerAuth: [] }],
      });
    }
    const quantity = doc.paths['/api/cart/quantity/{cartId}/{itemId}/{quantity}']!.patch!;
    expect(quantity.description).toContain('unnamed');
    const params = quantity.parameters as { name: string; in: string; description?: string }[];
    expect(params.map((p) => [p.name, p.in])).toEqual([
      ['cartId', 'path'],
      ['itemId', 'path'],
      ['quantity', 'path'],
    ]);
    for (const p of params) expect(p.description, p.name).toMatch(/\w{3}/);
  });

  it('a product of the catalogue is priced at its current default price', async () => {
    // A new price becomes the product's default: lines written from now on carry it.
    const db = t.database.db;
    const now = new Date().toISOString();
    await db
      .insertInto('prices')
      .values({
        id: 'price_cart_test_5000',
        product_id: SHIRT_PRODUCT_ID,
        unit_amount: 5000,
        currency: 'usd',
        active: 1,
        created_at: now,
      })
      .execute();
    await db
      .updateTable('products')
      .set({ default_price_id: 'price_cart_test_5000' })
      .where('id', '=', SHIRT_PRODUCT_ID)
      .execute();
    try {
      const c = await newClient();
      const cart = await created(c, [cartLine()]);
      expect(cart.cart[0]).toMatchObject({ priceId: 'price_cart_test_5000', productCost: 5000 });
    } finally {
      await db
        .updateTable('products')
        .set({ default_price_id: SHIRT_PRICE_ID })
        .where('id', '=', SHIRT_PRODUCT_ID)
        .execute();
    }
  });
});
