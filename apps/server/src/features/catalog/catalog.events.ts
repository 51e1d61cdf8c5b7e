/**
 * What the catalogue publishes (lib/jobs/events.ts), for the features that react to it. The writer
 * does not know who reacts: marketing emails the shoppers waiting for the size (decision 050).
 */

/**
 * A size is back on sale (shown out of stock before, not after), in the transaction that changed it:
 * an operator's change, or stock given back by a cancelled order or a received return.
 */
export const SIZE_BACK_ON_SALE = 'stock.back-on-sale';

export interface SizeBackOnSale {
  productId: string;
  size: string;
  /** The inventory row's version after the change: one occurrence per return to stock. */
  version: number;
}
