import { SIZE_CODES, type SizeCode } from '@sunward/core/sizes';
import type { Inventory, Product } from '@sunward/core/schemas';
import type { ProductFacts } from '@sunward/core/product-facts';
import { isDesignName, type Design } from '@sunward/core/designs';
import { isOutOfStock, type SizeStock } from '@sunward/core/stock';
import type { Db } from '../../db/database.ts';
import * as repo from './catalog.repository.ts';
import { sizeGuidesOf } from './size-guide.service.ts';
import type { InventoryRow } from './catalog.table.ts';

/** Spec 7: the raw product shape (id, default_price, metadata.category, prices[0].unit_amount). */
export async function listProducts(db: Db): Promise<Product[]> {
  const products = await repo.listActiveProducts(db);
  const ids = products.map((p) => p.id);
  const [prices, facts, guides] = await Promise.all([
    repo.listPricesForProducts(db, ids),
    repo.listFactsForProducts(db, ids),
    sizeGuidesOf(db, ids),
  ]);
  return products.map((p) => {
    const own = prices.filter((price) => price.product_id === p.id);
    // The default price comes first so prices[0].unit_amount is what the shopper pays.
    own.sort((a, b) => Number(b.id === p.default_price_id) - Number(a.id === p.default_price_id));
    return {
      id: p.id,
      object: 'product' as const,
      active: p.active === 1,
      name: p.name,
      description: p.description,
      default_price: p.default_price_id ?? own[0]?.id ?? '',
      images: JSON.parse(p.images) as string[],
      metadata: { category: p.category },
      facts: factsOf(facts.find((f) => f.product_id === p.id)),
      sizeGuide: guides.get(p.id) ?? [],
      prices: own.map((price) => ({
        id: price.id,
        unit_amount: price.unit_amount,
        currency: 'usd' as const,
      })),
    };
  });
}

function factsOf(row: (ProductFacts & { product_id: string }) | undefined): ProductFacts | null {
  if (!row) return null;
  const { fabric, upf, fit, weight, standard, care } = row;
  return { fabric, upf, fit, weight, standard, care };
}

export async function getProduct(db: Db, id: string): Promise<Product | undefined> {
  return (await listProducts(db)).find((p) => p.id === id);
}

export async function listDesigns(db: Db): Promise<Design[]> {
  const rows = await repo.listActiveDesigns(db);
  return rows
    .filter((r) => isDesignName(r.name))
    .map((r) => ({ designName: r.name as Design['designName'], designTitle: r.title }));
}

/** An inventory row as core's SizeStock (undefined when the size has no row). */
export function sizeStock(
  row: Pick<InventoryRow, 'stock' | 'out_of_stock'> | undefined,
): SizeStock | undefined {
  return row && { stock: row.stock, outOfStock: row.out_of_stock === 1 };
}

/** Every size code with its outOfStock flag; a size with no row is out of stock. */
export async function getInventory(db: Db, productId: string): Promise<Inventory | undefined> {
  const product = await repo.findProduct(db, productId);
  if (!product || product.active !== 1) return undefined;
  const rows = await repo.listInventory(db, productId);
  const sizes = {} as Record<SizeCode, { outOfStock: boolean }>;
  for (const code of SIZE_CODES) {
    const row = rows.find((r) => r.size === code);
    sizes[code] = { outOfStock: isOutOfStock(sizeStock(row)) };
  }
  return { productId, sizes };
}
