/**
 * Submitting a return (POST /orders/return; spec 2, 4 and 9), decided on the server. Named steps:
 * find the caller's order (their own with a bearer token, else order number + email); price the return
 * shipping fee (asked before the lock: the postal service may be slow); then in one transaction under
 * the order's row lock: check the order may take a return, decide the form, compute the refund (core
 * returnRefund), take the stock of an exchange and create its replacement order, record the return,
 * move the order completed -> return with its event, queue the email. Concurrent submits queue on the
 * lock: the first records its return, the others are judged against it. The money is refunded later, by
 * an operator once the shirts arrive (issue 15): nothing is asked of the payment provider here.
 */
import type { Order, ReturnItem } from '@sunward/core/checkout-schemas';
import { sizeLabel } from '@sunward/core/sizes';
import type { Db } from '../../db/database.ts';
import { newId, newOrderNumber, normalizeOrderNumber, randomToken } from '../../lib/ids.ts';
import { fail, ok, type Result } from '../../lib/result.ts';
import { sameSecret } from '../../lib/same-secret.ts';
import {
  resolveCustomer,
  type AuthUser,
  type CustomerOptions,
} from '../customers/customers.api.ts';
import { loadSettings, loadShopIdentity } from '../settings/settings.api.ts';
import { quoteShipping, UNAVAILABLE_MESSAGE, type UspsServices } from '../usps/usps.api.ts';
import * as orders from '../orders/orders.api.ts';
import { recordReturn, ExchangeShort } from './return-recording.ts';
import { notFound, unitsSentBack, type ReturnFailure } from './return-policy.ts';

export interface ReturnDeps {
  usps: UspsServices;
  /** For links in the email; the brand name comes from the shopName setting. */
  siteUrl: string;
}

export interface ReturnRequest {
  order: { orderNumber: string; email?: string | undefined };
  products: ReturnItem[];
  orderProductCount: number;
}

/** Who asks: a signed-in customer (bearer token), or a guest who gives the order's email. */
export interface ReturnCaller {
  user: AuthUser | null;
  options: CustomerOptions;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The caller's order: with a token, their customer's order of that number; without, the order of that
 * number if `email` is its email (any case, compared in constant time). Anything else is undefined, the
 * same for an unknown number, a wrong email and someone else's order.
 */
async function findCallersOrder(
  db: Db,
  caller: ReturnCaller,
  given: ReturnRequest['order'],
): Promise<orders.OrderRow | undefined> {
  const orderNumber = normalizeOrderNumber(given.orderNumber);
  if (caller.user) {
    const customer = await resolveCustomer(db, caller.user, caller.options);
    return orders.findCustomerOrder(db, customer.row.id, orderNumber);
  }
  const order = await orders.findOrderByNumber(db, orderNumber);
  const email = normalizeEmail(given.email ?? '');
  // An unknown number takes as long as a wrong email: the comparison runs either way.
  const matches = sameSecret(email, normalizeEmail(order?.email ?? 'no-order@invalid'));
  return order && email !== '' && matches ? order : undefined;
}

/** Postal code of the order's shipping address (the five digits the rate card knows). */
function shippingZip(order: orders.OrderRow): string {
  const address = JSON.parse(order.shipping_address) as { postal_code?: string };
  return (address.postal_code ?? '').slice(0, 5);
}

/**
 * The return shipping fee of a return after the first (spec 9): the ground base price between the shop
 * (settings.companyZipCode) and the order's shipping address for the units sent back, exactly as
 * POST /api/usps/prices quotes it (the rate card offline, the USPS API with credentials). A failure only
 * matters if the return turns out not to be the first.
 */
async function quoteReturnFee(
  db: Db,
  deps: ReturnDeps,
  order: orders.OrderRow,
  units: number,
): Promise<Result<number, ReturnFailure>> {
  if (units === 0) return ok(0);
  const { companyZipCode } = await loadSettings(db);
  const quote = await quoteShipping(db, deps.usps, {
    fromZip: companyZipCode,
    toZip: shippingZip(order),
    quantity: units,
  });
  if (!quote.ok) {
    return fail(
      'unavailable',
      quote.code === 'unavailable'
        ? UNAVAILABLE_MESSAGE
        : 'We could not price the return shipping for this order. Please contact support.',
    );
  }
  return ok(quote.ground);
}

/**
 * Submits a return of the caller's order at `now` (injectable for tests) and answers the order as it
 * is now (status return, the new record last in `returns`), or why not.
 */
export async function submitReturn(
  db: Db,
  deps: ReturnDeps,
  caller: ReturnCaller,
  request: ReturnRequest,
  now: Date = new Date(),
): Promise<Result<Order, ReturnFailure>> {
  const order = await findCallersOrder(db, caller, request.order);
  if (!order) return notFound();
  const fee = await quoteReturnFee(db, deps, order, unitsSentBack(request.products));

  const shop = await loadShopIdentity(db, deps.siteUrl);
  const publicId = `ret_${randomToken(18)}`;
  let recorded: Result<true, ReturnFailure>;
  try {
    recorded = await db.transaction().execute((trx) =>
      recordReturn(trx, {
        orderId: order.id,
        request,
        fee,
        now,
        shop,
        account: order.customer_id !== null,
        ids: {
          returnId: newId('ret'),
          publicId,
          exchangeOrderId: newId('ord'),
          exchangeOrderNumber: newOrderNumber(),
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof ExchangeShort)) throw error;
    return fail(
      'invalid_return',
      `Size ${sizeLabel(error.size)} is out of stock for the exchange. Please choose another size.`,
    );
  }
  if (!recorded.ok) return recorded;
  // Spec: "a return label via email within 24 hours": a job makes and emails it, retried until it is.
  const row = await orders.findOrder(db, order.id);
  if (!row) throw new Error(`Order ${order.id} vanished after its return`);
  return ok(await orders.orderView(db, row));
}
