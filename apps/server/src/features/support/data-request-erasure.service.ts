/**
 * Export and erasure from a privacy data request (issue 30; decision 053): everything the shop keeps
 * under the request's email (guest orders included), through the same personal-data registry as a
 * customer's export and erasure (features/customers, by its door). Only once the requester proved the
 * email (the emailed link): exporting or erasing by an address that may be anyone's would hand a
 * stranger's data over, or erase it. The erasure confirms by the email typed, runs in one transaction
 * under the request's lock, and is recorded as an operator action on the request; it erases the
 * request's own text and email too (its dates and status stay), so erasing again answers
 * `alreadyErased` and changes nothing.
 */
import type { EraseCustomerAnswer } from '@sunward/core/console-customers';
import type { Db } from '../../db/database.ts';
import type { PersonalData } from '../../lib/personal-data.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import {
  eraseByEmail,
  exportByEmail,
  type EraseByEmailFailure,
} from '../customers/customers.api.ts';
import type { Operator } from '../operators/operators.api.ts';
import { findDataRequest, lockDataRequest } from './admin-data-requests.repository.ts';
import type { DataRequestRow } from './support.table.ts';

type NotFound = Failure<'not_found'>;
type NotProven = Failure<'not_proven'>;
export type ExportFailure = NotFound | NotProven | Failure<'erased'>;
export type EraseFailure = NotFound | NotProven | Failure<'confirm_mismatch'> | EraseByEmailFailure;

const notFound = (): NotFound => fail('not_found', 'We could not find this data request.');
const notProven = (what: string): NotProven =>
  fail(
    'not_proven',
    `The requester has not proven this email yet (the link we emailed them), so nothing was ${what}: the address may not be theirs.`,
  );
const target = (row: DataRequestRow) => ({ type: 'data-request', id: row.id });

export async function exportDataRequest(
  db: Db,
  personalData: PersonalData,
  operator: Operator,
  id: string,
  shop: { siteUrl: string },
  now: Date = new Date(),
): Promise<Result<Awaited<ReturnType<typeof exportByEmail>>, ExportFailure>> {
  const row = await findDataRequest(db, id);
  if (!row) return notFound();
  if (row.erased_at) {
    return fail('erased', "This request's personal data was erased: there is nothing to export.");
  }
  if (!row.email_proven_at) return notProven('exported');
  const email = row.email.toLowerCase();
  return ok(await exportByEmail(db, personalData, operator, email, target(row), shop, now));
}

export async function eraseDataRequest(
  db: Db,
  personalData: PersonalData,
  operator: Operator,
  id: string,
  confirmEmail: string,
  now: Date = new Date(),
): Promise<Result<EraseCustomerAnswer, EraseFailure>> {
  return db.transaction().execute(async (trx) => {
    const row = await lockDataRequest(trx, id);
    if (!row) return notFound();
    if (row.erased_at) {
      const customerId = row.customer_id ?? '';
      return ok({ customerId, erasedAt: row.erased_at, alreadyErased: true, erased: {} });
    }
    if (!row.email_proven_at) return notProven('erased');
    const email = row.email.trim().toLowerCase();
    if (confirmEmail.trim().toLowerCase() !== email) {
      return fail(
        'confirm_mismatch',
        "That is not this request's email. Type it exactly to confirm.",
      );
    }
    return eraseByEmail(trx, personalData, operator, email, target(row), now);
  });
}
