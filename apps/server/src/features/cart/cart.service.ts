/**
 * The server cart (spec 3 "Cart (per user)", spec 4 "Cart: signed in", spec 7 the cart calls): one cart
 * per customer, for the token's own customer only.
 *
 * Lines are checked like the guest bag (the catalogue's line checker): a known active product, design,
 * size and position, a whole quantity of at least 1; the catalogue's price id and cost replace the
 * client's. Equal lines merge with core `addLine`, and any line over 10 is capped at 10 with spec 5's
 * 'Max quantity reached for this product'.
 *
 * Two devices at once never lose a line: the login merge (POST) and the quantity change read and write
 * the cart under its row lock in one transaction; a PATCH with the `version` it read is a compare-and-set
 * and answers `cart_changed` with the current cart when someone else wrote first.
 *
 * Every read and write first settles the customer's placed orders whose job has not run yet
 * (cart-purchases.ts): the bag is read, and changed, as it is once what was bought has left it.
 */
import {
  MAX_LINE_QUANTITY,
  addLine,
  mergeCarts,
  setLineQuantity,
  type CartLine,
} from '@sunward/core/cart';
import { CartSchema } from '@sunward/core/schemas';
import type { Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { catalogueLineChecker } from '../catalog/catalog.api.ts';
import {
  type AuthUser,
  isOwnUserId,
  resolveCustomer,
  type CustomerOptions,
  type ResolvedCustomer,
} from '../customers/customers.api.ts';
import { settledCart, settlePlacedOrders } from './cart-purchases.ts';
import * as repo from './cart.repository.ts';
import type { CartRow } from './cart.table.ts';

/** At most this many lines in one cart (CartSchema's limit). */
export const MAX_CART_LINES = 100;

export const CART_MESSAGES = {
  notYours: 'You can only use your own cart.',
  notFound: 'We could not find that cart.',
  lineNotFound: 'That item is not in your cart.',
  tooManyLines: `A cart holds at most ${MAX_CART_LINES} lines.`,
  quantity: `Choose a quantity from 1 to ${MAX_LINE_QUANTITY}.`,
  sameItemId: 'Two different lines of the cart have the same itemId.',
  changed:
    'Your bag was changed on another device. Here is the bag as it is now: make your change to it ' +
    'and save again.',
} as const;

/** The API's cart: its lines as checked and priced (cents), and the cap message of this request. */
export interface Cart {
  id: string;
  userId: string;
  cart: CartLine[];
  version: number;
  updatedAt: string;
  /** 'Max quantity reached for this product' when this request's lines were capped at 10. */
  message: string | null;
}

/** A line as the client sends it: priceId and productCost are ignored (the catalogue's are kept). */
export interface CartLineInput {
  id: string;
  productId: string;
  itemId: number;
  priceId?: string | undefined;
  quantity: number;
  productCost?: number | undefined;
  size: string;
  position: string;
  design: string;
}

type Forbidden = Failure<'forbidden'>;
type NotFound = Failure<'not_found'>;
export type InvalidCart = Failure<'invalid_cart', { fields?: Record<string, string> }>;
type CartChanged = Failure<'cart_changed', { cart: Cart }>;

export type GetCartFailure = Forbidden;
export type SaveCartFailure = Forbidden | InvalidCart;
export type ReplaceCartFailure = NotFound | InvalidCart | CartChanged;
export type SetQuantityFailure = NotFound;
export type DeleteCartFailure = NotFound;

const invalid = (message: string, field?: string): InvalidCart =>
  fail('invalid_cart', message, field ? { fields: { [field]: message } } : {});

function linesOf(row: CartRow): CartLine[] {
  return CartSchema.parse(JSON.parse(row.lines));
}

function cartOf(row: CartRow, customer: ResolvedCustomer, message: string | null = null): Cart {
  return {
    id: row.id,
    userId: customer.userId,
    cart: linesOf(row),
    version: row.version,
    updatedAt: row.updated_at,
    message,
  };
}

/**
 * The sent lines checked against the catalogue and repriced, equal lines merged and every line capped
 * at 10 (`message` says when); any invalid line fails the whole request.
 */
export async function checkLines(
  db: Db,
  sent: readonly CartLineInput[],
): Promise<Result<{ lines: CartLine[]; message: string | null }, InvalidCart>> {
  if (sent.length > MAX_CART_LINES) return invalid(CART_MESSAGES.tooManyLines, 'cart');
  const check = await catalogueLineChecker(db);
  let lines: CartLine[] = [];
  let message: string | null = null;
  for (const [i, line] of sent.entries()) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) {
      return invalid(CART_MESSAGES.quantity, `cart.${i}.quantity`);
    }
    const checked = await check(line, i);
    if (!checked.ok) return invalid(checked.message, checked.field);
    const added = addLine(lines, {
      id: line.id,
      productId: checked.productId,
      itemId: line.itemId,
      priceId: checked.priceId,
      quantity: line.quantity,
      productCost: checked.unitAmount,
      size: checked.size,
      position: checked.position,
      design: checked.design,
    });
    lines = added.lines;
    message ??= added.message;
  }
  // The quantity call names a line by its itemId: two different lines must not share one.
  if (new Set(lines.map((l) => l.itemId)).size !== lines.length) {
    return invalid(CART_MESSAGES.sameItemId, 'cart');
  }
  return ok({ lines, message });
}

/** GET /cart/{userId}: `[cart]`, or `[]` when the caller has none. Someone else's user id: 403. */
export async function getCarts(
  db: Db,
  user: AuthUser,
  userId: string,
  options: CustomerOptions,
): Promise<Result<Cart[], GetCartFailure>> {
  const customer = await resolveCustomer(db, user, options);
  if (!isOwnUserId(customer, userId)) return fail('forbidden', CART_MESSAGES.notYours);
  const row = await settledCart(db, customer.row.id);
  return ok(row ? [cartOf(row, customer)] : []);
}

/**
 * POST /cart: creates the caller's cart, or merges the sent lines into the one they have with core
 * `mergeCarts(server, sent)` (the larger quantity wins; repeating it changes nothing more), under the
 * cart's row lock.
 */
export async function saveCart(
  db: Db,
  user: AuthUser,
  input: { userId: string; cart: readonly CartLineInput[] },
  options: CustomerOptions,
): Promise<Result<Cart, SaveCartFailure>> {
  const customer = await resolveCustomer(db, user, options);
  if (!isOwnUserId(customer, input.userId)) return fail('forbidden', CART_MESSAGES.notYours);
  const checked = await checkLines(db, input.cart);
  if (!checked.ok) return checked;
  const { lines, message } = checked.value;
  const customerId = customer.row.id;

  const saved = await db
    .transaction()
    .execute(async (trx): Promise<Result<CartRow, InvalidCart>> => {
      await settlePlacedOrders(trx, customerId);
      const at = nowIso();
      let current = await repo.lockCart(trx, { customerId });
      if (!current) {
        const fresh = {
          id: newId('cart'),
          customer_id: customerId,
          lines: JSON.stringify(lines),
          version: 1,
          created_at: at,
          updated_at: at,
        };
        if (await repo.insertCartOnce(trx, fresh)) return ok(fresh);
        // Another request created it meanwhile (its insert has committed): merge into that one.
        current = await repo.lockCart(trx, { customerId });
        if (!current) throw new Error(`The cart of ${customerId} vanished while being saved`);
      }
      const merged = mergeCarts(linesOf(current), lines);
      if (merged.length > MAX_CART_LINES) return invalid(CART_MESSAGES.tooManyLines, 'cart');
      const written = await repo.writeLines(trx, {
        id: current.id,
        customerId,
        lines: JSON.stringify(merged),
        at,
      });
      if (!written) throw new Error(`The locked cart ${current.id} was not written`);
      return ok(written);
    });
  return saved.ok ? ok(cartOf(saved.value, customer, message)) : saved;
}

/**
 * PATCH /cart/{id}: replaces the lines. With `version`: only if the cart is still at that version (one
 * compare-and-set UPDATE), else `cart_changed` with the current cart. Without: the last write wins.
 */
export async function replaceCart(
  db: Db,
  user: AuthUser,
  id: string,
  input: { cart: readonly CartLineInput[]; version?: number | undefined },
  options: CustomerOptions,
): Promise<Result<Cart, ReplaceCartFailure>> {
  const customer = await resolveCustomer(db, user, options);
  const customerId = customer.row.id;
  const checked = await checkLines(db, input.cart);
  if (!checked.ok) {
    // Someone else's or an unknown cart is a 404 whatever the body holds.
    if (!(await repo.findOwnedCart(db, id, customerId))) {
      return fail('not_found', CART_MESSAGES.notFound);
    }
    return checked;
  }
  const written = await db.transaction().execute(async (trx) => {
    // Settled first, though the lines are replaced: else the job of an order placed before this write
    // would later cut the lines it writes.
    await settlePlacedOrders(trx, customerId);
    return repo.writeLines(trx, {
      id,
      customerId,
      lines: JSON.stringify(checked.value.lines),
      at: nowIso(),
      ...(input.version !== undefined ? { expectedVersion: input.version } : {}),
    });
  });
  if (written) return ok(cartOf(written, customer, checked.value.message));
  const current = await repo.findOwnedCart(db, id, customerId);
  if (!current) return fail('not_found', CART_MESSAGES.notFound);
  return fail('cart_changed', CART_MESSAGES.changed, { cart: cartOf(current, customer) });
}

/**
 * PATCH /cart/quantity/{cartId}/{itemId}/{quantity}: sets one line's quantity under the cart's row lock,
 * so a concurrent change of another line is never lost. The route has checked 1..10.
 */
export async function setQuantity(
  db: Db,
  user: AuthUser,
  input: { cartId: string; itemId: number; quantity: number },
  options: CustomerOptions,
): Promise<Result<Cart, SetQuantityFailure>> {
  const customer = await resolveCustomer(db, user, options);
  const customerId = customer.row.id;
  return db.transaction().execute(async (trx): Promise<Result<Cart, SetQuantityFailure>> => {
    await settlePlacedOrders(trx, customerId);
    const current = await repo.lockCart(trx, { customerId, id: input.cartId });
    if (!current) return fail('not_found', CART_MESSAGES.notFound);
    const lines = linesOf(current);
    if (!lines.some((l) => l.itemId === input.itemId)) {
      return fail('not_found', CART_MESSAGES.lineNotFound);
    }
    const written = await repo.writeLines(trx, {
      id: current.id,
      customerId,
      lines: JSON.stringify(setLineQuantity(lines, input.itemId, input.quantity)),
      at: nowIso(),
      expectedVersion: current.version,
    });
    if (!written) throw new Error(`The locked cart ${current.id} changed under its lock`);
    return ok(cartOf(written, customer));
  });
}

/**
 * DELETE /cart/{id}: the caller's cart is gone (the next POST creates a new one). Nothing to settle:
 * that POST settles the placed orders before it makes the new bag, so none of them can cut it.
 */
export async function deleteCart(
  db: Db,
  user: AuthUser,
  id: string,
  options: CustomerOptions,
): Promise<Result<null, DeleteCartFailure>> {
  const customer = await resolveCustomer(db, user, options);
  if (!(await repo.deleteCart(db, id, customer.row.id))) {
    return fail('not_found', CART_MESSAGES.notFound);
  }
  return ok(null);
}
