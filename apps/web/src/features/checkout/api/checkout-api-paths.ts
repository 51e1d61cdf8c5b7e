/**
 * The checkout's API URLs (shared/api/api-paths.ts holds the catalogue's). The USPS calls carry the
 * address as URL-encoded JSON in the path (spec 7).
 */
export interface AddressParam {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
}

export const checkoutApiPaths = {
  addressCheck: (address: AddressParam) =>
    `/api/usps/address-check/${encodeURIComponent(JSON.stringify(address))}`,
  createPaymentIntentGuest: () => '/api/orders/create-pi-guest',
  /** The signed-in shopper's payment intent (bearer): the order belongs to their customer record. */
  createPaymentIntent: () => '/api/orders/create-pi',
  updatePaymentIntent: () => '/api/orders/update-pi',
  confirmPaymentIntent: () => '/api/orders/confirm-pi',
  createOrder: () => '/api/orders',
} as const;
