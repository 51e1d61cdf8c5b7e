/**
 * Reviews in the console (issue 29 item 1, docs/decisions/048): the queue of new ones first, then the
 * rest; publish, hide, and a public reply. Each change is recorded as the operator's action.
 */
import type { ConsoleReview, ConsoleReviewList } from '@sunward/core/review-schemas';
import type { DesignName } from '@sunward/core/designs';
import type { ReviewStatus } from '@sunward/core/reviews';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { recordOperatorAction, type Operator } from '../operators/operators.api.ts';
import * as repo from './reviews.repository.ts';
import { toPublic } from './reviews.service.ts';

/** The most the console lists at once (the queue first). */
export const CONSOLE_REVIEWS_SHOWN = 200;

export type AdminReviewFailure = Failure<'not_found'>;

const notFound = () => fail('not_found', 'There is no review with that id.');

async function consoleReview(db: Db, id: string): Promise<ConsoleReview | undefined> {
  const row = await repo.findForConsole(db, id);
  return row && toConsole(row);
}

function toConsole(row: Awaited<ReturnType<typeof repo.listForConsole>>[number]): ConsoleReview {
  const { verified: _verified, ...shown } = toPublic(row);
  return {
    ...shown,
    design: row.design as DesignName,
    orderNumber: row.order_number,
    status: row.status as ReviewStatus,
    moderatedAt: row.moderated_at,
  };
}

export async function listReviews(db: Db): Promise<ConsoleReviewList> {
  const [rows, counts] = await Promise.all([
    repo.listForConsole(db, CONSOLE_REVIEWS_SHOWN),
    repo.countByStatus(db),
  ]);
  return {
    reviews: rows.map(toConsole),
    counts: {
      new: counts.new ?? 0,
      published: counts.published ?? 0,
      hidden: counts.hidden ?? 0,
    },
  };
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
