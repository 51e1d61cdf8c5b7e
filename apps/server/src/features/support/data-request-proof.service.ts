/**
 * The requester opens the emailed link of a data request (issue 30; decision 053): the request records
 * when its email was proven, the first time; opening it again changes nothing and says when (after the
 * link's days too). A link made up or altered, or past its DATA_REQUEST_PROOF_DAYS, proves nothing.
 */
import type { DataRequestProven } from '@sunward/core/support';
import type { Db } from '../../db/database.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { dataRequestSecret, requestOfProofToken } from './data-request-links.ts';
import { findEmailProvenAt, markEmailProven } from './support.repository.ts';

export type ProofFailure = Failure<'invalid_link' | 'link_expired'>;

const invalid = (): ProofFailure =>
  fail(
    'invalid_link',
    'This link is not valid. Open it exactly as it is in our email, or send your request again.',
  );

export async function proveDataRequestEmail(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<Result<DataRequestProven, ProofFailure>> {
  const found = requestOfProofToken(await dataRequestSecret(db), token, now.getTime());
  if (found === null) return invalid();
  if (found.expired) {
    // Opened again after its days, once proven: it says so, as within them.
    const proven = await findEmailProvenAt(db, found.id);
    if (proven?.email_proven_at)
      return ok({ provenAt: proven.email_proven_at, alreadyProven: true });
    return fail(
      'link_expired',
      'This link has expired. Send your request again and open the new link within its time.',
    );
  }
  const provenNow = await markEmailProven(db, found.id, now.toISOString());
  const row = await findEmailProvenAt(db, found.id);
  if (!row?.email_proven_at) return invalid();
  return ok({ provenAt: row.email_proven_at, alreadyProven: !provenNow });
}
