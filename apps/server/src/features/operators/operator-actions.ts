/**
 * The operators' activity (issue 15: "every operator action is recorded with who and when"). Every
 * service that changes something for an operator calls `recordOperatorAction` in the transaction of the
 * change, so the record and the change commit together or not at all.
 */
import type { Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Operator } from './operator.ts';
import * as repo from './operator-actions.repository.ts';
import type { OperatorActionRow } from './operator-actions.table.ts';

export interface OperatorActionInput {
  action: string;
  targetType: string;
  targetId: string;
  /** What changed; stored as JSON (keep it small: ids, amounts in cents, old and new values). */
  detail?: Record<string, unknown>;
  /** Defaults to now. */
  at?: string;
}

export async function recordOperatorAction(
  trx: Db,
  operator: Operator,
  input: OperatorActionInput,
): Promise<OperatorActionRow> {
  const row: OperatorActionRow = {
    id: newId('opa'),
    at: input.at ?? nowIso(),
    operator_id: operator.customerId,
    operator_email: operator.email,
    action: input.action,
    target_type: input.targetType,
    target_id: input.targetId,
    detail: JSON.stringify(input.detail ?? {}),
  };
  await repo.insertAction(trx, row);
  return row;
}

export interface OperatorActionView {
  id: string;
  at: string;
  operatorId: string;
  operatorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  detail: Record<string, unknown>;
}

export function toActionView(row: OperatorActionRow): OperatorActionView {
  let detail: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.detail);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      detail = parsed as Record<string, unknown>;
    }
  } catch {
    // A row written by hand with bad JSON still lists.
  }
  return {
    id: row.id,
    at: row.at,
    operatorId: row.operator_id,
    operatorEmail: row.operator_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    detail,
  };
}

/** Newest first, keyset-paged on (at, id); `target` narrows to one thing's history. */
export async function listOperatorActions(
  db: Db,
  options: Parameters<typeof repo.listActions>[1],
): Promise<OperatorActionView[]> {
  return (await repo.listActions(db, options)).map(toActionView);
}
