import { create } from 'zustand';
import { addLine, newItemId, removeLine, setLineQuantity, type CartLine } from '@sunward/core/cart';
import { toCartLine, type ServerCart } from '../api/guards.ts';
import { useAuthStore, type AuthState } from '../auth/auth-store.ts';
import { CART_STORAGE_KEY, readStoredLines, writeStoredLines } from './bag-storage.ts';
import { signedInBag, type RemoteCalls } from './signed-in-bag.ts';

/** What the add-to-bag form provides; the store gives the line its ids. */
export type NewBagLine = Omit<CartLine, 'id' | 'itemId'>;

export interface CatalogPrice {
  productId: string;
  priceId: string;
  cost: number;
}

/** How a change went: `ok` when the bag changed; `message` the cap message of an add, if hit. */
export interface BagChange {
  ok: boolean;
  message: string | null;
}

export interface BagState {
  lines: CartLine[];
  /**
   * False while it is not known yet whose bag this is (sign-in still loading) or while the signed-in
   * bag is being loaded from the server; changes made meanwhile wait for it.
   */
  ready: boolean;
  /** Adds up with an equal line (same product, size, position, design); the cap message if hit. */
  add: (line: NewBagLine) => Promise<BagChange>;
  setQuantity: (itemId: number, quantity: number) => Promise<BagChange>;
  remove: (itemId: number) => Promise<BagChange>;
  /** Empties the bag (after a purchase): the stored copy, or the server's cart when signed in. */
  clear: () => Promise<BagChange>;
  /** Drops lines whose product left the catalogue and takes prices from the catalogue. */
  reconcile: (catalog: readonly CatalogPrice[]) => void;
  /** Reloads: a guest's bag from storage (at start, another tab's change, tests); else the server's. */
  hydrate: () => Promise<void>;
}

function lineId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `line-${Date.now().toString(36)}-${newItemId().toString(36)}`;
}

const done = (message: string | null = null): BagChange => ({ ok: true, message });

/**
 * The bag (spec 4), one small zustand store for guests and signed-in shoppers alike. A guest's bag is
 * localStorage['cart'] and changes at once. A signed-in shopper's bag is the server's: each change goes
 * there first and the state follows only an ok answer (signed-in-bag.ts); it is never written to
 * localStorage, which stays the guest's bag.
 */
export const useBagStore = create<BagState>()((set, get) => {
  const commit = (lines: CartLine[]) => {
    set({ lines });
    writeStoredLines(lines);
  };
  /** A guest changes at once; a signed-in change waits for the bag to be loaded, then the server. */
  const change = (
    local: (lines: CartLine[]) => { lines: CartLine[]; message: string | null },
    remote: (server: RemoteCalls) => Promise<ServerCart | null>,
  ): Promise<BagChange> =>
    signedInBag.whenReady(() => {
      if (!signedInBag.active()) {
        const result = local(get().lines);
        commit(result.lines);
        return Promise.resolve(done(result.message));
      }
      return signedInBag.change(remote);
    });

  return {
    lines: [],
    ready: true,
    add: (line) => {
      const added = { ...line, id: lineId(), itemId: newItemId() };
      let message: string | null = null;
      const apply = (lines: CartLine[]) => {
        const result = addLine(lines, added);
        message = result.message;
        return result.lines;
      };
      return change(
        (lines) => addLine(lines, added),
        (server) => server.save(apply),
      ).then((result) => (result.ok ? done(result.message ?? message) : result));
    },
    setQuantity: (itemId, quantity) =>
      change(
        (lines) => ({ lines: setLineQuantity(lines, itemId, quantity), message: null }),
        (server) => server.setQuantity(itemId, quantity),
      ),
    remove: (itemId) =>
      change(
        (lines) => ({ lines: removeLine(lines, itemId), message: null }),
        (server) => server.save((lines) => removeLine(lines, itemId)),
      ),
    clear: () =>
      change(
        () => ({ lines: [], message: null }),
        (server) => server.clear(),
      ),
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
      if (!changed) return;
      // The signed-in bag is not stored here: the server prices its lines itself on the next change.
      if (signedInBag.active()) signedInBag.reconciled(next);
      else commit(next);
    },
    hydrate: () => {
      if (signedInBag.active()) return signedInBag.refresh();
      set({ lines: readStoredLines(toCartLine) });
      return Promise.resolve();
    },
  };
});

/** Whose bag it is follows sign-in: a shopper signing in, out, or logging out (spec 4). */
function followAuth(state: AuthState, previous?: AuthState) {
  if (state.signingOut) {
    // Log Out: the bag state and the login time go before the provider ends the session.
    if (!previous?.signingOut) signedInBag.logOut();
    return;
  }
  if (state.status === 'loading') {
    // Not known yet whose bag it is; a signed-in shopper's token renewal keeps their bag.
    if (!signedInBag.active()) signedInBag.pending();
    return;
  }
  const userId = state.status === 'signedIn' ? (state.user?.sub ?? null) : null;
  if (userId) signedInBag.signIn(userId);
  else signedInBag.signOut();
}

signedInBag.connect(useBagStore, () => readStoredLines(toCartLine));
void useBagStore.getState().hydrate();
followAuth(useAuthStore.getState());
useAuthStore.subscribe(followAuth);

/**
 * Keeps tabs in step: another tab's change to localStorage['cart'] reloads a guest's bag; a signed-in
 * tab that comes back into view (focus, visibility) reloads the bag from the server.
 */
export function listenToOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (signedInBag.active()) return;
    if (event.key === CART_STORAGE_KEY || event.key === null) void useBagStore.getState().hydrate();
  };
  const onFocus = () => {
    if (document.visibilityState !== 'hidden' && signedInBag.active()) {
      void signedInBag.refresh();
    }
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onFocus);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onFocus);
  };
}
