/**
 * The console's catalogue (issue 15, item 4): what is on sale and what is left. Operators see every
 * design and product whatever their state, each size's count, switch and what checkouts hold now, and
 * change them:
 * - a size's stock count (null: not counted) and out-of-stock switch, compare-and-set on the row's
 *   version: a sale or another operator in between answers `stock_changed` with the current values;
 * - a design's switch (an inactive design leaves the storefront and is refused in bags and checkouts);
 * - the shirt's price: a new price row becomes the default and the old one stays, inactive, since
 *   orders and checkouts name prices by id. A checkout priced before the change is refused at Place
 *   Order (`total_changed`) and priced again, so the shopper sees the new total before paying.
 *
 * Stock is kept per product and size, for every design alike: the shop prints its designs on the
 * shirts it has (front or back, the shopper's choice), so what runs out is a size of shirt; a design is
 * on sale or not. A write that changes nothing (a retry, a double click) answers the current values and
 * records nothing. Every change is recorded with the operator in its transaction, and afterwards this
 * process drops its cached catalogue answers (other processes follow within CATALOG_CACHE_MS).
 */
import { formatMoney } from '@sunward/core/money';
import { SIZE_CODES, sizeLabel, type SizeCode } from '@sunward/core/sizes';
import { isOutOfStock } from '@sunward/core/stock';
import type { ProductFacts } from '@sunward/core/product-facts';
import type { Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { publishEvent } from '../../lib/jobs/events.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import * as repo from './admin-catalog.repository.ts';
import type { InventoryRow, ProductFactsRow } from './catalog.table.ts';
import { listAllFacts } from './product-facts.repository.ts';
import { consoleSizeGuides, type ConsoleMeasurement } from './size-guide.service.ts';
import { sizeStock } from './catalog.service.ts';
import { SIZE_BACK_ON_SALE, type SizeBackOnSale } from './catalog.events.ts';

export const MAX_STOCK = 100_000;
export const PRICE_RANGE = { min: 100, max: 100_000 } as const;

export const CATALOG_MESSAGES = {
  stock: `Stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-US')}, or empty when the size is not counted.`,
  price: `The price must be a dollar amount from ${formatMoney(PRICE_RANGE.min)} to ${formatMoney(PRICE_RANGE.max)}.`,
  productNotFound: 'No product with that id.',
} as const;

export interface ConsoleSize {
  size: SizeCode;
  label: string;
  /** Units on hand, or null when the size is not counted. */
  stock: number | null;
  /** The operator's switch. */
  outOfStock: boolean;
  /** Held by checkouts being paid for now. */
  reserved: number;
  /** What a new checkout could still take: stock less the holds (null: not counted). */
  available: number | null;
  /** What the storefront's size select shows (the switch, a count of 0, or no record). */
  shownOutOfStock: boolean;
  /** Send it back with a change (compare-and-set). */
  version: number;
}

export interface ConsoleProduct {
  id: string;
  name: string;
  active: boolean;
  /** The price shoppers pay now, in cents (null: the product has no active default price). */
  price: { id: string; unitAmount: number } | null;
  sizes: ConsoleSize[];
  /** The facts shoppers read (fabric, UPF, fit, weight, care) and their version; null: none yet. */
  facts: { facts: ProductFacts; version: number } | null;
  /** The size guide: each size's measurements in inches, with its version. */
  sizeGuide: ConsoleMeasurement[];
}

export interface ConsoleDesign {
  designName: string;
  designTitle: string;
  active: boolean;
  sortOrder: number;
}

export interface ConsoleCatalog {
  products: ConsoleProduct[];
  designs: ConsoleDesign[];
}

/** What a change needs besides the database: this process's catalogue cache, to drop after a write. */
export interface AdminCatalogDeps {
  cache: { invalidate(): void };
}

function sizeView(size: SizeCode, row: InventoryRow | undefined, reserved: number): ConsoleSize {
  const stock = row?.stock ?? null;
  return {
    size,
    label: sizeLabel(size),
    stock,
    outOfStock: row ? row.out_of_stock === 1 : true,
    reserved,
    available: stock === null ? null : Math.max(0, stock - reserved),
    shownOutOfStock: isOutOfStock(sizeStock(row)),
    version: row?.version ?? 0,
  };
}

const designView = (row: {
  name: string;
  title: string;
  active: number;
  sort_order: number;
}): ConsoleDesign => ({
  designName: row.name,
  designTitle: row.title,
  active: row.active === 1,
  sortOrder: row.sort_order,
});

function factsOf(row: ProductFactsRow | undefined): ConsoleProduct['facts'] {
  if (!row) return null;
  const { fabric, upf, fit, weight, standard, care, version } = row;
  return { facts: { fabric, upf, fit, weight, standard, care }, version };
}

export async function getConsoleCatalog(db: Db, now = new Date()): Promise<ConsoleCatalog> {
  const [products, inventory, reserved, designs, facts, guides] = await Promise.all([
    repo.listProductsWithPrice(db),
    repo.listAllInventory(db),
    repo.listReserved(db, now.toISOString()),
    repo.listAllDesigns(db),
    listAllFacts(db),
    consoleSizeGuides(db),
  ]);
  return {
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      active: p.active === 1,
      price:
        p.default_price_id && p.unit_amount !== null
          ? { id: p.default_price_id, unitAmount: p.unit_amount }
          : null,
      sizes: SIZE_CODES.map((size) =>
        sizeView(
          size,
          inventory.find((r) => r.product_id === p.id && r.size === size),
          reserved.find((r) => r.product_id === p.id && r.size === size)?.reserved ?? 0,
        ),
      ),
      facts: factsOf(facts.find((f) => f.product_id === p.id)),
      sizeGuide: guides.get(p.id) ?? [],
    })),
    designs: designs.map(designView),
  };
}

async function currentSize(db: Db, productId: string, size: SizeCode): Promise<ConsoleSize> {
  const [row, reserved] = await Promise.all([
    repo.findInventoryRow(db, productId, size),
    repo.listReserved(db, nowIso(), productId),
  ]);
  return sizeView(size, row, reserved.find((r) => r.size === size)?.reserved ?? 0);
}

export type StockFailure =
  Failure<'not_found' | 'invalid_stock'> | Failure<'stock_changed', { current: ConsoleSize }>;

export interface StockChange {
  productId: string;
  size: SizeCode;
  /** The version the operator saw (ConsoleSize.version). */
  version: number;
  /** A new count (null: stop counting); absent: unchanged. */
  stock?: number | null | undefined;
  /** A new switch; absent: unchanged. */
  outOfStock?: boolean | undefined;
}

/** Sets a size's count and/or switch, if nobody changed it since the operator read `version`. */
export async function updateSizeStock(
  db: Db,
  deps: AdminCatalogDeps,
  operator: Operator,
  change: StockChange,
): Promise<Result<ConsoleSize, StockFailure>> {
  const { productId, size } = change;
  if (
    change.stock != null &&
    !(Number.isInteger(change.stock) && change.stock >= 0 && change.stock <= MAX_STOCK)
  ) {
    return fail('invalid_stock', CATALOG_MESSAGES.stock);
  }
  const result = await db.transaction().execute(async (trx) => {
    const row = await repo.findInventoryRow(trx, productId, size);
    if (!row) {
      return fail(
        'not_found',
        `${productId} has no stock record for size ${sizeLabel(size)}. Run npm run db:seed to add it.`,
      );
    }
    const next = {
      stock: change.stock === undefined ? row.stock : change.stock,
      out_of_stock: change.outOfStock === undefined ? row.out_of_stock : change.outOfStock ? 1 : 0,
    };
    const same = next.stock === row.stock && next.out_of_stock === row.out_of_stock;
    // Already as asked (a retry, a double click, two operators agreeing): nothing to write.
    if (same) return ok('unchanged' as const);
    const at = nowIso();
    const written =
      row.version === change.version &&
      (await repo.updateInventoryIfVersion(trx, change, next, at));
    if (!written) return ok('stale' as const);
    await recordOperatorAction(trx, operator, {
      action: 'stock.update',
      targetType: 'product',
      targetId: productId,
      detail: {
        size,
        from: { stock: row.stock, outOfStock: row.out_of_stock === 1 },
        to: { stock: next.stock, outOfStock: next.out_of_stock === 1 },
      },
      at,
    });
    // Back on sale: the shoppers waiting for it hear of it if and only if this change commits.
    if (isOutOfStock(sizeStock(row)) && !isOutOfStock(sizeStock(next))) {
      const version = row.version + 1;
      await publishEvent<SizeBackOnSale>(trx, {
        name: SIZE_BACK_ON_SALE,
        data: { productId, size, version },
        key: `${productId}:${size}:${version}`,
      });
    }
    return ok('changed' as const);
  });
  if (!result.ok) return result;
  if (result.value === 'changed') deps.cache.invalidate();
  const current = await currentSize(db, productId, size);
  if (result.value !== 'stale') return ok(current);
  // Lost a race to a write that left the size as asked: the retry of a double click.
  const asAsked =
    (change.stock === undefined || change.stock === current.stock) &&
    (change.outOfStock === undefined || change.outOfStock === current.outOfStock);
  if (asAsked) return ok(current);
  const now = current.stock === null ? 'not counted' : `${current.stock} in stock`;
  return fail(
    'stock_changed',
    `Size ${current.label} changed while you were editing it (now ${now}${current.outOfStock ? ', switched out of stock' : ''}). Check the current values and save again.`,
    { current },
  );
}

export type DesignFailure = Failure<'not_found'>;

/** Puts a design on sale or takes it off. */
export async function setDesignActive(
  db: Db,
  deps: AdminCatalogDeps,
  operator: Operator,
  change: { designName: string; active: boolean },
): Promise<Result<ConsoleDesign, DesignFailure>> {
  const { designName, active } = change;
  const changed = await db.transaction().execute(async (trx) => {
    const design = await repo.findDesign(trx, designName);
    if (!design) return undefined;
    // Only the call that flips the switch records it: concurrent identical calls make one change.
    if (!(await repo.switchDesign(trx, designName, active))) return false;
    await recordOperatorAction(trx, operator, {
      action: active ? 'design.activate' : 'design.deactivate',
      targetType: 'design',
      targetId: designName,
      detail: { title: design.title, from: { active: !active }, to: { active } },
    });
    return true;
  });
  if (changed === undefined) {
    return fail('not_found', `No design called ${JSON.stringify(designName)}.`);
  }
  if (changed) deps.cache.invalidate();
  return ok(designView((await repo.findDesign(db, designName))!));
}

export interface ConsolePrice {
  productId: string;
  priceId: string;
  unitAmount: number;
}

export type PriceFailure =
  | Failure<'not_found' | 'invalid_price'>
  | Failure<'price_changed', { current: ConsolePrice | null }>;

/**
 * Changes the product's price to `unitAmount` cents, if its price is still `expectedPriceId` (the one
 * the operator saw). The new price applies to every bag priced from now on.
 */
export async function changePrice(
  db: Db,
  deps: AdminCatalogDeps,
  operator: Operator,
  change: { productId: string; expectedPriceId: string; unitAmount: number },
): Promise<Result<ConsolePrice, PriceFailure>> {
  const { productId, expectedPriceId, unitAmount } = change;
  if (
    !Number.isInteger(unitAmount) ||
    unitAmount < PRICE_RANGE.min ||
    unitAmount > PRICE_RANGE.max
  ) {
    return fail('invalid_price', CATALOG_MESSAGES.price);
  }
  const current = async (trx: Db): Promise<ConsolePrice | null | undefined> => {
    const row = await repo.findProductPrice(trx, productId);
    if (!row) return undefined;
    return row.default_price_id && row.unit_amount !== null
      ? { productId, priceId: row.default_price_id, unitAmount: row.unit_amount }
      : null;
  };
  const outcome = await db.transaction().execute(async (trx) => {
    const before = await current(trx);
    if (before === undefined) return 'not_found' as const;
    // Already at that price (a retry, a double click): nothing to write.
    if (before?.unitAmount === unitAmount) return 'unchanged' as const;
    const at = nowIso();
    if (
      before?.priceId !== expectedPriceId ||
      !(await repo.claimProductPrice(trx, productId, expectedPriceId, at))
    ) {
      return 'stale' as const;
    }
    const priceId = newId('price');
    await repo.replacePrice(
      trx,
      {
        id: priceId,
        product_id: productId,
        unit_amount: unitAmount,
        currency: 'usd',
        active: 1,
        created_at: at,
      },
      at,
    );
    await recordOperatorAction(trx, operator, {
      action: 'price.change',
      targetType: 'product',
      targetId: productId,
      detail: {
        from: { priceId: before.priceId, unitAmount: before.unitAmount },
        to: { priceId, unitAmount },
      },
      at,
    });
    return 'changed' as const;
  });
  if (outcome === 'not_found') return fail('not_found', CATALOG_MESSAGES.productNotFound);
  if (outcome === 'changed') deps.cache.invalidate();
  const now = await current(db);
  if (outcome === 'stale') {
    // A claim that lost to a change of the same amount ends as asked: the retry of a double click.
    if (now?.unitAmount === unitAmount) return ok(now);
    return fail(
      'price_changed',
      `The price changed while you were editing it (now ${now ? formatMoney(now.unitAmount) : 'none'}). Check it and save again.`,
      { current: now ?? null },
    );
  }
  return ok(now!);
}
