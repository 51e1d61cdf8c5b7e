/** Every query on the kept Content-Security-Policy reports. */
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { Keyset } from '../../lib/keyset.ts';
import type { CspViolation } from './csp-reports.ts';

/**
 * Counts a violation: a repeat adds to its row's count and last seen; a new kind is a new row while
 * fewer than `maxKinds` are kept (a storm of different URLs cannot fill the disk). False when it was
 * dropped for that cap.
 */
export async function recordViolation(
  db: Db,
  v: CspViolation,
  at: string,
  maxKinds: number,
): Promise<boolean> {
  const repeat = await db
    .updateTable('csp_reports')
    .set((eb) => ({ count: eb('count', '+', 1), last_seen: at }))
    .where('fingerprint', '=', v.fingerprint)
    .executeTakeFirst();
  if (Number(repeat.numUpdatedRows) > 0) return true;
  const kept = await db
    .selectFrom('csp_reports')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  if (Number(kept?.n ?? 0) >= maxKinds) return false;
  await db
    .insertInto('csp_reports')
    .values({
      id: newId('csp'),
      fingerprint: v.fingerprint,
      directive: v.directive,
      blocked_url: v.blockedUrl,
      document_url: v.documentUrl,
      disposition: v.disposition,
      source_file: v.sourceFile,
      line_number: v.lineNumber,
      sample: v.sample,
      user_agent: v.userAgent,
      count: 1,
      first_seen: at,
      last_seen: at,
    })
    // The same report from two requests at once: the second counts on the first's row.
    .onConflict((oc) =>
      oc.column('fingerprint').doUpdateSet((eb) => ({
        count: eb('csp_reports.count', '+', 1),
        last_seen: at,
      })),
    )
    .execute();
  return true;
}

/** The kinds of report last seen newest first, keyset-paged on (last seen, id). */
export function listReports(db: Db, options: { after?: Keyset; limit: number }) {
  let query = db.selectFrom('csp_reports').selectAll();
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('last_seen', '<', after.at),
        eb.and([eb('last_seen', '=', after.at), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('last_seen', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

/** Reports not seen since `before` are deleted (the retention). */
export async function purgeReports(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('csp_reports')
    .where('last_seen', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
