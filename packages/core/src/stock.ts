/**
 * Whether a size can be sold, by the one rule the storefront, the pricing of a bag and the stock
 * reservations share: a size is out of stock when the operator marked it so, when its counted stock is
 * zero or less, or when the catalogue has no record of it. A stock of null is not counted (never runs
 * out by count).
 */

/** A size's stock as the catalogue keeps it. */
export interface SizeStock {
  /** Units left, or null when the size's stock is not counted. */
  stock: number | null;
  /** The operator's switch: out of stock whatever the count. */
  outOfStock: boolean;
}

export function isOutOfStock(size: SizeStock | undefined): boolean {
  return size === undefined || size.outOfStock || (size.stock !== null && size.stock <= 0);
}
