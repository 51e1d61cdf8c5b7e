import { create } from 'zustand';
import { addLine, newItemId, removeLine, setLineQuantity, type CartLine } from '@sunward/core/cart';
import { toCartLine } from '../api/guards.ts';
import { CART_STORAGE_KEY, readStoredLines, writeStoredLines } from './bag-storage.ts';

/** What the add-to-bag form provides; the store gives the line its ids. */
export type NewBagLine = Omit<CartLine, 'id' | 'itemId'>;

export interface CatalogPrice {
  productId: string;
  priceId: string;
  cost: number;
}

export interface BagState {
  lines: CartLine[];
  /** Adds up with an equal line (same product, size, position, design); returns the cap message if hit. */
  add: (line: NewBagLine) => { message: string | null };
  setQuantity: (itemId: number, quantity: number) => void;
  remove: (itemId: number) => void;
  clear: () => void;
  /** Drops lines whose product left the catalogue and takes prices from the catalogue. */
  reconcile: (catalog: readonly CatalogPrice[]) => void;
  /**
   * (Re)loads from storage: at start, when another tab changed it, or in tests. The lines are read at
   * once; the promise (already settled) is kept for callers that await a reload.
   */
  hydrate: () => Promise<void>;
}

function lineId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `line-${Date.now().toString(36)}-${newItemId().toString(36)}`;
}

/**
 * The bag: a small zustand store persisted to localStorage['cart']. The API stays small (add,
 * setQuantity, remove, clear) so a signed-in cart can later sync each change to the server.
 */
export const useBagStore = create<BagState>()((set, get) => {
  const commit = (lines: CartLine[]) => {
    set({ lines });
    writeStoredLines(lines);
  };
  return {
    lines: [],
    add: (line) => {
      const result = addLine(get().lines, { ...line, id: lineId(), itemId: newItemId() });
      commit(result.lines);
      return { message: result.message };
    },
    setQuantity: (itemId, quantity) => commit(setLineQuantity(get().lines, itemId, quantity)),
    remove: (itemId) => commit(removeLine(get().lines, itemId)),
    clear: () => commit([]),
    reconcile: (catalog) => {
      const byId = new Map(catalog.map((p) => [p.productId, p]));
      const current = get().lines;
      const next = current.flatMap((line) => {
        const product = byId.get(line.productId);
        if (!product) return [];
        return line.productCost === product.cost && line.priceId === product.priceId
          ? [line]
          : [{ ...line, productCost: product.cost, priceId: product.priceId }];
      });
      const changed = next.length !== current.length || next.some((l, i) => l !== current[i]);
      if (changed) commit(next);
    },
    hydrate: () => {
      set({ lines: readStoredLines(toCartLine) });
      return Promise.resolve();
    },
  };
});

void useBagStore.getState().hydrate();

/** Keeps tabs in step: another tab's change to localStorage['cart'] reloads this tab's bag. */
export function listenToOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) void useBagStore.getState().hydrate();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
