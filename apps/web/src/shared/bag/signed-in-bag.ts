import type { CartLine } from '@sunward/core/cart';
import type { ServerCart } from '../api/guards.ts';
import { ApiError } from '../api/http.ts';
import { toast } from '../toast/toast-store.ts';
import { writeStoredLines } from './bag-storage.ts';
import { forgetLoginTime, readLoginTime, storeLoginTime } from './login-time.ts';
import type * as ServerBag from './server-bag.ts';

/** The bag store as this module sees it (bag-store.ts connects it; no import back, no cycle). */
export interface BagStoreHandle {
  getState: () => { ready: boolean };
  setState: (partial: { lines?: CartLine[]; ready?: boolean }) => void;
}

/** What one signed-in change may do on the server; each answers the cart as it now is (or none). */
export interface RemoteCalls {
  /** Lines changed with `change` (PATCH with the version; 409: re-applied and sent again; or POST). */
  save: (change: (lines: CartLine[]) => CartLine[]) => Promise<ServerCart | null>;
  setQuantity: (itemId: number, quantity: number) => Promise<ServerCart | null>;
  /** DELETE: the cart is gone. */
  clear: () => Promise<ServerCart | null>;
}

export interface RemoteChange {
  ok: boolean;
  /** The server's cap message ('Max quantity reached for this product'), if it had to cap. */
  message: string | null;
}

interface UserOwner {
  kind: 'user';
  userId: string;
  /** The server's cart as last answered (null: none yet). */
  cart: ServerCart | null;
  /** Loaded (and merged on the session's first sign-in); a failed load is tried again first. */
  synced: boolean;
}
type Owner = { kind: 'pending' } | { kind: 'guest' } | UserOwner;

export const CHANGE_FAILED = 'Your bag could not be updated. Please try again.';
export const LOAD_FAILED = 'Your saved bag could not be loaded. Please try again.';
const NOT_DONE: RemoteChange = { ok: false, message: null };

/** The server calls load with the first signed-in use, in a chunk of their own. */
const loadApi = (): Promise<typeof ServerBag> => import('./server-bag.ts');

let store: BagStoreHandle | null = null;
let readLocal: () => CartLine[] = () => [];
let owner: Owner = { kind: 'pending' };
/** Goes up with each change of owner: answers still on their way for an earlier one are dropped. */
let epoch = 0;
/** Signed-in work runs one call at a time, in order, each from the cart the previous one answered. */
let queue: Promise<unknown> = Promise.resolve();
let waiters: Array<() => void> = [];
let refreshing: Promise<void> | null = null;

function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task);
  queue = run.catch(() => undefined);
  return run;
}

function setReady(ready: boolean) {
  store?.setState({ ready });
  if (!ready) return;
  const pending = waiters;
  waiters = [];
  for (const wake of pending) wake();
}

function become(next: Owner) {
  epoch++;
  owner = next;
}

/** Spec 8: a failed cart call is an error toast (one at a time) with the server's message. */
function fail(error: unknown, fallback: string) {
  toast.error(error instanceof ApiError ? error.message : fallback, { id: 'bag-error' });
}

function show(user: UserOwner, cart: ServerCart | null) {
  user.cart = cart;
  store?.setState({ lines: cart?.cart ?? [] });
}

/**
 * Loads the signed-in bag. The first sign-in of the browser session (no login time stored) merges the
 * local bag into the server's and saves it, then removes the local copy, then stores the login time;
 * later loads only read the server's bag. Throws on a failed step: the local bag stays, no login time.
 */
async function sync(user: UserOwner, at: number): Promise<void> {
  const api = await loadApi();
  const firstSignIn = readLoginTime() === null;
  const cart = firstSignIn
    ? await api.mergeLocalBag(user.userId, readLocal())
    : await api.fetchCart(user.userId);
  if (at !== epoch) return; // signed out meanwhile: nothing here changes
  if (firstSignIn) {
    writeStoredLines([]);
    storeLoginTime();
  }
  user.synced = true;
  show(user, cart);
}

const remoteCalls = (api: typeof ServerBag, user: UserOwner): RemoteCalls => ({
  save: (change) => api.saveChange(user.userId, user.cart, change),
  setQuantity: (itemId, quantity) =>
    user.cart ? api.setQuantity(user.cart.id, itemId, quantity) : Promise.resolve(null),
  clear: async () => {
    if (user.cart) await api.deleteCart(user.cart.id);
    return null;
  },
});

/**
 * The signed-in side of the bag store (spec 4): whose bag it is, loading and merging it at sign-in, and
 * each change sent to the server first, the state following only an ok answer.
 */
export const signedInBag = {
  connect(handle: BagStoreHandle, localLines: () => CartLine[]) {
    store = handle;
    readLocal = localLines;
  },

  /** Whether the bag is a signed-in shopper's (on the server), not the guest's local one. */
  active: (): boolean => owner.kind === 'user',

  /** Runs `fn` now when the bag is ready, else once it is (whose bag it is known, and loaded). */
  whenReady<T>(fn: () => Promise<T>): Promise<T> {
    if (!store || store.getState().ready) return fn();
    return new Promise<T>((resolve, reject) => waiters.push(() => fn().then(resolve, reject)));
  },

  /** Sign-in is still being checked: changes wait. */
  pending() {
    if (owner.kind !== 'pending') become({ kind: 'pending' });
    setReady(false);
  },

  /** A signed-in shopper: their bag is loaded from the server (merged on the session's first sign-in). */
  signIn(userId: string) {
    if (owner.kind === 'user' && owner.userId === userId) return;
    const user: UserOwner = { kind: 'user', userId, cart: null, synced: false };
    become(user);
    const at = epoch;
    store?.setState({ lines: readLocal() });
    setReady(false);
    void enqueue(async () => {
      try {
        await sync(user, at);
      } catch (error) {
        if (at === epoch) fail(error, LOAD_FAILED);
      } finally {
        if (at === epoch) setReady(true);
      }
    });
  },

  /** Signed out (or sign-in unavailable): the guest's local bag; no login time. */
  signOut() {
    if (owner.kind === 'guest') return;
    become({ kind: 'guest' });
    forgetLoginTime();
    store?.setState({ lines: readLocal() });
    setReady(true);
  },

  /** Log Out (spec 2): clears the bag state and removes the stored login time. */
  logOut() {
    // Nobody's yet: once signed out (the page usually leaves first), the guest's bag is read again.
    become({ kind: 'pending' });
    forgetLoginTime();
    store?.setState({ lines: [] });
    setReady(true);
  },

  /** One signed-in change: to the server first; the state follows an ok answer; a failure is a toast. */
  change(remote: (calls: RemoteCalls) => Promise<ServerCart | null>): Promise<RemoteChange> {
    const user = owner;
    const at = epoch;
    return enqueue(async () => {
      if (at !== epoch || user.kind !== 'user') return NOT_DONE;
      try {
        if (!user.synced) await sync(user, at);
        const api = await loadApi();
        if (at !== epoch) return NOT_DONE;
        const cart = await remote(remoteCalls(api, user));
        if (at !== epoch) return NOT_DONE;
        show(user, cart);
        return { ok: true, message: cart?.message ?? null };
      } catch (error) {
        if (at === epoch) fail(error, CHANGE_FAILED);
        return NOT_DONE;
      }
    });
  },

  /**
   * The catalogue's view of the lines (reconcile: a product gone, a new price): shown, and the base of
   * the next change, so a line the server would refuse is not sent again.
   */
  reconciled(lines: CartLine[]) {
    if (owner.kind !== 'user') return;
    if (owner.cart) owner.cart = { ...owner.cart, cart: lines };
    store?.setState({ lines });
  },

  /** Reads the server's bag again (another tab or device may have changed it); quiet on failure. */
  refresh(): Promise<void> {
    const user = owner;
    if (user.kind !== 'user') return Promise.resolve();
    if (!user.synced) return enqueue(() => Promise.resolve()); // the load under way
    if (refreshing) return refreshing;
    const at = epoch;
    const run = enqueue(async () => {
      try {
        const cart = await (await loadApi()).fetchCart(user.userId);
        if (at === epoch) show(user, cart);
      } catch {
        // A background read: the bag shown stays; a change made next reports any failure.
      } finally {
        refreshing = null;
      }
    });
    refreshing = run;
    return run;
  },
};
