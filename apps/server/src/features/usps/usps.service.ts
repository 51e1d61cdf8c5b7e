/** Address check and rate quote, through the providers the app was given (plugins/providers.ts). */
import type { Address } from '@sunward/core/schemas';
import type { Db } from '../../db/database.ts';
import { loadSettings } from '../settings/settings.api.ts';
import type { QuoteResult, UspsServices } from './usps.types.ts';

export function checkAddress(usps: UspsServices, address: Address) {
  return usps.verifier.check(address);
}

/** Base prices for `quantity` shirts between two ZIPs (no free-shipping rule applied here). */
export async function quoteShipping(
  db: Db,
  usps: UspsServices,
  input: { fromZip: string; toZip: string; quantity: number },
): Promise<QuoteResult & { weightOz?: number }> {
  const settings = await loadSettings(db);
  const weightOz = settings.shirtWeightOz * input.quantity;
  const result = await usps.quoter.quote({
    fromZip: input.fromZip,
    toZip: input.toZip,
    weightOz,
    rateCard: settings.rateCard,
  });
  return { ...result, weightOz };
}
