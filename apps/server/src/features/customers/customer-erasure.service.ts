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
import type { Db } from '../../db/database.ts';
import type { PersonalData } from '../../lib/personal-data.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import { lockCustomer } from './customer-erasure.repository.ts';
import type { CustomerNotFound } from './admin-customers.service.ts';
import { ADMIN_ROLE, rolesOf } from './customers.service.ts';

/** Statuses of an order that still needs its address: it has not left the shop. */
const NOT_SHIPPED = ['pending', 'in-progress'];

export type EraseFailure =
  | CustomerNotFound
  | Failure<'confirm_mismatch' | 'is_operator'>
  | Failure<'open_orders', { orders: string[] }>;

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
    const unshipped = located.person.orders.filter((o) => NOT_SHIPPED.includes(o.status));
    if (unshipped.length) {
      const orders = unshipped.map((o) => o.orderNumber);
      return fail(
        'open_orders',
        `Order${orders.length > 1 ? 's' : ''} ${orders.join(', ')} ${orders.length > 1 ? 'have' : 'has'} not shipped yet and still need${orders.length > 1 ? '' : 's'} the address. Ship or cancel ${orders.length > 1 ? 'them' : 'it'} first, then erase.`,
        { orders },
      );
    }

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
