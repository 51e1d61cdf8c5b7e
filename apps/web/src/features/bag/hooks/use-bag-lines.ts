import { subtotal, totalQuantity, type CartLine } from '@sunward/core/cart';
import type { Cents } from '@sunward/core/money';
import { useProducts } from '@/shared/api/catalog/get-products.ts';
import { useBagStore } from '@/shared/bag/bag-store.ts';

export interface PricedLine extends CartLine {
  /** The catalogue's current price (prices are always shown from the catalogue). */
  unitPrice: Cents;
}

/** The bag's lines priced from the catalogue; lines whose product is unknown are left out. */
export function useBagLines() {
  const lines = useBagStore((s) => s.lines);
  const products = useProducts().data ?? [];
  const byId = new Map(products.map((p) => [p.productId, p]));
  const priced: PricedLine[] = lines.flatMap((line) => {
    const product = byId.get(line.productId);
    return product ? [{ ...line, unitPrice: product.cost }] : [];
  });
  return {
    lines: priced,
    subtotal: subtotal(priced.map((l) => ({ quantity: l.quantity, productCost: l.unitPrice }))),
    count: totalQuantity(priced),
  };
}
