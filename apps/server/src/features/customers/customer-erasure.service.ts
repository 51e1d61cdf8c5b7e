/**
 * Erasing a customer's personal data (issue 15, item 6; the CCPA's right to delete), in one
 * transaction under the customer's lock:
 * - names, emails, phone numbers and street addresses go from the customer, their orders, checkouts,
 *   the card sandbox's copy, support messages (the text too) and replies, data requests (the text and
 *   email; their dates and status stay for the legal record) and the emails sent to them (address and
 *   bodies); their bag and return labels are deleted; their built-in account, its sessions and tokens,
 *   and their identities go, so they can no longer sign in;
 * - the orders' numbers, amounts, items, dates, statuses, refunds and history stay (the financial
 *   records the law requires), still pointing to the customer row, kept as an erased placeholder so
 *   totals add up; free text kept with them (history reasons, refund reasons, operators' records) has
 *   the customer's identifiers replaced;
 * - it is recorded as an operator action with counts only.
 * The operator confirms by typing the customer's email. Operators are refused (revoke the role first),
 * and so is a customer with an order not shipped yet (it needs the address: ship or cancel it first).
 * Erasing an erased customer changes nothing and answers as the first time did.
 * This file holds the rules and the transaction; which rows are the person's, and how each is erased,
 * is each owning feature's part of the personal-data registry (lib/personal-data.ts; decision 032).
 */
import type { EraseCustomerAnswer } from '@sunward/core/console-customers';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { Located, PersonalData } from '../../lib/personal-data.ts';
import { newId } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import { insertErasedGuest, lockCustomer } from './customer-erasure.repository.ts';
import { findByEmail } from './customers.repository.ts';
import type { CustomerNotFound } from './admin-customers.service.ts';
import { ADMIN_ROLE, rolesOf } from './customers.service.ts';

/** Statuses of an order that still needs its address: it has not left the shop. */
const NOT_SHIPPED = ['pending', 'in-progress'];

export type EraseFailure =
  | CustomerNotFound
  | Failure<'confirm_mismatch' | 'is_operator'>
  | Failure<'open_orders', { orders: string[] }>;

/** The refusal while an order of the person has not shipped (it needs the address), or null. */
function openOrders(located: Located): Failure<'open_orders', { orders: string[] }> | null {
  const orders = located.person.orders
    .filter((o) => NOT_SHIPPED.includes(o.status))
    .map((o) => o.orderNumber);
  if (!orders.length) return null;
  const many = orders.length > 1;
  return fail(
    'open_orders',
    `Order${many ? 's' : ''} ${orders.join(', ')} ${many ? 'have' : 'has'} not shipped yet and still need${many ? '' : 's'} the address. Ship or cancel ${many ? 'them' : 'it'} first, then erase.`,
    { orders },
  );
}

/** Every feature's part of the personal-data registry erases its rows, in `db`'s one transaction. */
export async function eraseCustomer(
  db: Db,
  personalData: PersonalData,
  operator: Operator,
  customerId: string,
  confirmEmail: string,
  now: Date = new Date(),
): Promise<Result<EraseCustomerAnswer, EraseFailure>> {
  return db.transaction().execute(async (trx) => {
    const customer = await lockCustomer(trx, customerId);
    if (!customer) return fail('not_found', 'We could not find this customer.');
    if (customer.erased_at) {
      return ok({ customerId, erasedAt: customer.erased_at, alreadyErased: true, erased: {} });
    }
    if (rolesOf(customer).includes(ADMIN_ROLE)) {
      return fail(
        'is_operator',
        `This customer is an operator. Revoke the role first (npm run admin -- revoke ${customer.email}).`,
      );
    }
    const expected = (customer.email || customer.id).trim().toLowerCase();
    if (confirmEmail.trim().toLowerCase() !== expected) {
      return fail(
        'confirm_mismatch',
        customer.email
          ? "That is not this customer's email. Type it exactly to confirm."
          : "This customer has no email: type the customer's id to confirm.",
      );
    }
    const located = await personalData.locate(trx, customerId);
    const unshipped = openOrders(located);
    if (unshipped) return unshipped;

    const at = now.toISOString();
    const erased = await personalData.erase(trx, located, at);
    await recordOperatorAction(trx, operator, {
      action: 'customer.erase',
      targetType: 'customer',
      targetId: customerId,
      detail: erased,
      at,
    });
    return ok({ customerId, erasedAt: at, alreadyErased: false, erased });
  });
}

export type EraseByEmailFailure =
  Failure<'has_account', { customerIds: string[] }> | Failure<'open_orders', { orders: string[] }>;

/**
 * Erases everything kept under `email` (lowercase), which its owner proved (decision 053: a data
 * request's emailed link), in the caller's transaction `trx`: the guest orders placed with it, their
 * checkouts, returns, labels and payments, the support messages and data requests sent from it, the
 * emails sent to it, its marketing consents; kept as the customer erasure keeps them, under a new
 * erased placeholder customer marked as a guest's (the orders' financial records point to it; made
 * after the parts located, under the id they located by, which owned nothing). A
 * customer account with the address is refused: erase the customer from their page, so their account
 * and identities go too. Recorded as an operator action on `target` (counts only).
 */
export async function eraseByEmail(
  trx: Transaction<Database>,
  personalData: PersonalData,
  operator: Operator,
  email: string,
  target: { type: string; id: string },
  now: Date = new Date(),
): Promise<Result<EraseCustomerAnswer, EraseByEmailFailure>> {
  const accounts = (await findByEmail(trx, email)).filter((c) => !c.erased_at);
  if (accounts.length) {
    return fail(
      'has_account',
      'A customer account uses this email. Erase the customer from their page in Customers: it removes their account and sign-in too.',
      { customerIds: accounts.map((c) => c.id) },
    );
  }
  const at = now.toISOString();
  const customerId = newId('cus');
  const located = await personalData.locate(trx, customerId, email);
  const unshipped = openOrders(located);
  if (unshipped) return unshipped;
  await insertErasedGuest(trx, customerId, at);
  const erased = await personalData.erase(trx, located, at);
  await recordOperatorAction(trx, operator, {
    action: `${target.type}.erase`,
    targetType: target.type,
    targetId: target.id,
    detail: { ...erased, customerId },
    at,
  });
  return ok({ customerId, erasedAt: at, alreadyErased: false, erased });
}
