import type { Db } from '../../db/database.ts';
import type { OperatorActionRow } from './operator-actions.table.ts';

export async function insertAction(trx: Db, row: OperatorActionRow): Promise<void> {
  await trx.insertInto('operator_actions').values(row).execute();
}

/** Newest first, keyset-paged on (at, id); `target` narrows to one thing's history. */
export function listActions(
  db: Db,
  options: {
    limit: number;
    before?: { at: string; id: string };
    target?: { type: string; id: string };
  },
): Promise<OperatorActionRow[]> {
  let query = db.selectFrom('operator_actions').selectAll();
  if (options.target) {
    query = query
      .where('target_type', '=', options.target.type)
      .where('target_id', '=', options.target.id);
  }
  const before = options.before;
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('at', '<', before.at),
        eb.and([eb('at', '=', before.at), eb('id', '<', before.id)]),
      ]),
    );
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}
