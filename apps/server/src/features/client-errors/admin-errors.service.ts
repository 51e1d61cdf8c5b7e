/**
 * The storefront's error reports in the console (issue 15, item 7): grouped by type, message and the
 * stack's first frame (their fingerprint, stored with each report), newest group first over a period,
 * and one group's reports. Reports are not linked to people: they carry a page URL, a browser and a
 * request id, never a customer.
 */
import type {
  ErrorGroup,
  ErrorGroupReports,
  ErrorGroups,
  ErrorReport,
} from '@sunward/core/console-errors';
import type { Db } from '../../db/database.ts';
import { topStackFrame } from '../../lib/error-fingerprint.ts';
import { decodeCursor, nextCursor } from '../../lib/keyset.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import * as repo from './admin-errors.repository.ts';
import type { ClientErrorsTable } from './client-errors.table.ts';

const DAY_MS = 86_400_000;

export interface ErrorsQuery {
  /** The period: this many days back from now. */
  days: number;
  after?: string;
  limit: number;
}

function reportOf(row: ClientErrorsTable): ErrorReport {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    stack: row.stack,
    url: row.url,
    userAgent: row.user_agent,
    requestId: row.request_id,
    createdAt: row.created_at,
  };
}

async function groupsSince(
  db: Db,
  since: string,
  options: { after?: string; limit: number; fingerprint?: string },
) {
  const rows = await repo.listErrorGroups(db, {
    since,
    after: decodeCursor(options.after),
    limit: options.limit,
    fingerprint: options.fingerprint,
  });
  const samples = new Map(
    (
      await repo.findReports(
        db,
        rows.map((r) => r.sample_id).filter((id) => id !== null),
      )
    ).map((row) => [row.id, row]),
  );
  const groups: ErrorGroup[] = [];
  for (const row of rows) {
    const sample = row.sample_id ? samples.get(row.sample_id) : undefined;
    if (!sample) continue;
    groups.push({
      fingerprint: row.fingerprint,
      type: sample.type,
      message: sample.message,
      frame: topStackFrame(sample.stack, sample.message),
      count: Number(row.n),
      firstSeen: row.first_seen ?? row.last_seen,
      lastSeen: row.last_seen,
      sample: reportOf(sample),
    });
  }
  return {
    groups,
    next: nextCursor(rows, options.limit, (row) => ({ at: row.last_seen, id: row.fingerprint })),
  };
}

const sinceOf = (days: number, now: Date) => new Date(now.getTime() - days * DAY_MS).toISOString();

export async function listErrorGroups(
  db: Db,
  query: ErrorsQuery,
  now: Date = new Date(),
): Promise<ErrorGroups> {
  const since = sinceOf(query.days, now);
  return { ...(await groupsSince(db, since, query)), since };
}

export async function errorGroupReports(
  db: Db,
  fingerprint: string,
  query: ErrorsQuery,
  now: Date = new Date(),
): Promise<Result<ErrorGroupReports, Failure<'not_found'>>> {
  const since = sinceOf(query.days, now);
  const [{ groups }, rows] = await Promise.all([
    groupsSince(db, since, { limit: 1, fingerprint }),
    repo.listGroupReports(db, {
      fingerprint,
      since,
      after: decodeCursor(query.after),
      limit: query.limit,
    }),
  ]);
  if (!groups[0] && rows.length === 0 && !query.after) {
    return fail('not_found', 'No error reports of this kind in the period.');
  }
  return ok({
    group: groups[0] ?? null,
    reports: rows.map(reportOf),
    next: nextCursor(rows, query.limit, (row) => ({ at: row.created_at, id: row.id })),
    since,
  });
}
