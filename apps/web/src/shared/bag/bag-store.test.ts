import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCartLine, SHIRT_ID } from '@/test/factories.ts';
import { useBagStore, listenToOtherTabs } from './bag-store.ts';
import { CART_STORAGE_KEY } from './bag-storage.ts';

const store = () => useBagStore.getState();
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as unknown;
const newLine = {
  productId: SHIRT_ID,
  priceId: 'price_test_4500',
  productCost: 4500,
  size: 'mds' as const,
  position: 'Front' as const,
  design: 'alaska' as const,
  quantity: 2,
};

describe('bag store', () => {
  beforeEach(() => store().hydrate());

  it('persists each change to localStorage under the key cart', async () => {
    await store().add(newLine);
    expect(stored()).toEqual([expect.objectContaining({ design: 'alaska', quantity: 2 })]);
    const { itemId } = store().lines[0]!;
    expect(itemId).toBeGreaterThanOrEqual(0);
    expect(itemId).toBeLessThan(1_000_000_000);
    await store().setQuantity(itemId, 7);
    expect(stored()).toEqual([expect.objectContaining({ quantity: 7 })]);
    await store().remove(itemId);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('adds up the same line and caps it at 10 with the message', async () => {
    expect(await store().add({ ...newLine, quantity: 6 })).toEqual({ ok: true, message: null });
    expect(await store().add({ ...newLine, quantity: 6 })).toEqual({
      ok: true,
      message: 'Max quantity reached for this product',
    });
    expect(store().lines).toHaveLength(1);
    expect(store().lines[0]!.quantity).toBe(10);
    await store().add({ ...newLine, position: 'Back', quantity: 1 });
    expect(store().lines).toHaveLength(2);
  });

  it('survives a reload: a new read of storage gives the same bag', async () => {
    await store().add(newLine);
    const before = store().lines;
    await store().hydrate();
    expect(store().lines).toEqual(before);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not an array', '{"lines":[]}'],
    ['null', 'null'],
  ])('discards corrupt storage (%s) without a crash', async (_name, raw) => {
    localStorage.setItem(CART_STORAGE_KEY, raw);
    await expect(store().hydrate()).resolves.toBeUndefined();
    expect(store().lines).toEqual([]);
  });

  it('drops stale lines (unknown design or size, bad quantity) and keeps the good ones', async () => {
    const good = createCartLine();
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        good,
        { ...createCartLine(), design: 'no-such-design' },
        { ...createCartLine(), size: 'xxxl' },
        { ...createCartLine(), quantity: 11 },
        'junk',
      ]),
    );
    await store().hydrate();
    expect(store().lines).toEqual([good]);
  });

  it('drops lines whose product left the catalogue and takes prices from the catalogue', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        createCartLine({ productCost: 100 }),
        createCartLine({ productId: 'prod_gone', design: 'arizona' }),
      ]),
    );
    await store().hydrate();
    store().reconcile([{ productId: SHIRT_ID, priceId: 'price_new', cost: 4800 }]);
    expect(store().lines).toEqual([
      expect.objectContaining({ productId: SHIRT_ID, productCost: 4800, priceId: 'price_new' }),
    ]);
    expect(stored()).toHaveLength(1);
  });

  it('follows changes made in another tab', async () => {
    const stop = listenToOtherTabs();
    const line = createCartLine({ quantity: 3 });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line]));
    window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    await vi.waitFor(() => expect(store().lines).toEqual([line]));
    stop();
  });

  it('clear empties the bag and removes the stored copy', async () => {
    await store().add(newLine);
    await store().clear();
    expect(store().lines).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });
});
