import { expect, type APIRequestContext } from '@playwright/test';
import { query } from './database.ts';

/**
 * Reviews and returns behind the page for the fit-advice and console journeys (issue 29): orders
 * placed through the API as a guest would (sandbox card), marked delivered, reviewed (published as an
 * operator would, or waiting in the queue) and returned with a reason through the returns API.
 */
const PRODUCT = {
  productId: 'prod_sunward_upf50_shirt',
  priceId: 'price_sunward_upf50_shirt_4500',
};
const ADDRESS = {
  line1: '600 S Tryon St',
  line2: '',
  city: 'Charlotte',
  state: 'NC',
  postal_code: '28202',
};

async function ok<T = unknown>(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A guest order of one shirt of `design` in `size`, paid with the sandbox card, then delivered. */
export async function deliveredApiOrder(
  request: APIRequestContext,
  input: { design: string; size: string; email: string },
): Promise<{ orderId: string; orderNumber: string }> {
  const cart = [
    {
      ...PRODUCT,
      id: 'line-1',
      itemId: 1,
      quantity: 1,
      productCost: 4500,
      size: input.size,
      position: 'Front',
      design: input.design,
    },
  ];
  const started = await ok<{ paymentIntentId: string; clientSecret: string }>(
    await request.post('/api/orders/create-pi-guest', { data: { cart } }),
  );
  const ids = { paymentIntentId: started.paymentIntentId, clientSecret: started.clientSecret };
  const priced = await ok<{ total: number }>(
    await request.post('/api/orders/update-pi', {
      data: {
        ...ids,
        shippingOption: 'ground',
        address: ADDRESS,
        name: 'Avery Fit',
        email: input.email,
      },
    }),
  );
  await ok(
    await request.post('/api/orders/confirm-pi', {
      data: {
        ...ids,
        shippingOption: 'ground',
        address: { ...ADDRESS, country: 'US' },
        total: priced.total,
        paymentMethod: {
          type: 'card',
          card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
        },
        billingDetails: {
          name: 'Avery Fit',
          email: input.email,
          phone: '704-555-0100',
          address: ADDRESS,
        },
        returnUrl: 'http://localhost/success',
      },
    }),
  );
  const order = await ok<{ orderNumber: string }>(await request.post('/api/orders', { data: ids }));
  const [row] = await query<{ id: string }>('SELECT id FROM orders WHERE order_number = ?', [
    order.orderNumber,
  ]);
  // Delivered, as the carrier's scan or an operator leaves it.
  await query("UPDATE orders SET status = 'completed' WHERE id = ?", [row!.id]);
  return { orderId: row!.id, orderNumber: order.orderNumber };
}

/** A published review of the order's design (as the console leaves one an operator published). */
export async function publishedReview(
  order: { orderId: string },
  review: { design: string; size: string; fit: string; stars: number },
) {
  await storedReview(order, { ...review, status: 'published' });
}

/**
 * A review of the order's design written straight to the table: `status` (new waits in the console's
 * queue), `createdAt` (now unless told) and the buyer's `firstName` (none unless told).
 */
export async function storedReview(
  order: { orderId: string },
  review: {
    design: string;
    size: string;
    fit: string;
    stars: number;
    status: 'new' | 'published' | 'hidden';
    createdAt?: string;
    firstName?: string;
  },
) {
  const at = review.createdAt ?? new Date().toISOString();
  await query(
    `INSERT INTO reviews (id, order_id, customer_id, design, size, stars, fit, title, body,
       first_name, state, status, reply, reply_at, moderated_at, moderated_by, created_at, updated_at)
     VALUES (?, ?, NULL, ?, ?, ?, ?, NULL, NULL, ?, NULL, ?, NULL, NULL, ?, NULL, ?, ?)`,
    [
      `rv_e2e_${Math.random().toString(36).slice(2)}`,
      order.orderId,
      review.design,
      review.size,
      review.stars,
      review.fit,
      review.firstName ?? null,
      review.status,
      review.status === 'new' ? null : at,
      at,
      at,
    ],
  );
}

/** The order's one unit returned for a refund with `reason`, through the returns API as its guest. */
export async function returnedForReason(
  request: APIRequestContext,
  order: { orderNumber: string },
  unit: { design: string; size: string; email: string; reason: string },
) {
  await ok(
    await request.post('/api/orders/return', {
      data: {
        order: { orderNumber: order.orderNumber, email: unit.email },
        products: [
          {
            itemId: 0,
            returnType: 'Refund',
            returnReason: unit.reason,
            sizeExchange: '',
            positionExchange: '',
            selected: true,
            design: unit.design,
            position: 'Front',
            productCost: 4500,
            size: unit.size,
            productId: PRODUCT.productId,
          },
        ],
        orderProductCount: 1,
      },
    }),
  );
}

/** The review page's link in the invitation email's text. */
export function reviewLink(text: string): string {
  const match = /(https?:\/\/[^\s"<>]+\/review\?token=[^\s"<>]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no review link in: ${text}`);
  return match[1];
}
