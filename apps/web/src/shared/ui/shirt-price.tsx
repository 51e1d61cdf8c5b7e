import { formatMoney } from '@sunward/core/money';
import { useShirtProduct } from '@/shared/api/catalog/get-products.ts';

/**
 * The shirt's price as the catalogue has it (spec 9: cents shown as dollars with 2 decimals), for each
 * design tile: every design is the same shirt at the same price.
 */
export function ShirtPrice({ className }: { className: string }) {
  const shirt = useShirtProduct();
  if (!shirt) return null;
  return <p className={className}>{formatMoney(shirt.cost)}</p>;
}
