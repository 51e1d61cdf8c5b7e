/**
 * Support messages in the console (issue 15, item 6): the list, one message with its sender, order and
 * replies, an operator's reply (emailed through the outbox, stored, the message marked answered, one
 * reply per idempotency key) and closing or reopening a message. Every change is recorded as an
 * operator action in its own transaction.
 */
import type {
  SupportList,
  SupportMessageDetail,
  SupportReplyAnswer,
  SupportReplyBody,
  SupportStatus,
} from '@sunward/core/console-inbox';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, nextCursor } from '../../lib/keyset.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { queueEmail } from '../email/email.api.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import { shopIdentity, type SupportDeps } from './support.service.ts';
import { supportReplyEmail } from './support-reply.template.tsx';
import * as repo from './admin-support.repository.ts';
import type { SupportRequestRow } from './support.table.ts';

export interface SupportListQuery {
  status?: SupportStatus;
  /** newest: newest first; oldest: oldest first (with status open, the queue to work through). */
  sort: 'newest' | 'oldest';
  after?: string;
  limit: number;
}

const asStatus = (status: string): SupportStatus =>
  status === 'answered' || status === 'closed' ? status : 'open';

export async function listSupport(db: Db, query: SupportListQuery): Promise<SupportList> {
  const rows = await repo.listSupportRequests(db, {
    status: query.status,
    sort: query.sort,
    after: decodeCursor(query.after),
    limit: query.limit,
  });
  return {
    messages: rows.map((row) => ({
      id: row.id,
      status: asStatus(row.status),
      createdAt: row.created_at,
      email: row.email,
      orderNumber: row.order_number,
      excerpt: row.excerpt,
      replyCount: Number(row.reply_count ?? 0),
      customerId: row.customer_id,
      erased: row.erased_at !== null,
    })),
    next: nextCursor(rows, query.limit, (row) => ({ at: row.created_at, id: row.id })),
  };
}

type NotFound = Failure<'not_found'>;
const notFound = (): NotFound => fail('not_found', 'We could not find this support message.');

/** Where a reply goes: the address the sender gave, else their order's, else their customer's. */
async function replyAddress(db: Db, row: SupportRequestRow): Promise<string | null> {
  if (row.erased_at) return null;
  if (row.email) return row.email;
  const order = row.order_number ? await repo.findOrderSummary(db, row.order_number) : undefined;
  if (order?.email) return order.email;
  const customer = row.customer_id
    ? await repo.findCustomerSummary(db, row.customer_id)
    : undefined;
  return customer?.email && !customer.erased_at ? customer.email : null;
}

async function detailOf(db: Db, row: SupportRequestRow): Promise<SupportMessageDetail> {
  const [order, customer, replies, replyTo] = await Promise.all([
    row.order_number ? repo.findOrderSummary(db, row.order_number) : undefined,
    row.customer_id ? repo.findCustomerSummary(db, row.customer_id) : undefined,
    repo.listReplies(db, row.id),
    replyAddress(db, row),
  ]);
  return {
    id: row.id,
    status: asStatus(row.status),
    createdAt: row.created_at,
    email: row.email,
    orderNumber: row.order_number,
    excerpt: row.message.slice(0, 200),
    replyCount: replies.length,
    customerId: row.customer_id,
    erased: row.erased_at !== null,
    message: row.message,
    customer: customer ? { id: customer.id, email: customer.email, name: customer.name } : null,
    order: order
      ? {
          orderNumber: order.order_number,
          status: order.status,
          total: order.total,
          createdAt: order.created_at,
        }
      : null,
    replyTo,
    replies: replies.map((reply) => ({
      id: reply.id,
      body: reply.body,
      toAddress: reply.to_address,
      operatorEmail: reply.operator_email,
      createdAt: reply.created_at,
      emailId: reply.email_id,
      emailStatus: reply.email_status ?? null,
    })),
  };
}

export async function supportDetail(
  db: Db,
  id: string,
): Promise<Result<SupportMessageDetail, NotFound>> {
  const row = await repo.findSupportRequest(db, id);
  return row ? ok(await detailOf(db, row)) : notFound();
}

export type ReplyFailure = NotFound | Failure<'no_address' | 'key_reused'>;

/**
 * Sends an operator's reply: stored, queued in the outbox (the layout, the message quoted, Reply-To
 * the support address) and the message marked answered, in one transaction under the message's lock.
 * The same idempotency key again (a double submit, a retried request) answers the same reply and
 * sends nothing more.
 */
export async function replyToSupport(
  db: Db,
  deps: SupportDeps,
  operator: Operator,
  id: string,
  input: SupportReplyBody,
  now: Date = new Date(),
): Promise<Result<SupportReplyAnswer, ReplyFailure>> {
  const shop = await shopIdentity(db, deps);
  const keyReused = () =>
    fail('key_reused', 'This idempotency key was used for a reply to another message.');
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await repo.lockSupportRequest(trx, id);
    if (!row) return notFound();
    const earlier = await repo.findReplyByKey(trx, input.idempotencyKey);
    if (earlier) return earlier.support_request_id === id ? ok(false) : keyReused();
    const to = await replyAddress(trx, row);
    if (!to) {
      return fail(
        'no_address',
        row.erased_at
          ? "The sender's personal data was erased: there is no address to reply to."
          : 'This message has no email address to reply to (none was given, and no order or account names one).',
      );
    }
    const replyId = newId('spr');
    const emailId = newId('em');
    const at = now.toISOString();
    const inserted = await repo.insertReply(trx, {
      id: replyId,
      support_request_id: id,
      body: input.body,
      to_address: to,
      email_id: emailId,
      operator_id: operator.customerId,
      operator_email: operator.email,
      idempotency_key: input.idempotencyKey,
      created_at: at,
    });
    if (!inserted) {
      // Another submit with this key committed first (PostgreSQL let this one wait for it).
      const winner = await repo.findReplyByKey(trx, input.idempotencyKey);
      return winner?.support_request_id === id ? ok(false) : keyReused();
    }
    const mail = await supportReplyEmail(
      {
        id,
        orderNumber: row.order_number,
        reply: input.body,
        original: { message: row.message, createdAt: row.created_at },
      },
      shop,
    );
    await queueEmail(trx, {
      id: emailId,
      kind: 'support-reply',
      to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      // The answer comes back to the shop's support address (the supportEmail setting).
      replyTo: shop.supportEmail,
      dedupeKey: `support-reply:${replyId}`,
    });
    if (row.status !== 'answered') await repo.setSupportStatus(trx, id, 'answered');
    await recordOperatorAction(trx, operator, {
      action: 'support.reply',
      targetType: 'support',
      targetId: id,
      detail: { replyId, emailId, from: row.status },
      at,
    });
    return ok(true);
  });
  if (!outcome.ok) return outcome;
  const detail = await supportDetail(db, id);
  if (!detail.ok) return detail;
  return ok({ created: outcome.value, message: detail.value });
}

/**
 * Closes or reopens a message (reopened: open again, whatever it was before closing). Asking for the
 * status it has changes nothing and records nothing, so a double click is one change.
 */
export async function changeSupportStatus(
  db: Db,
  operator: Operator,
  id: string,
  status: 'open' | 'closed',
): Promise<Result<SupportMessageDetail, NotFound>> {
  const found = await db.transaction().execute(async (trx) => {
    const row = await repo.lockSupportRequest(trx, id);
    if (!row) return false;
    if (row.status === status) return true;
    await repo.setSupportStatus(trx, id, status);
    await recordOperatorAction(trx, operator, {
      action: status === 'closed' ? 'support.close' : 'support.reopen',
      targetType: 'support',
      targetId: id,
      detail: { from: row.status, to: status },
    });
    return true;
  });
  return found ? supportDetail(db, id) : notFound();
}
