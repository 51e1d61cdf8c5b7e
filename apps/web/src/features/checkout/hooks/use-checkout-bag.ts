import { subtotal, totalQuantity, type CartLine } from '@sunward/core/cart';
import type { Cents } from '@sunward/core/money';
import { useProducts } from '@/shared/api/catalog/get-products.ts';
import { useBagStore } from '@/shared/bag/bag-store.ts';

export interface SummaryLine extends CartLine {
  /** The catalogue's current price. */
  unitPrice: Cents;
}

/** The bag as checkout shows it: lines priced from the catalogue (the server prices them again). */
export function useCheckoutBag() {
  const lines = useBagStore((s) => s.lines);
  const products = useProducts();
  const byId = new Map((products.data ?? []).map((p) => [p.productId, p]));
  const priced: SummaryLine[] = lines.map((line) => ({
    ...line,
    unitPrice: byId.get(line.productId)?.cost ?? line.productCost,
  }));
  return {
    /** The stored lines, as sent to create-pi. */
    cart: lines,
    lines: priced,
    subtotal: subtotal(priced.map((l) => ({ quantity: l.quantity, productCost: l.unitPrice }))),
    quantity: totalQuantity(lines),
  };
}
