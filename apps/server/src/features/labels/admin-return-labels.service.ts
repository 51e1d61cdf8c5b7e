/**
 * A return's label in the operator console (issue 15): issued when its making failed at submission,
 * or emailed to the customer again. The labels feature owns it (decision 032), so the returns feature
 * never imports labels and labels reads the return through the returns' door.
 */
import type { ReturnDetail } from '@sunward/core/console-returns-schemas';
import type { Db } from '../../db/database.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import {
  listOperatorActions,
  recordOperatorAction,
  type Operator,
} from '../operators/operators.api.ts';
import { findReturnForLabel, RETURN_NOT_FOUND, returnDetailNow } from '../returns/returns.api.ts';
import { createReturnLabel, resendReturnLabel, type LabelDeps } from './return-labels.service.ts';

export type IssueLabelFailure =
  | Failure<'not_found'>
  /** The label provider made no label this time. */
  | Failure<'label_unavailable'>;

/**
 * Issue the label (a return whose label could not be made when it was submitted) or, when it has one,
 * email it to the customer again. `key` makes a double click one email: the same key never issues and
 * then re-sends, nor re-sends twice.
 */
export async function issueLabel(
  db: Db,
  deps: LabelDeps,
  operator: Operator,
  publicId: string,
  key: string,
): Promise<Result<ReturnDetail, IssueLabelFailure>> {
  const row = await findReturnForLabel(db, publicId);
  if (!row) return fail('not_found', RETURN_NOT_FOUND);
  const record = (resent: boolean) => (trx: Db) =>
    recordOperatorAction(trx, operator, {
      action: 'return.label',
      targetType: 'return',
      targetId: publicId,
      detail: { orderNumber: row.orderNumber, resent, key },
    });
  const unavailable = () =>
    fail(
      'label_unavailable',
      'The label could not be made just now (the label service did not answer). Please try again in a few minutes.',
    );

  if (!row.returnLabel) {
    const made = await createReturnLabel(db, deps, row.id, record(false));
    if (!made.ok) return unavailable();
  } else {
    // The label exists (read before the actions: whoever stored it recorded the action with it).
    const actions = await listOperatorActions(db, {
      limit: 200,
      target: { type: 'return', id: publicId },
    });
    const issuedWithKey = actions.some(
      (a) => a.action === 'return.label' && a.detail.key === key && a.detail.resent === false,
    );
    if (!issuedWithKey) {
      const sent = await resendReturnLabel(db, deps, row.id, { key, alongside: record(true) });
      if (!sent.ok) return unavailable();
    }
  }
  return ok(await returnDetailNow(db, publicId));
}
