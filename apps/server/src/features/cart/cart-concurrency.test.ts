/**
 * Two devices changing one cart at once never lose a line (issue 13): quantity changes of every line,
 * devices adding lines with a versioned PATCH (each retrying on 409 by making its change to the cart the
 * 409 answers), and login merges (POST), all at once, through two servers on one database, each with its
 * own connections. Every change is in the cart at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '@sunward/core/cart';
import { SIZE_CODES } from '@sunward/core/sizes';
import { DATABASE_KINDS, attachApp, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { cartClient, cartLine, type CartClient } from './cart.factories.ts';
import type { Cart } from './cart.service.ts';

describe.each(DATABASE_KINDS)('one cart changed from many devices at once (%s)', (kind) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(kind);
    b = await attachApp(a.database);
    // One public address for both, as a load balancer gives them (the tokens' issuer).
    b.config.siteUrl = a.baseUrl;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** The customer's devices: one talking to server A, one to server B. */
  const devices = async (userId: string): Promise<[CartClient, CartClient]> => [
    await cartClient(a, userId),
    await cartClient(a, userId, b),
  ];

  /** Adds `line` with a versioned PATCH; on 409 makes the same change to the cart it answers. */
  async function addWithVersion(device: CartClient, start: Cart, line: CartLine) {
    let cart = start;
    for (let attempt = 1; attempt <= 100; attempt++) {
      const res = await device.request('PATCH', `/api/cart/${cart.id}`, {
        cart: [...cart.cart, line],
        version: cart.version,
      });
      if (res.status === 200) return { attempts: attempt, cart: res.body as Cart };
      expect(res.status, res.text).toBe(409);
      const body = res.body as { code: string; cart: Cart };
      expect(body.code).toBe('cart_changed');
      cart = body.cart;
    }
    throw new Error('gave up after 100 conflicts');
  }

  it('keeps every line and every quantity', async () => {
    const userId = `acct_race_${kind}`;
    const [onA, onB] = await devices(userId);
    const pick = (i: number) => (i % 2 === 0 ? onA : onB);

    // Ten lines to change the quantity of, one per size.
    const first = SIZE_CODES.map((size) => cartLine({ size, design: 'alaska', quantity: 1 }));
    const created = await onA.request('POST', '/api/cart', { userId, cart: first });
    expect(created.status).toBe(200);
    const start = created.body as Cart;
    expect(start.cart).toHaveLength(10);

    const added = (
      ['key-west', 'sky-ridge', 'pine-lakes', 'first-light', 'sunset-cove', 'arizona'] as const
    ).map((design) => cartLine({ design, size: 'mdr', position: 'Back', quantity: 2 }));
    const merged = (['grand-canyon', 'dolphin-sail', 'sand-sea'] as const).map((design) =>
      cartLine({ design, size: 'lgr', quantity: 3 }),
    );
    const wanted = (i: number) => (i % 9) + 2; // 2..10

    const results = await Promise.all([
      ...first.map((line, i) =>
        pick(i).request('PATCH', `/api/cart/quantity/${start.id}/${line.itemId}/${wanted(i)}`),
      ),
      ...added.map((line, i) => addWithVersion(pick(i + 1), start, line)),
      ...merged.map((line, i) => pick(i).request('POST', '/api/cart', { userId, cart: [line] })),
    ]);
    const quantityAnswers = results.slice(0, first.length) as { status: number; text: string }[];
    for (const res of quantityAnswers) expect(res.status, res.text).toBe(200);
    const versioned = results.slice(first.length, first.length + added.length) as {
      attempts: number;
    }[];
    const mergeAnswers = results.slice(first.length + added.length) as {
      status: number;
      text: string;
    }[];
    for (const res of mergeAnswers) expect(res.status, res.text).toBe(200);

    const final = (await onB.current())!;
    expect(final.id).toBe(start.id);
    const byItem = new Map(final.cart.map((l) => [l.itemId, l]));
    first.forEach((line, i) =>
      expect(byItem.get(line.itemId)?.quantity, line.size).toBe(wanted(i)),
    );
    for (const line of added) expect(byItem.get(line.itemId)?.quantity, line.design).toBe(2);
    for (const line of merged) expect(byItem.get(line.itemId)?.quantity, line.design).toBe(3);
    expect(final.cart).toHaveLength(first.length + added.length + merged.length);
    // Every successful write raised the version once; a refused compare-and-set wrote nothing.
    expect(final.version).toBe(1 + first.length + added.length + merged.length);
    // The devices did meet each other's changes (else this test proves nothing about them).
    expect(versioned.some((v) => v.attempts > 1)).toBe(true);
  });

  it('first saves from several devices at once make one cart with every line', async () => {
    const userId = `acct_first_save_${kind}`;
    const [onA, onB] = await devices(userId);
    // The customer exists already (its first request is another race, handled by customers).
    await onA.current();
    const lines = SIZE_CODES.slice(0, 8).map((size) => cartLine({ size, design: 'twin-vistas' }));
    const answers = await Promise.all(
      lines.map((line, i) =>
        (i % 2 ? onA : onB).request('POST', '/api/cart', { userId, cart: [line] }),
      ),
    );
    for (const res of answers) expect(res.status, res.text).toBe(200);
    const ids = new Set(answers.map((res) => (res.body as Cart).id));
    expect(ids.size).toBe(1);
    const final = (await onA.current())!;
    expect(final.cart.map((l) => l.itemId).sort()).toEqual(lines.map((l) => l.itemId).sort());
    expect(final.version).toBe(lines.length);
  });
});
