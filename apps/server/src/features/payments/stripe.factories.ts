/** Stripe API shapes for tests: what Stripe returns for a paid card charge. */
export function stripeCharge(
  card: { brand: string; last4: string } = { brand: 'visa', last4: '4242' },
) {
  return {
    id: 'ch_1',
    object: 'charge',
    amount_refunded: 0,
    billing_details: {
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
      phone: null,
      address: {
        line1: '1 Main St',
        line2: null,
        city: 'Charlotte',
        state: 'NC',
        postal_code: '28202',
        country: 'US',
      },
    },
    payment_method_details: { type: 'card', card },
  };
}
