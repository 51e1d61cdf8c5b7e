/** Test factories for the server cart: valid lines (each with its own id and itemId) and a signed-in client. */
import type { CartLine } from '@sunward/core/cart';
import type { TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRICE_CENTS, SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';
import { mintToken } from '../customers/customers.factories.ts';
import type { Cart } from './cart.service.ts';

let next = 1;

/** A valid line of the seeded shirt; every call gets a new id and itemId unless given. */
export function cartLine(overrides: Partial<CartLine> = {}): CartLine {
  const n = next++;
  return {
    id: `line-${n}`,
    productId: SHIRT_PRODUCT_ID,
    itemId: 100_000 + n,
    priceId: SHIRT_PRICE_ID,
    quantity: 1,
    productCost: SHIRT_PRICE_CENTS,
    size: 'mdr',
    position: 'Front',
    design: 'alaska',
    ...overrides,
  };
}

export interface CartClient {
  userId: string;
  token: string;
  request(method: string, path: string, body?: unknown): ReturnType<TestApp['request']>;
  /** The cart as GET /cart/{userId} answers it (its first element), or undefined. */
  current(): Promise<Cart | undefined>;
}

/**
 * A customer of `t`'s built-in issuer with a bearer token, calling the API as the storefront would:
 * on `t`, or on `via` (another server on the same database and public address).
 */
export async function cartClient(
  t: TestApp,
  userId: string,
  via: TestApp = t,
): Promise<CartClient> {
  const token = await mintToken(t.database.db, t.baseUrl, {
    claims: { sub: userId, email: `${userId}@example.com`, email_verified: true },
  });
  const request = (method: string, path: string, body?: unknown) =>
    via.request(method, path, body, { authorization: `Bearer ${token}` });
  return {
    userId,
    token,
    request,
    async current() {
      const res = await request('GET', `/api/cart/${encodeURIComponent(userId)}`);
      if (res.status !== 200) throw new Error(`GET /cart ${res.status}: ${res.text}`);
      return (res.body as Cart[])[0];
    },
  };
}
