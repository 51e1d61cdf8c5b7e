/**
 * Reviews in the console (issue 29 item 1, docs/decisions/048): every review a page at a time, by
 * status and design (the queue of new ones oldest first); publish, hide, and a public reply. Each
 * change is recorded as the operator's action.
 */
import type {
  ConsoleReview,
  ConsoleReviewFilters,
  ConsoleReviewList,
} from '@sunward/core/review-schemas';
import type { DesignName } from '@sunward/core/designs';
import type { ReviewStatus } from '@sunward/core/reviews';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { recordOperatorAction, type Operator } from '../operators/operators.api.ts';
import { decodeCursor, encodeCursor } from '../orders/orders.api.ts';
import * as repo from './reviews.repository.ts';
import { toPublic } from './reviews.service.ts';

export type AdminReviewFailure = Failure<'not_found'>;
export type ReviewListFailure = Failure<'invalid_cursor'>;

const notFound = () => fail('not_found', 'There is no review with that id.');

async function consoleReview(db: Db, id: string): Promise<ConsoleReview | undefined> {
  const row = await repo.findForConsole(db, id);
  return row && toConsole(row);
}

function toConsole(row: repo.ConsoleReviewRow): ConsoleReview {
  const { verified: _verified, ...shown } = toPublic(row);
  return {
    ...shown,
    design: row.design as DesignName,
    orderNumber: row.order_number,
    status: row.status as ReviewStatus,
    moderatedAt: row.moderated_at,
  };
}

/**
 * A page of the console's list: `limit` reviews matching the filters after `cursor` (the orders'
 * opaque cursor: the last review's creation time and id), the next page's cursor, and the counts by
 * status (of the design, when one is asked).
 */
export async function listReviews(
  db: Db,
  query: ConsoleReviewFilters & { cursor?: string | undefined; limit: number },
): Promise<Result<ConsoleReviewList, ReviewListFailure>> {
  let after: repo.ReviewPosition | null = null;
  if (query.cursor !== undefined) {
    const decoded = decodeCursor(query.cursor);
    if (!decoded) return fail('invalid_cursor', 'This page of reviews does not exist.');
    after = decoded;
  }
  const filter = { status: query.status, design: query.design };
  // One more than asked: whether a next page exists, without counting.
  const rows = await repo.listForConsole(db, filter, { after, limit: query.limit + 1 });
  const counts = await repo.countByStatus(db, query.design);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return ok({
    reviews: shown.map(toConsole),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ createdAt: last.created_at, id: last.id })
        : null,
    counts: {
      new: counts.new ?? 0,
      published: counts.published ?? 0,
      hidden: counts.hidden ?? 0,
    },
  });
}

export async function moderateReview(
  db: Db,
  operator: Operator,
  id: string,
  status: 'published' | 'hidden',
): Promise<Result<ConsoleReview, AdminReviewFailure>> {
  const at = nowIso();
  const done = await db.transaction().execute(async (trx) => {
    if (!(await repo.setStatus(trx, id, { status, at, by: operator.customerId }))) return false;
    await recordOperatorAction(trx, operator, {
      action: status === 'published' ? 'review.publish' : 'review.hide',
      targetType: 'review',
      targetId: id,
      at,
    });
    return true;
  });
  const review = done ? await consoleReview(db, id) : undefined;
  return review ? ok(review) : notFound();
}

export async function replyToReview(
  db: Db,
  operator: Operator,
  id: string,
  reply: string | null,
): Promise<Result<ConsoleReview, AdminReviewFailure>> {
  const at = nowIso();
  const text = reply ? reply : null;
  const done = await db.transaction().execute(async (trx) => {
    if (!(await repo.setReply(trx, id, text, at))) return false;
    await recordOperatorAction(trx, operator, {
      action: 'review.reply',
      targetType: 'review',
      targetId: id,
      detail: { reply: text },
      at,
    });
    return true;
  });
  const review = done ? await consoleReview(db, id) : undefined;
  return review ? ok(review) : notFound();
}
