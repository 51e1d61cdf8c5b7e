/**
 * Test factory: a customer with data in every table that can hold some, made through the shop as a
 * shopper would (a built-in account signed in, a bag, two paid orders signed in (one returned, one
 * cancelled and refunded), an abandoned guest checkout and a guest order with the same verified email,
 * a support message answered by an operator, a data request completed with a note), plus what only
 * operators and failures leave (an operator's note naming them, a failed email whose error names the
 * address, a slowed-down sign-in, an operator action naming them).
 */
import type { Order } from '@sunward/core/checkout-schemas';
import type { TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { cartLine, confirmBody, startCheckout } from '../checkout/checkout.factories.ts';
import { cartLine as bagLine } from '../cart/cart.factories.ts';
import { createAccount } from '../identity/identity.test-helpers.ts';
import type { Person } from '../operators/operators.factories.ts';
import { recordOperatorAction } from '../operators/operator-actions.ts';
import { refund, returnBody, submitReturn } from '../returns/returns.factories.ts';
import { signInForApi } from './customers.factories.ts';

export interface Shopper {
  name: string;
  email: string;
  phone: string;
  street: string;
}

export interface ShopperData {
  customerId: string;
  subject: string;
  accessToken: string;
  refreshToken: string;
  orderNumbers: string[];
}

const ok = async <T>(
  what: string,
  res: Promise<{ status: number; text: string; body: unknown }>,
) => {
  const answer = await res;
  if (answer.status !== 200 && answer.status !== 201 && answer.status !== 202) {
    throw new Error(`${what}: ${answer.status} ${answer.text}`);
  }
  return answer.body as T;
};

/** A paid order with the shopper's name, email, phone and street; signed in with `token`. */
export async function paidOrder(t: TestApp, shopper: Shopper, token?: string): Promise<Order> {
  const started = await startCheckout(t, [cartLine({ quantity: 2 })], token);
  const address = {
    line1: shopper.street,
    line2: 'Apt 4',
    city: 'Charlotte',
    state: 'NC',
    postal_code: '28202',
  };
  await ok(
    'update-pi',
    t.request('POST', '/api/orders/update-pi', {
      paymentIntentId: started.paymentIntentId,
      clientSecret: started.clientSecret,
      shippingOption: 'ground',
      address,
      name: shopper.name,
      email: shopper.email,
    }),
  );
  const body = await confirmBody(t, started);
  body.billingDetails = { name: shopper.name, email: shopper.email, phone: shopper.phone, address };
  await ok('confirm-pi', t.request('POST', '/api/orders/confirm-pi', body));
  return ok<Order>(
    'orders',
    t.request('POST', '/api/orders', {
      paymentIntentId: started.paymentIntentId,
      clientSecret: started.clientSecret,
    }),
  );
}

export async function shopperWithEverything(
  t: TestApp,
  operator: Person,
  shopper: Shopper,
): Promise<ShopperData> {
  const db = t.database.db;
  const account = await createAccount(db, { email: shopper.email, name: shopper.name });
  const tokens = await signInForApi(t.baseUrl, shopper.email);
  const bearer = { authorization: `Bearer ${tokens.access_token}` };
  const me = await ok<{ id: string }>(
    'customer',
    t.request('GET', `/api/customers/${account.id}`, undefined, bearer),
  );
  await ok(
    'bag',
    t.request('POST', '/api/cart', { userId: account.id, cart: [bagLine()] }, bearer),
  );

  // Delivered and returned (a label is made and emailed); a second one cancelled and refunded.
  const returned = await paidOrder(t, shopper, tokens.access_token);
  await db
    .updateTable('orders')
    .set({ status: 'completed' })
    .where('order_number', '=', returned.orderNumber)
    .execute();
  await ok('return', submitReturn(t, returnBody(returned, { 0: refund() }), tokens.access_token));
  const cancelled = await paidOrder(t, shopper, tokens.access_token);
  await ok(
    'cancel',
    t.request('POST', '/api/orders/cancel', { orderNumber: cancelled.orderNumber }, bearer),
  );

  const support = await ok<{ id: string }>(
    'support',
    t.request(
      'POST',
      '/api/support',
      {
        orderNumber: returned.orderNumber,
        message: `Hi, this is ${shopper.name}, call ${shopper.phone}.`,
      },
      bearer,
    ),
  );
  await ok(
    'reply',
    t.request(
      'POST',
      `/api/admin/support/${support.id}/replies`,
      { body: `Hello ${shopper.name}, we will call you.`, idempotencyKey: newId('k') },
      operator.headers,
    ),
  );
  const request = await ok<{ id: string }>(
    'data request',
    t.request(
      'POST',
      '/api/support/data-request',
      { email: shopper.email, message: `Delete everything about ${shopper.name}.` },
      bearer,
    ),
  );
  await ok(
    'complete',
    t.request(
      'PATCH',
      `/api/admin/data-requests/${request.id}`,
      { status: 'completed', note: `Sent ${shopper.name} the export at ${shopper.email}.` },
      operator.headers,
    ),
  );

  // A guest checkout left unpaid, and a guest order, both with the verified email (not claimed: no
  // signed-in request follows).
  const abandoned = await startCheckout(t, [cartLine()]);
  await ok(
    'guest update-pi',
    t.request('POST', '/api/orders/update-pi', {
      paymentIntentId: abandoned.paymentIntentId,
      clientSecret: abandoned.clientSecret,
      shippingOption: 'ground',
      address: {
        line1: shopper.street,
        line2: '',
        city: 'Charlotte',
        state: 'NC',
        postal_code: '28202',
      },
      name: shopper.name,
      email: shopper.email,
    }),
  );
  const guest = await paidOrder(t, { ...shopper, email: shopper.email.toUpperCase() });
  await db
    .updateTable('orders')
    .set({ status: 'shipped' })
    .where('order_number', '=', guest.orderNumber)
    .execute();

  // What operators and failures leave.
  const returnedRow = await db
    .selectFrom('orders')
    .select('id')
    .where('order_number', '=', returned.orderNumber)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_events')
    .values({
      id: newId('oev'),
      order_id: returnedRow.id,
      at: new Date().toISOString(),
      actor: 'operator',
      from_status: 'return',
      to_status: 'return',
      reason: `Called ${shopper.name} at ${shopper.phone} about ${shopper.street}.`,
      actor_id: operator.customerId,
    })
    .execute();
  // An operator's note on the order, through the console.
  await ok(
    'an operator note',
    t.request(
      'POST',
      `/api/admin/orders/${returned.orderNumber}/notes`,
      { body: `${shopper.name} (${shopper.email}) asked to leave it at ${shopper.street}.` },
      operator.headers,
    ),
  );
  await db
    .updateTable('email_outbox')
    .set({ status: 'failed', last_error: `550 <${shopper.email}>: mailbox unavailable` })
    .where('kind', '=', 'order-cancelled')
    .where('to_address', '=', shopper.email)
    .execute();
  await db
    .insertInto('login_throttle')
    .values({
      key: `account:${shopper.email}`,
      failures: 2,
      last_failure_at: new Date().toISOString(),
      blocked_until: null,
    })
    .execute();
  await recordOperatorAction(
    db,
    { customerId: operator.customerId, email: operator.email, name: operator.name },
    {
      action: 'customer.note',
      targetType: 'customer',
      targetId: me.id,
      detail: { note: `Asked by ${shopper.email}` },
    },
  );
  return {
    customerId: me.id,
    subject: account.id,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? '',
    orderNumbers: [returned.orderNumber, cancelled.orderNumber, guest.orderNumber],
  };
}
