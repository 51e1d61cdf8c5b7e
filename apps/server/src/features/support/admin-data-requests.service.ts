/**
 * Privacy data requests in the console (issue 15, item 6): open ones by deadline with the days left on
 * the shop's calendar (computed here, so every operator sees the same count whatever their time zone),
 * one request with the customers it may be about, and marking it completed with a note of what was
 * done (or open again). Changes are recorded as operator actions; the note stays out of the record,
 * which must hold no personal data.
 */
import type {
  DataRequestDetail,
  DataRequestList,
  DataRequestSummary,
  DataRequestUpdate,
} from '@sunward/core/console-inbox';
import { shopDaysUntil } from '@sunward/core/support';
import type { Db } from '../../db/database.ts';
import { decodeCursor, nextCursor } from '../../lib/keyset.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { guestByEmail } from '../customers/customers.api.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import * as repo from './admin-data-requests.repository.ts';
import type { DataRequestRow } from './support.table.ts';

type SummaryRow = Pick<
  DataRequestRow,
  | 'id'
  | 'status'
  | 'email'
  | 'received_at'
  | 'due_by'
  | 'completed_at'
  | 'customer_id'
  | 'erased_at'
  | 'email_proven_at'
> & { excerpt: string };

function summaryOf(row: SummaryRow, now: Date): DataRequestSummary {
  const open = row.status !== 'completed';
  const daysLeft = open ? shopDaysUntil(row.due_by, now) : null;
  return {
    id: row.id,
    status: open ? 'open' : 'completed',
    email: row.email,
    excerpt: row.excerpt,
    receivedAt: row.received_at,
    dueBy: row.due_by,
    daysLeft,
    overdue: daysLeft !== null && daysLeft < 0,
    completedAt: row.completed_at,
    customerId: row.customer_id,
    erased: row.erased_at !== null,
    emailProvenAt: row.email_proven_at,
  };
}

export async function listDataRequests(
  db: Db,
  query: { status: 'open' | 'completed'; after?: string; limit: number },
  now: Date = new Date(),
): Promise<DataRequestList> {
  const rows = await repo.listDataRequests(db, {
    status: query.status,
    after: decodeCursor(query.after),
    limit: query.limit,
  });
  return {
    requests: rows.map((row) => summaryOf(row, now)),
    next: nextCursor(rows, query.limit, (row) => ({
      at: (query.status === 'open' ? row.due_by : row.completed_at) ?? '',
      id: row.id,
    })),
  };
}

type NotFound = Failure<'not_found'>;
const notFound = (): NotFound => fail('not_found', 'We could not find this data request.');

export async function dataRequestDetail(
  db: Db,
  id: string,
  now: Date = new Date(),
): Promise<Result<DataRequestDetail, NotFound>> {
  const row = await repo.findDataRequest(db, id);
  if (!row) return notFound();
  const [customers, guest] = await Promise.all([
    repo.customersForRequest(db, row),
    row.email ? guestByEmail(db, row.email.trim().toLowerCase()) : undefined,
  ]);
  return ok({
    ...summaryOf({ ...row, excerpt: row.message.slice(0, 200) }, now),
    message: row.message,
    completionNote: row.completion_note,
    customers: customers.map((c) => ({
      id: c.id,
      email: c.email,
      name: c.name,
      emailVerified: c.email_verified === 1,
      erasedAt: c.erased_at,
      erasedGuest: c.guest === 1,
    })),
    guest: guest ? { id: guest.id, orderCount: guest.orderCount } : null,
  });
}

/**
 * Marks a request completed (with the operator's note) or open again. Asking for the status it has
 * changes nothing (a double click is one change; a second note does not replace the first).
 */
export async function updateDataRequest(
  db: Db,
  operator: Operator,
  id: string,
  update: DataRequestUpdate,
  now: Date = new Date(),
): Promise<Result<DataRequestDetail, NotFound>> {
  const found = await db.transaction().execute(async (trx) => {
    const row = await repo.lockDataRequest(trx, id);
    if (!row) return false;
    if (row.status === update.status) return true;
    const at = now.toISOString();
    await repo.updateDataRequest(
      trx,
      id,
      update.status === 'completed'
        ? { status: 'completed', completed_at: at, completion_note: update.note }
        : { status: 'open', completed_at: null, completion_note: null },
    );
    await recordOperatorAction(trx, operator, {
      action: update.status === 'completed' ? 'data-request.complete' : 'data-request.reopen',
      targetType: 'data-request',
      targetId: id,
      detail: { from: row.status, to: update.status, dueBy: row.due_by },
      at,
    });
    return true;
  });
  return found ? dataRequestDetail(db, id, now) : notFound();
}
