// What a shopper sends on the checkout path, as the storefront sends it: one bag line, a Charlotte
// address, the update (address and shipping) and Place Order with the sandbox's test card. Shared by
// the checkout bench and the load bench.

export const PRODUCT = 'prod_sunward_upf50_shirt';

export function cartLine(overrides = {}) {
  return {
    id: 'l1',
    productId: PRODUCT,
    itemId: 1,
    priceId: 'price_sunward_upf50_shirt_4500',
    quantity: 1,
    productCost: 4500,
    size: 'mdr',
    position: 'Front',
    design: 'alaska',
    ...overrides,
  };
}

export const address = {
  line1: '600 S Tryon St',
  line2: '',
  city: 'Charlotte',
  state: 'NC',
  postal_code: '28202',
};

/** POST /api/orders/update-pi: the address and ground shipping for the intent `keys` names. */
export function updateBody(keys, name) {
  return {
    ...keys,
    shippingOption: 'ground',
    address,
    name,
    email: 'bench@example.com',
  };
}

/** POST /api/orders/confirm-pi: Place Order for the total the page shows (decision 009). */
export function confirmBody(keys, total, name, returnUrl) {
  return {
    ...keys,
    shippingOption: 'ground',
    address: { ...address, country: 'US' },
    total,
    paymentMethod: {
      type: 'card',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    },
    billingDetails: { name, email: 'bench@example.com', address },
    returnUrl,
  };
}
