import { mergeCarts, type CartLine } from '@sunward/core/cart';
import { apiPaths } from '../api/api-paths.ts';
import { sendAuthorized } from '../api/authorized.ts';
import { ServerCartSchema, ServerCartsSchema, type ServerCart } from '../api/guards.ts';
import { ApiError } from '../api/http.ts';

/**
 * The signed-in bag's calls (spec 7, each with the bearer token). Loaded only once someone is signed in
 * (bag-store.ts imports it on demand), so a guest's pages carry none of it.
 */

/** How many times one change is sent when another device saved the cart in between (409). */
export const MAX_ATTEMPTS = 3;

const cartOf = async (response: Response): Promise<ServerCart> =>
  ServerCartSchema.parse(await response.json());

/** GET /api/cart/{userId}: the user's cart, or null when they have none yet. */
export async function fetchCart(userId: string): Promise<ServerCart | null> {
  const response = await sendAuthorized(apiPaths.cartsOfUser(userId), { method: 'GET' });
  return ServerCartsSchema.parse(await response.json())[0] ?? null;
}

/** POST /api/cart: creates the user's cart with these lines (the server merges into one it has). */
export async function createCart(userId: string, lines: CartLine[]): Promise<ServerCart> {
  return cartOf(
    await sendAuthorized(apiPaths.carts(), { method: 'POST', body: { userId, cart: lines } }),
  );
}

/** The cart another device saved in between (409 cart_changed), or null for any other failure. */
function changedCart(error: unknown): ServerCart | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'cart_changed') {
    return null;
  }
  return ServerCartSchema.parse((error.body as { cart?: unknown } | undefined)?.cart);
}

/**
 * Saves `change` applied to the cart: PATCH /api/cart/{id} with the version the lines were computed
 * from. When another device saved in between (409 cart_changed, with the current cart), the same change
 * is applied to that cart and sent again, MAX_ATTEMPTS times in all. Without a cart: POST.
 */
export async function saveChange(
  userId: string,
  current: ServerCart | null,
  change: (lines: CartLine[]) => CartLine[],
): Promise<ServerCart> {
  if (!current) return createCart(userId, change([]));
  let base = current;
  for (let attempt = 1; ; attempt++) {
    try {
      const body = { cart: change(base.cart), version: base.version };
      return await cartOf(await sendAuthorized(apiPaths.cart(base.id), { method: 'PATCH', body }));
    } catch (error) {
      const latest = changedCart(error);
      if (!latest || attempt >= MAX_ATTEMPTS) throw error;
      base = latest;
    }
  }
}

/** PATCH /api/cart/quantity/{cartId}/{itemId}/{quantity}: one line's quantity, set on the server. */
export async function setQuantity(
  cartId: string,
  itemId: number,
  quantity: number,
): Promise<ServerCart> {
  return cartOf(
    await sendAuthorized(apiPaths.cartQuantity(cartId, itemId, quantity), { method: 'PATCH' }),
  );
}

/** DELETE /api/cart/{id}: the cart is gone (the next change creates a new one). */
export async function deleteCart(cartId: string): Promise<void> {
  await sendAuthorized(apiPaths.cart(cartId), { method: 'DELETE' });
}

/**
 * Spec 4, the first sign-in of a browser session: the local bag merged into the server's (lines matched
 * by size, design and position, the larger quantity wins, at most 10), saved with PATCH when the server
 * had lines, else POST. Nothing local to merge: the server's cart as it is.
 */
export async function mergeLocalBag(
  userId: string,
  local: readonly CartLine[],
): Promise<ServerCart | null> {
  const server = await fetchCart(userId);
  if (local.length === 0) return server;
  if (server && server.cart.length > 0) {
    return saveChange(userId, server, (lines) => mergeCarts(lines, local));
  }
  return createCart(userId, mergeCarts([], local));
}
