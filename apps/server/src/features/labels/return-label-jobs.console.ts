/**
 * What the console's jobs screen (features/console-jobs) says a `labels.return-label` job was for: the
 * return by its public id and its order's number, with the return's console page (where an operator
 * can issue the label by hand) as its target. Never the shopper's address.
 */
import type { JobTarget } from '@sunward/core/console-jobs';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { findReturnNames } from './return-labels.repository.ts';

const ReturnLabelData = z.object({ returnId: z.string() });

/** The return a label job is for, in a line; null when its data names no return. */
export async function aboutReturnLabelJob(
  db: Db,
  data: unknown,
): Promise<{ about: string; target: JobTarget | null } | null> {
  const parsed = ReturnLabelData.safeParse(data);
  if (!parsed.success) return null;
  const names = await findReturnNames(db, parsed.data.returnId);
  if (!names) return { about: 'The label of a return that no longer exists', target: null };
  return {
    about: `The label of return ${names.public_id}, order ${names.order_number}`,
    target: { type: 'return', id: names.public_id },
  };
}
