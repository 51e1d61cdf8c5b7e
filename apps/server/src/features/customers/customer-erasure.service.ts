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
 */
import type { EraseCustomerAnswer } from '@sunward/core/console-customers';
import type { Db } from '../../db/database.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import { emailsTo, returnsOf, sandboxIntentsOf } from './customer-data.repository.ts';
import { loadFootprint, type Footprint } from './customer-footprint.ts';
import * as repo from './customer-erasure.repository.ts';
import type { CustomerNotFound } from './admin-customers.service.ts';
import { ADMIN_ROLE, rolesOf } from './customers.service.ts';

/** Statuses of an order that still needs its address: it has not left the shop. */
const NOT_SHIPPED = ['pending', 'in-progress'];

export const ERASED_TEXT = '[erased]';

export type EraseFailure =
  | CustomerNotFound
  | Failure<'confirm_mismatch' | 'is_operator'>
  | Failure<'open_orders', { orders: string[] }>;

/** Keys whose values name a person in the shop's JSON (addresses, the sandbox's billing details). */
const PERSONAL_KEYS = new Set(['line1', 'line2', 'name', 'email', 'phone']);

/** The personal strings of a JSON text, at any depth. */
function personalStrings(json: string | null): string[] {
  if (!json) return [];
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'string' && PERSONAL_KEYS.has(key)) out.push(inner);
      else walk(inner);
    }
  };
  try {
    walk(JSON.parse(json));
  } catch {
    // Not JSON: nothing to find.
  }
  return out;
}

/** Pieces of text that name the person: names, emails, phones, street lines (3+ characters). */
async function identifiersOf(db: Db, footprint: Footprint): Promise<string[]> {
  const found: (string | null | undefined)[] = [
    footprint.customer.email,
    footprint.customer.name,
    ...footprint.addresses,
    ...footprint.accounts.flatMap((a) => [a.email, a.name]),
  ];
  for (const o of footprint.orders) {
    found.push(o.email, o.shipping_name, o.billing_name, o.billing_phone);
    found.push(...personalStrings(o.shipping_address), ...personalStrings(o.billing_address));
  }
  for (const c of footprint.checkouts) {
    found.push(c.email, c.shipping_name, ...personalStrings(c.shipping_address));
  }
  for (const s of footprint.supportRequests) found.push(s.email);
  for (const d of footprint.dataRequests) found.push(d.email);
  for (const intent of await sandboxIntentsOf(db, intentIdsOf(footprint))) {
    found.push(...personalStrings(intent.billing_details), ...personalStrings(intent.shipping));
  }
  const unique = new Set<string>();
  for (const value of found) {
    const text = value?.trim();
    if (text && text.length >= 3) unique.add(text);
  }
  // Longest first, so "Ann Lee" goes before "Ann".
  return [...unique].sort((a, b) => b.length - a.length);
}

function scrubberFor(identifiers: string[]): (text: string) => string {
  if (identifiers.length === 0) return (text) => text;
  const escaped = identifiers.map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(escaped.join('|'), 'gi');
  return (text) => text.replace(pattern, ERASED_TEXT);
}

const intentIdsOf = (footprint: Footprint) => [
  ...new Set([
    ...footprint.orders.flatMap((o) => (o.payment_intent_id ? [o.payment_intent_id] : [])),
    ...footprint.checkouts.map((c) => c.payment_intent_id),
  ]),
];

export async function eraseCustomer(
  db: Db,
  operator: Operator,
  customerId: string,
  confirmEmail: string,
  now: Date = new Date(),
): Promise<Result<EraseCustomerAnswer, EraseFailure>> {
  return db.transaction().execute(async (trx) => {
    const customer = await repo.lockCustomer(trx, customerId);
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
    const footprint = await loadFootprint(trx, customerId);
    if (!footprint) return fail('not_found', 'We could not find this customer.');
    const unshipped = footprint.orders.filter((o) => NOT_SHIPPED.includes(o.status));
    if (unshipped.length) {
      const orders = unshipped.map((o) => o.order_number);
      return fail(
        'open_orders',
        `Order${orders.length > 1 ? 's' : ''} ${orders.join(', ')} ${orders.length > 1 ? 'have' : 'has'} not shipped yet and still need${orders.length > 1 ? '' : 's'} the address. Ship or cancel ${orders.length > 1 ? 'them' : 'it'} first, then erase.`,
        { orders },
      );
    }

    const at = now.toISOString();
    const identifiers = await identifiersOf(trx, footprint);
    const scrub = scrubberFor(identifiers);
    const orderIds = footprint.orders.map((o) => o.id);
    const intentIds = intentIdsOf(footprint);
    const returns = await returnsOf(trx, orderIds);
    const emails = await emailsTo(trx, footprint.addresses);
    const supportIds = footprint.supportRequests.map((s) => s.id);

    const notes = await repo.scrubKeptText(trx, { orderIds, intentIds }, identifiers, scrub);
    const erased: Record<string, number> = {
      orders: await repo.eraseOrders(trx, footprint.orders, customerId),
      checkouts: await repo.eraseCheckouts(trx, footprint.checkouts),
      paymentDetails: await repo.eraseSandboxIntents(trx, intentIds),
      bags: await repo.deleteCart(trx, customerId),
      returnLabels: await repo.deleteReturnLabels(
        trx,
        returns.map((r) => r.id),
      ),
      supportMessages: await repo.eraseSupportRequests(trx, supportIds, at, customerId),
      supportReplies: await repo.eraseSupportReplies(trx, supportIds),
      dataRequests: await repo.eraseDataRequests(
        trx,
        footprint.dataRequests,
        at,
        customerId,
        scrub,
      ),
      emails: await repo.eraseEmails(trx, emails, scrub),
      ...(await repo.deleteAccounts(
        trx,
        footprint.accounts.map((a) => a.id),
        [...new Set([...footprint.addresses, ...footprint.accounts.map((a) => a.email)])],
      )),
      identities: await repo.replaceIdentities(trx, footprint.identities, customerId, at),
      notesCleaned: notes,
    };
    await repo.emptyCustomer(trx, customerId, at);
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
