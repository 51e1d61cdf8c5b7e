/**
 * Support and privacy data requests (spec 2, 3 and 7): each is stored for the operators and
 * acknowledged by email (the outbox, in the same transaction). A data request is a privacy request under
 * California law: it records when it was received and its deadline, 45 days after (core/support.ts).
 */
import {
  DATA_REQUEST_PROOF_DAYS,
  dataRequestDueBy,
  shopDatePlusDays,
  type DataRequest,
  type SupportRequest,
} from '@sunward/core/support';
import type { Db } from '../../db/database.ts';
import { newId, normalizeOrderNumber } from '../../lib/ids.ts';
import { queueEmail, type ShopIdentity } from '../email/email.api.ts';
import { loadShopIdentity } from '../settings/settings.api.ts';
import { dataRequestReceivedEmail, supportReceivedEmail } from './support-emails.template.tsx';
import { dataRequestSecret, proofToken, proofUrl } from './data-request-links.ts';
import * as repo from './support.repository.ts';

export interface SupportDeps {
  siteUrl: string;
}

/** A signed-in sender (a valid bearer token): their customer. */
export interface Sender {
  customerId: string;
  email: string;
}

/** The shop as its emails name it: the shopName and supportEmail settings, SITE_URL. */
export async function shopIdentity(db: Db, deps: SupportDeps): Promise<ShopIdentity> {
  return loadShopIdentity(db, deps.siteUrl);
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Stores a support request and acknowledges it: to the email given, else the signed-in sender's, else
 * the email of the order it names (when that order exists). Nothing is mailed when none is known.
 *
 * The acknowledgement names the order only when it exists and was placed with the address the email
 * goes to (issue 23, item 8): whatever else was typed as the order number (a web address, a phishing
 * line) would otherwise be mailed to any address under the shop's name, 5 a minute per client. The
 * request keeps what was typed, for the operators.
 */
export async function submitSupportRequest(
  db: Db,
  deps: SupportDeps,
  input: SupportRequest,
  sender: Sender | null,
  now: Date = new Date(),
): Promise<{ id: string }> {
  const id = newId('sup');
  const orderNumber = input.orderNumber ? normalizeOrderNumber(input.orderNumber) : null;
  const email = input.email ?? (sender?.email || null);
  const shop = await shopIdentity(db, deps);
  // What the email says is made before the transaction: the write lock is held for the writes only
  // (on SQLite a second connection waiting for it blocks its whole process while it waits).
  const orderEmail = orderNumber ? await repo.findOrderEmail(db, orderNumber) : undefined;
  const to = email ?? orderEmail;
  const quoted = to && orderEmail && sameAddress(orderEmail, to) ? orderNumber : null;
  const mail = to ? await supportReceivedEmail({ id, orderNumber: quoted }, shop) : null;
  await db.transaction().execute(async (trx) => {
    await repo.insertSupportRequest(trx, {
      id,
      order_number: orderNumber,
      email,
      customer_id: sender?.customerId ?? null,
      message: input.message,
      status: 'open',
      created_at: now.toISOString(),
    });
    if (!to || !mail) return;
    await queueEmail(trx, {
      kind: 'support-received',
      to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      dedupeKey: `support-received:${id}`,
    });
  });
  return { id };
}

/**
 * Stores a privacy data request with its CCPA deadline and acknowledges it to the email given, with
 * the link that proves the address is the requester's (decision 053: every request, signed in or
 * not: the address typed is what an export or erasure by email would use), in the same transaction.
 */
export async function submitDataRequest(
  db: Db,
  deps: SupportDeps,
  input: DataRequest,
  sender: Sender | null,
  now: Date = new Date(),
): Promise<{ id: string; dueBy: string }> {
  const id = newId('dr');
  const receivedAt = now.toISOString();
  const dueBy = dataRequestDueBy(now);
  const shop = await shopIdentity(db, deps);
  const secret = await dataRequestSecret(db);
  const token = proofToken(secret, id, now.getTime());
  // Made before the transaction, which then holds the write lock for the writes only.
  const mail = await dataRequestReceivedEmail(
    {
      id,
      receivedOn: shopDatePlusDays(now, 0),
      dueBy,
      proofUrl: proofUrl(deps.siteUrl, token),
      proofDays: DATA_REQUEST_PROOF_DAYS,
    },
    shop,
  );
  await db.transaction().execute(async (trx) => {
    await repo.insertDataRequest(trx, {
      id,
      email: input.email,
      message: input.message,
      status: 'open',
      created_at: receivedAt,
      received_at: receivedAt,
      due_by: dueBy,
      customer_id: sender?.customerId ?? null,
    });
    await queueEmail(trx, {
      kind: 'data-request-received',
      to: input.email,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      dedupeKey: `data-request-received:${id}`,
    });
  });
  return { id, dueBy };
}
