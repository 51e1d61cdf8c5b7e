/**
 * The writes of a customer's erasure (customer-erasure.service.ts), each over one feature's table, all
 * in the caller's transaction. Like customer-data.repository.ts, it knows every table that holds
 * personal data; the erasure test searches them all afterwards.
 */
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { containsText } from '../../lib/like.ts';
import { chunks } from './customer-data.repository.ts';
import type { CustomerRow } from './customers.table.ts';

type Trx = Transaction<Database>;
const count = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }[]) =>
  result.reduce((n, r) => n + Number(r.numUpdatedRows ?? r.numDeletedRows ?? 0), 0);

/** The customer, locked for the rest of `trx` (a write that changes nothing; see lockOrder). */
export async function lockCustomer(trx: Trx, id: string): Promise<CustomerRow | undefined> {
  const touched = await trx
    .updateTable('customers')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) !== 1) return undefined;
  return trx.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * An address as JSON without its person: the state, ZIP code and country stay (the sales-tax records
 * need where a sale was taxed), the street lines and city go.
 */
export function taxOnlyAddress(json: string | null): string | null {
  if (json === null) return null;
  try {
    const a = JSON.parse(json) as Record<string, unknown>;
    const keep: Record<string, unknown> = {};
    for (const key of ['state', 'postal_code', 'country']) if (key in a) keep[key] = a[key];
    return JSON.stringify(keep);
  } catch {
    return '{}';
  }
}

/** Orders keep their numbers, amounts and dates; their people go; they stay with the placeholder. */
export async function eraseOrders(
  trx: Trx,
  orders: { id: string; shipping_address: string; billing_address: string }[],
  placeholderId: string,
): Promise<number> {
  for (const order of orders) {
    await trx
      .updateTable('orders')
      .set({
        customer_id: placeholderId,
        email: '',
        shipping_name: '',
        billing_name: '',
        billing_phone: null,
        shipping_address: taxOnlyAddress(order.shipping_address) ?? '{}',
        billing_address: taxOnlyAddress(order.billing_address) ?? '{}',
      })
      .where('id', '=', order.id)
      .execute();
  }
  return orders.length;
}

export async function eraseCheckouts(
  trx: Trx,
  checkouts: { id: string; shipping_address: string | null }[],
): Promise<number> {
  for (const checkout of checkouts) {
    await trx
      .updateTable('checkouts')
      .set({
        email: null,
        shipping_name: null,
        shipping_address: taxOnlyAddress(checkout.shipping_address),
      })
      .where('id', '=', checkout.id)
      .execute();
  }
  return checkouts.length;
}

/** The card sandbox's copy of the billing and shipping details (what Stripe would hold). */
export async function eraseSandboxIntents(trx: Trx, intentIds: string[]): Promise<number> {
  const results = [];
  for (const part of chunks(intentIds)) {
    results.push(
      await trx
        .updateTable('sandbox_payment_intents')
        .set({ billing_details: null, shipping: null })
        .where('id', 'in', part)
        .executeTakeFirst(),
    );
  }
  return count(results);
}

export async function deleteCart(trx: Trx, customerId: string): Promise<number> {
  return count([
    await trx.deleteFrom('carts').where('customer_id', '=', customerId).executeTakeFirst(),
  ]);
}

/** The labels (their PDFs print the customer's name and address as the sender) go. */
export async function deleteReturnLabels(trx: Trx, returnIds: string[]): Promise<number> {
  const results = [];
  for (const part of chunks(returnIds)) {
    await trx.updateTable('returns').set({ return_label: null }).where('id', 'in', part).execute();
    results.push(
      await trx.deleteFrom('return_labels').where('return_id', 'in', part).executeTakeFirst(),
    );
  }
  return count(results);
}

/** Text and address go; the message stays linked to the erased customer (found by email or not). */
export async function eraseSupportRequests(
  trx: Trx,
  ids: string[],
  at: string,
  customerId: string,
) {
  const results = [];
  for (const part of chunks(ids)) {
    results.push(
      await trx
        .updateTable('support_requests')
        .set({ message: '', email: null, erased_at: at, customer_id: customerId })
        .where('id', 'in', part)
        .executeTakeFirst(),
    );
  }
  return count(results);
}

export async function eraseSupportReplies(trx: Trx, supportIds: string[]) {
  const results = [];
  for (const part of chunks(supportIds)) {
    results.push(
      await trx
        .updateTable('support_replies')
        .set({ body: '', to_address: '' })
        .where('support_request_id', 'in', part)
        .executeTakeFirst(),
    );
  }
  return count(results);
}

/**
 * The request's dates and status stay (the record that it was answered), linked to the erased
 * customer it was about; its text and email go.
 */
export async function eraseDataRequests(
  trx: Trx,
  requests: { id: string; completion_note: string | null }[],
  at: string,
  customerId: string,
  scrub: (text: string) => string,
) {
  for (const request of requests) {
    await trx
      .updateTable('data_requests')
      .set({
        email: '',
        message: '',
        completion_note: request.completion_note === null ? null : scrub(request.completion_note),
        erased_at: at,
        customer_id: customerId,
      })
      .where('id', '=', request.id)
      .execute();
  }
  return requests.length;
}

/** Address and bodies go; an email not sent yet never will be. */
export async function eraseEmails(
  trx: Trx,
  emails: { id: string; status: string; subject: string; last_error: string | null }[],
  scrub: (text: string) => string,
) {
  for (const email of emails) {
    const unsent = email.status === 'queued' || email.status === 'sending';
    await trx
      .updateTable('email_outbox')
      .set({
        to_address: '',
        html: '',
        text: '',
        subject: scrub(email.subject),
        ...(unsent
          ? { status: 'failed', last_error: "Not sent: the recipient's personal data was erased." }
          : { last_error: email.last_error === null ? null : scrub(email.last_error) }),
      })
      .where('id', '=', email.id)
      .execute();
  }
  return emails.length;
}

/**
 * The built-in accounts go with their one-time links and everything the provider keeps for them
 * (sessions, grants, codes, refresh tokens, interactions: each payload names its `accountId`).
 */
export async function deleteAccounts(trx: Trx, accountIds: string[], emails: string[]) {
  let sessions = 0;
  for (const id of accountIds) {
    const pattern = `%"accountId":"${id.replace(/[\\%_"]/g, (c) => `\\${c}`)}"%`;
    const removed = await trx
      .deleteFrom('oidc_payloads')
      .where(sql<boolean>`payload like ${pattern} escape '\\'`)
      .executeTakeFirst();
    sessions += Number(removed.numDeletedRows);
  }
  const throttles = emails.length
    ? await trx
        .deleteFrom('login_throttle')
        .where(
          'key',
          'in',
          emails.map((e) => `account:${e}`),
        )
        .executeTakeFirst()
    : undefined;
  let accounts = 0;
  for (const part of chunks(accountIds)) {
    await trx.deleteFrom('account_tokens').where('account_id', 'in', part).execute();
    accounts += Number(
      (await trx.deleteFrom('accounts').where('id', 'in', part).executeTakeFirst()).numDeletedRows,
    );
  }
  return { accounts, sessions, loginThrottles: Number(throttles?.numDeletedRows ?? 0) };
}

/** The identities go; a tombstone each keeps their older tokens from making the customer again. */
export async function replaceIdentities(
  trx: Trx,
  identities: { issuer: string; subject: string }[],
  customerId: string,
  at: string,
): Promise<number> {
  for (const { issuer, subject } of identities) {
    await trx
      .insertInto('erased_identities')
      .values({ issuer, subject, erased_at: at })
      .onConflict((oc) => oc.columns(['issuer', 'subject']).doUpdateSet({ erased_at: at }))
      .execute();
  }
  await trx.deleteFrom('customer_identities').where('customer_id', '=', customerId).execute();
  return identities.length;
}

/** The placeholder the orders keep pointing to: no email, no name, no role, and when it was erased. */
export async function emptyCustomer(trx: Trx, id: string, at: string): Promise<void> {
  await trx
    .updateTable('customers')
    .set({ email: '', name: '', email_verified: 0, roles: '[]', erased_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/**
 * Free text kept for the records (order history, refunds, operators' notes and records): identifiers
 * replaced.
 */
export async function scrubKeptText(
  trx: Trx,
  scope: { orderIds: string[]; intentIds: string[] },
  identifiers: string[],
  scrub: (text: string) => string,
): Promise<number> {
  let changed = 0;
  const rewrite = async (
    table:
      'order_events' | 'order_refunds' | 'order_notes' | 'sandbox_refunds' | 'operator_actions',
    column: 'reason' | 'detail' | 'body',
    rows: { id: string; text: string | null }[],
  ) => {
    for (const row of rows) {
      if (row.text === null) continue;
      const clean = scrub(row.text);
      if (clean === row.text) continue;
      await (trx as Db)
        .updateTable(table)
        .set({ [column]: clean })
        .where('id', '=', row.id)
        .execute();
      changed++;
    }
  };
  for (const part of chunks(scope.orderIds)) {
    await rewrite(
      'order_events',
      'reason',
      await trx
        .selectFrom('order_events')
        .select(['id', 'reason as text'])
        .where('order_id', 'in', part)
        .execute(),
    );
    await rewrite(
      'order_refunds',
      'reason',
      await trx
        .selectFrom('order_refunds')
        .select(['id', 'reason as text'])
        .where('order_id', 'in', part)
        .execute(),
    );
    // Operators' notes on the order (console orders, migration 013) may name the customer.
    await rewrite(
      'order_notes',
      'body',
      await trx
        .selectFrom('order_notes')
        .select(['id', 'body as text'])
        .where('order_id', 'in', part)
        .execute(),
    );
  }
  for (const part of chunks(scope.intentIds)) {
    await rewrite(
      'sandbox_refunds',
      'reason',
      await trx
        .selectFrom('sandbox_refunds')
        .select(['id', 'reason as text'])
        .where('payment_intent_id', 'in', part)
        .execute(),
    );
  }
  if (identifiers.length) {
    await rewrite(
      'operator_actions',
      'detail',
      await trx
        .selectFrom('operator_actions')
        .select(['id', 'detail as text'])
        .where((eb) => eb.or(identifiers.map((text) => containsText('detail', text))))
        .execute(),
    );
  }
  return changed;
}
