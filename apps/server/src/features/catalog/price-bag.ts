/**
 * Pricing a bag: the one function the checkout (and the console after it) prices with, from the
 * catalogue. Prices sent by the client are ignored; designs, sizes, positions, quantities and stock are
 * checked. Failures are values. The server cart checks its lines with the same line checker.
 */
import { MAX_LINE_QUANTITY, MESSAGES, POSITIONS, type Position } from '@sunward/core/cart';
import type { CheckoutCartLine } from '@sunward/core/checkout-schemas';
import { isDesignName, type DesignName } from '@sunward/core/designs';
import { isSizeCode, sizeLabel, type SizeCode } from '@sunward/core/sizes';
import type { Db } from '../../db/database.ts';
import { isOutOfStock } from '@sunward/core/stock';
import type { Failure } from '../../lib/result.ts';
import * as repo from './catalog.repository.ts';
import { sizeStock } from './catalog.service.ts';

export interface PricedLine {
  productId: string;
  priceId: string;
  design: string;
  size: string;
  position: string;
  quantity: number;
  /** Cents, from the catalogue. */
  unitAmount: number;
}

export type PriceBagResult =
  | { ok: true; lines: PricedLine[]; subtotal: number; quantity: number }
  | Failure<'invalid_bag', { fields?: Record<string, string> }>;

export const BAG_MESSAGES = {
  emptyBag: 'Your bag is empty. Add a shirt before checking out.',
  productGone: 'This shirt is no longer available. Please remove it from your bag.',
  maxQuantity: `${MESSAGES.maxQuantity}: at most ${MAX_LINE_QUANTITY} of each shirt.`,
} as const;

type Line = Pick<CheckoutCartLine, 'productId' | 'design' | 'size' | 'position' | 'quantity'> & {
  priceId?: string | undefined;
};

/** A line checked against the catalogue, or the first thing wrong with it (and the field it names). */
export type CheckedLine =
  | {
      ok: true;
      productId: string;
      priceId: string;
      unitAmount: number;
      design: DesignName;
      size: SizeCode;
      position: Position;
    }
  | { ok: false; message: string; field: string };

type LineChecker = (
  line: Pick<Line, 'productId' | 'design' | 'size' | 'position'>,
  index: number,
) => Promise<CheckedLine>;

/**
 * Checks lines the way the bag is priced: a known active design, a size code, a print position, an
 * active product and its current default price (whatever price the client names is ignored). The
 * checkout and the server cart both check through this. `index` names the field (`cart.<i>.design`).
 */
export async function catalogueLineChecker(db: Db): Promise<LineChecker> {
  const designs = await repo.activeDesignNames(db);
  // Every line of a bag is the same blank shirt in another design or size: read its price once.
  const prices = new Map<string, ReturnType<typeof repo.findActiveProductPrice>>();
  return async (line, i) => {
    const wrong = (message: string, field: string): CheckedLine => ({
      ok: false,
      message,
      field: `cart.${i}.${field}`,
    });
    if (!isDesignName(line.design) || !designs.has(line.design)) {
      return wrong(`We don't have a design called "${line.design}".`, 'design');
    }
    if (!isSizeCode(line.size)) return wrong(`"${line.size}" is not a shirt size.`, 'size');
    const position = POSITIONS.find((p) => p === line.position);
    if (!position) return wrong('Choose Front or Back for the print position.', 'position');
    // The product's current default price: whatever price the client names or sends is ignored.
    let read = prices.get(line.productId);
    if (!read) prices.set(line.productId, (read = repo.findActiveProductPrice(db, line.productId)));
    const price = await read;
    if (!price) return wrong(BAG_MESSAGES.productGone, 'productId');
    return {
      ok: true,
      productId: price.productId,
      priceId: price.priceId,
      unitAmount: price.unitAmount,
      design: line.design,
      size: line.size,
      position,
    };
  };
}

export async function priceBag(db: Db, cart: readonly Line[]): Promise<PriceBagResult> {
  const fail = (message: string, field?: string): PriceBagResult => ({
    ok: false,
    code: 'invalid_bag',
    message,
    ...(field ? { fields: { [field]: message } } : {}),
  });
  if (cart.length === 0) return fail(BAG_MESSAGES.emptyBag, 'cart');

  const check = await catalogueLineChecker(db);
  const merged = new Map<string, PricedLine>();
  const stockBySize = new Map<string, number>();
  for (const [i, line] of cart.entries()) {
    if (line.quantity > MAX_LINE_QUANTITY) {
      return fail(BAG_MESSAGES.maxQuantity, `cart.${i}.quantity`);
    }
    const checked = await check(line, i);
    if (!checked.ok) return fail(checked.message, checked.field);

    const key = [checked.productId, line.size, line.position, line.design].join('|');
    const existing = merged.get(key);
    const quantity = (existing?.quantity ?? 0) + line.quantity;
    if (quantity > MAX_LINE_QUANTITY) {
      return fail(BAG_MESSAGES.maxQuantity, `cart.${i}.quantity`);
    }
    merged.set(key, {
      productId: checked.productId,
      priceId: checked.priceId,
      design: line.design,
      size: line.size,
      position: line.position,
      quantity,
      unitAmount: checked.unitAmount,
    });
    const sizeKey = `${checked.productId}|${line.size}`;
    stockBySize.set(sizeKey, (stockBySize.get(sizeKey) ?? 0) + line.quantity);
  }

  const inventories = new Map<string, Awaited<ReturnType<typeof repo.listInventory>>>();
  for (const [sizeKey, wanted] of stockBySize) {
    const [productId, size] = sizeKey.split('|') as [string, string];
    if (!inventories.has(productId))
      inventories.set(productId, await repo.listInventory(db, productId));
    const row = inventories.get(productId)!.find((r) => r.size === size);
    const label = sizeLabel(size);
    if (isOutOfStock(sizeStock(row))) {
      return fail(`Size ${label} is out of stock. Please choose another size.`, 'cart');
    }
    const counted = row?.stock ?? null;
    if (counted !== null && wanted > counted) {
      return fail(`Only ${counted} left in size ${label}. Please lower the quantity.`, 'cart');
    }
  }

  const lines = [...merged.values()];
  return {
    ok: true,
    lines,
    subtotal: lines.reduce((s, l) => s + l.unitAmount * l.quantity, 0),
    quantity: lines.reduce((s, l) => s + l.quantity, 0),
  };
}
