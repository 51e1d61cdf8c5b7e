/**
 * The outbox in the console (issue 15, item 7): every email with its status, one email with its body
 * for a sandboxed preview, and Re-send.
 *
 * Re-send, decided (docs/decisions/021): a failed email is queued again as it is (its attempts counted
 * afresh, so the sender tries five more times); a sent or logged one is queued again as a copy, a new
 * email that names the original (`resent_from`), so the outbox keeps what was sent when. One queued or
 * being sent is on its way already (409), and one whose recipient was erased has nowhere to go (409).
 * Each click carries an idempotency key: the same click again answers what it did the first time.
 *
 * One-time links (a password reset, an email confirmation) are hidden in every answer here
 * (one-time-links.ts); Re-send works on the stored row, so the copy carries the link as it was sent.
 */
import type {
  EmailDetail,
  EmailList,
  EmailStatus,
  EmailSummary,
  ResendAnswer,
} from '@sunward/core/console-outbox';
import { EMAIL_STATUSES } from '@sunward/core/console-outbox';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { decodeCursor, nextCursor } from '../../lib/keyset.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import * as repo from './admin-emails.repository.ts';
import { enqueueDelivery } from './email-jobs.ts';
import type { EmailRow } from './email.table.ts';
import { hideOneTimeLinks } from './one-time-links.ts';

type SummaryRow = Pick<
  EmailRow,
  | 'id'
  | 'kind'
  | 'to_address'
  | 'subject'
  | 'status'
  | 'attempts'
  | 'last_error'
  | 'created_at'
  | 'sent_at'
  | 'resent_from'
>;

const asStatus = (status: string): EmailStatus =>
  (EMAIL_STATUSES as readonly string[]).includes(status) ? (status as EmailStatus) : 'queued';

function summaryOf(row: SummaryRow): EmailSummary {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: hideOneTimeLinks(row.kind, row.subject),
    status: asStatus(row.status),
    attempts: row.attempts,
    lastError: row.last_error === null ? null : hideOneTimeLinks(row.kind, row.last_error),
    createdAt: row.created_at,
    sentAt: row.sent_at,
    resentFrom: row.resent_from,
  };
}

export async function listEmails(
  db: Db,
  query: { status?: EmailStatus; q?: string; after?: string; limit: number },
): Promise<EmailList> {
  const rows = await repo.listEmails(db, {
    status: query.status,
    q: query.q?.trim() || undefined,
    after: decodeCursor(query.after),
    limit: query.limit,
  });
  return {
    emails: rows.map(summaryOf),
    next: nextCursor(rows, query.limit, (row) => ({ at: row.created_at, id: row.id })),
  };
}

type NotFound = Failure<'not_found'>;
const notFound = (): NotFound => fail('not_found', 'We could not find this email.');

export async function emailDetail(db: Db, id: string): Promise<Result<EmailDetail, NotFound>> {
  const row = await repo.findEmail(db, id);
  if (!row) return notFound();
  const copies = await repo.listCopies(db, id);
  return ok({
    ...summaryOf(row),
    replyTo: row.reply_to,
    html: hideOneTimeLinks(row.kind, row.html),
    text: hideOneTimeLinks(row.kind, row.text),
    copies: copies.map(summaryOf),
  });
}

export type ResendFailure = NotFound | Failure<'in_flight' | 'erased' | 'key_reused'>;

export async function resendEmail(
  db: Db,
  operator: Operator,
  id: string,
  idempotencyKey: string,
  now: Date = new Date(),
): Promise<Result<ResendAnswer, ResendFailure>> {
  const keyReused = () =>
    fail('key_reused', 'This idempotency key was used to re-send another email.');
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await repo.lockEmail(trx, id);
    if (!row) return notFound();
    const earlier = await repo.findResend(trx, idempotencyKey);
    if (earlier) {
      return earlier.email_id === id
        ? ok({ outcome: earlier.outcome, queued: earlier.copy_id ?? id })
        : keyReused();
    }
    // A queued email has a delivery job waiting. One left `sending` is stuck (its process died on the
    // last attempt, or its job was lost): it is queued again below with a job of its own.
    if (row.status === 'queued') {
      return fail('in_flight', 'This email is on its way already: it is queued to be sent.');
    }
    if (!row.to_address) {
      return fail('erased', "The recipient's personal data was erased: there is no address.");
    }
    const at = now.toISOString();
    const copy: EmailRow | null =
      row.status === 'failed' || row.status === 'sending'
        ? null
        : {
            ...row,
            id: newId('em'),
            dedupe_key: `resend:${idempotencyKey}`,
            status: 'queued',
            attempts: 0,
            last_error: null,
            created_at: at,
            sent_at: null,
            resent_from: id,
          };
    const recorded = await repo.insertResend(trx, {
      idempotency_key: idempotencyKey,
      email_id: id,
      outcome: copy ? 'copied' : 'requeued',
      copy_id: copy?.id ?? null,
      operator_id: operator.customerId,
      created_at: at,
    });
    if (!recorded) {
      // The same key committed first on another row's lock (PostgreSQL let this one wait for it).
      const winner = await repo.findResend(trx, idempotencyKey);
      return winner?.email_id === id
        ? ok({ outcome: winner.outcome, queued: winner.copy_id ?? id })
        : keyReused();
    }
    // Its delivery job in the same transaction; a requeued email's earlier key is spent, so a new one.
    if (copy) {
      await repo.insertCopy(trx, copy);
      await enqueueDelivery(trx, copy.id);
    } else {
      await repo.requeue(trx, id);
      await enqueueDelivery(trx, id, `email:${id}:resend:${idempotencyKey}`);
    }
    await recordOperatorAction(trx, operator, {
      action: 'email.resend',
      targetType: 'email',
      targetId: id,
      detail: { from: row.status, kind: row.kind, ...(copy ? { copyId: copy.id } : {}) },
      at,
    });
    return ok({
      outcome: copy ? ('copied' as const) : ('requeued' as const),
      queued: copy?.id ?? id,
    });
  });
  if (!outcome.ok) return outcome;
  const queued = await repo.findEmail(db, outcome.value.queued);
  if (!queued) return notFound();
  return ok({ outcome: outcome.value.outcome, email: summaryOf(queued) });
}
