import type { Address } from '@sunward/core/schemas';
import type { UspsAddress } from '@sunward/core/checkout-schemas';
import type { RateCard, ShippingQuote } from '@sunward/core/shipping';
import type { Failure } from '../../lib/result.ts';

/** An address that can exist (normalised or corrected), an address that cannot, or no answer. */
export type AddressCheckResult =
  { ok: true; address: UspsAddress } | Failure<'undeliverable' | 'unavailable'>;

export interface AddressVerifier {
  readonly name: 'offline' | 'usps-api';
  check(address: Address): Promise<AddressCheckResult>;
}

export interface QuoteInput {
  fromZip: string;
  toZip: string;
  weightOz: number;
  /** The offline card from settings; the USPS API adapter ignores it. */
  rateCard: RateCard;
}

export type QuoteResult =
  ({ ok: true; zone?: number } & ShippingQuote) | Failure<'bad_zip' | 'unavailable'>;

export interface RateQuoter {
  readonly name: 'offline' | 'usps-api';
  quote(input: QuoteInput): Promise<QuoteResult>;
}

/** The postal service's two providers (wired in plugins/providers.ts): the USPS API or offline. */
export interface UspsServices {
  verifier: AddressVerifier;
  quoter: RateQuoter;
}

export const UNAVAILABLE_MESSAGE =
  'The postal service is not answering right now. Please try again in a minute.';
