/** Test factories for the checkout path: bag lines, addresses, and a checkout driven to each stage. */
import type { CheckoutCartLine, Order } from '@sunward/core/checkout-schemas';
import type { TestApp } from '../../../test/test-app.ts';
import { SHIRT_PRICE_ID, SHIRT_PRODUCT_ID } from '../../db/seed.ts';

export function cartLine(overrides: Partial<CheckoutCartLine> = {}): CheckoutCartLine {
  return {
    id: 'line-1',
    productId: SHIRT_PRODUCT_ID,
    itemId: 123456,
    priceId: SHIRT_PRICE_ID,
    quantity: 1,
    productCost: 4500,
    size: 'mdr',
    position: 'Front',
    design: 'alaska',
    ...overrides,
  };
}

export function address(overrides: Record<string, string> = {}) {
  return {
    line1: '600 S Tryon St',
    line2: '',
    city: 'Charlotte',
    state: 'NC',
    postal_code: '28202',
    ...overrides,
  };
}

export interface StartedCheckout {
  paymentIntentId: string;
  clientSecret: string;
  subtotal: number;
  amount: number;
}

/** create-pi-guest, or with a bearer `token` the signed-in create-pi. */
export async function startCheckout(
  t: TestApp,
  cart: CheckoutCartLine[] = [cartLine({ quantity: 2 })],
  token?: string,
): Promise<StartedCheckout> {
  const res = token
    ? await t.request(
        'POST',
        '/api/orders/create-pi',
        { cart },
        { authorization: `Bearer ${token}` },
      )
    : await t.request('POST', '/api/orders/create-pi-guest', { cart });
  if (res.status !== 200) throw new Error(`create-pi ${res.status}: ${res.text}`);
  return res.body as StartedCheckout;
}

export async function readyCheckout(
  t: TestApp,
  options: {
    cart?: CheckoutCartLine[];
    shippingOption?: 'ground' | 'priority';
    address?: Record<string, string>;
    email?: string;
    /** A bearer token: the checkout is started signed in (create-pi). */
    token?: string;
    /** A discount code typed at checkout (issue 28). */
    discountCode?: string;
    /** The box "Email me a reminder if I leave items in my bag" ticked. */
    reminderConsent?: boolean;
  } = {},
) {
  const started = await startCheckout(t, options.cart, options.token);
  const res = await t.request('POST', '/api/orders/update-pi', {
    paymentIntentId: started.paymentIntentId,
    clientSecret: started.clientSecret,
    shippingOption: options.shippingOption ?? 'ground',
    address: options.address ?? address(),
    name: 'Jamie Rivera',
    email: options.email ?? 'jamie@example.com',
    ...(options.discountCode !== undefined && { discountCode: options.discountCode }),
    ...(options.reminderConsent === undefined ? {} : { reminderConsent: options.reminderConsent }),
  });
  if (res.status !== 200) throw new Error(`update-pi ${res.status}: ${res.text}`);
  return {
    ...started,
    totals: res.body as {
      subtotal: number;
      shipping: number;
      discount?: number;
      salesTax: number;
      total: number;
    },
  };
}

/**
 * The Place Order body for a checkout as the page would send it: the address, option and total the
 * server priced (read from the checkout row unless given), and a sandbox test card.
 */
export async function confirmBody(
  t: TestApp,
  checkout: StartedCheckout,
  overrides: { number?: string; shippingOption?: string; total?: number; address?: object } = {},
) {
  const row = await t.database.db
    .selectFrom('checkouts')
    .selectAll()
    .where('payment_intent_id', '=', checkout.paymentIntentId)
    .executeTakeFirst();
  const priced = row?.shipping_address
    ? (JSON.parse(row.shipping_address) as Record<string, string>)
    : address();
  const { country: _country, ...shownAddress } = { country: 'US', ...priced };
  return {
    paymentIntentId: checkout.paymentIntentId,
    clientSecret: checkout.clientSecret,
    shippingOption: overrides.shippingOption ?? row?.shipping_option ?? 'ground',
    address: { ...shownAddress, ...overrides.address, country: 'US' },
    total: overrides.total ?? row?.total ?? checkout.amount,
    paymentMethod: {
      type: 'card',
      card: {
        number: overrides.number ?? '4242 4242 4242 4242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 3,
        cvc: '123',
      },
    },
    billingDetails: {
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
      phone: '704-555-0100',
      address: address(),
    },
    returnUrl: `${t.baseUrl}/success`,
  };
}

/** Place Order with a sandbox test card for what the server priced (POST /api/orders/confirm-pi). */
export async function pay(t: TestApp, checkout: StartedCheckout, number?: string) {
  return t.request(
    'POST',
    '/api/orders/confirm-pi',
    await confirmBody(t, checkout, number ? { number } : {}),
  );
}

/**
 * A checkout paid end to end and its order, as the success page gets it (POST /api/orders): signed in
 * with `token`, as a guest without.
 */
export async function placeOrder(t: TestApp, options: Parameters<typeof readyCheckout>[1] = {}) {
  const c = await readyCheckout(t, options);
  const paid = await pay(t, c);
  if (paid.status !== 200) throw new Error(`confirm-pi ${paid.status}: ${paid.text}`);
  const res = await t.request('POST', '/api/orders', {
    paymentIntentId: c.paymentIntentId,
    clientSecret: c.clientSecret,
  });
  if (res.status !== 200) throw new Error(`orders ${res.status}: ${res.text}`);
  return { checkout: c, order: res.body as Order };
}

/** Marks an intent paid in the sandbox's table without sending the webhook (for webhook tests). */
export async function markPaidSilently(t: TestApp, paymentIntentId: string) {
  await t.database.db
    .updateTable('sandbox_payment_intents')
    .set({ status: 'succeeded', card_brand: 'visa', card_last4: '4242' })
    .where('id', '=', paymentIntentId)
    .execute();
}

export async function countRows(t: TestApp) {
  const db = t.database.db;
  const n = async (
    table: 'orders' | 'order_items' | 'order_events' | 'email_outbox' | 'webhook_events',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    orders: await n('orders'),
    items: await n('order_items'),
    events: await n('order_events'),
    emails: await n('email_outbox'),
    webhooks: await n('webhook_events'),
  };
}

/**
 * The sales-tax rate of the address factory's Charlotte, NC 28202 (Mecklenburg County): the state's
 * 4.75%, the county's 2% and the transit tax's 0.5%.
 */
export const CHARLOTTE_TAX = {
  ratePpm: 72500,
  parts: [
    { label: 'North Carolina', ratePpm: 47500 },
    { label: 'Mecklenburg County', ratePpm: 20000 },
    { label: 'Mecklenburg County transit', ratePpm: 5000 },
  ],
};
