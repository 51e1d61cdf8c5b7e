import { useMutation } from '@tanstack/react-query';
import {
  AddressCheckResponseSchema,
  type AddressCheckResponse,
} from '@sunward/core/checkout-schemas';
import { getJson } from '@/shared/api/http.ts';
import { checkoutApiPaths, type AddressParam } from './checkout-api-paths.ts';

/**
 * GET /api/usps/address-check/:address: the normalised address (verified when equal to the entered
 * one, else a suggestion) or a message saying why it cannot be delivered to.
 */
export function checkAddress(address: AddressParam): Promise<AddressCheckResponse> {
  return getJson(checkoutApiPaths.addressCheck(address), AddressCheckResponseSchema);
}

export function useCheckAddress() {
  return useMutation({ mutationFn: checkAddress });
}
