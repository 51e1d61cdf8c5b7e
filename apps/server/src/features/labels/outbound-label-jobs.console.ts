/**
 * What the console's jobs screen says a `labels.buy-label` or `labels.void-label` job was for: the
 * order by its number. Never the shopper's address.
 */
import type { JobTarget } from '@sunward/core/console-jobs';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import * as orders from '../orders/orders.api.ts';
import { findLabel } from './outbound-labels.repository.ts';

const LabelJobData = z.object({ labelId: z.string() });

export async function aboutOutboundLabelJob(
  db: Db,
  data: unknown,
): Promise<{ about: string; target: JobTarget | null } | null> {
  const parsed = LabelJobData.safeParse(data);
  if (!parsed.success) return null;
  const label = await findLabel(db, parsed.data.labelId);
  const order = label ? await orders.findOrder(db, label.order_id) : undefined;
  if (!order)
    return { about: 'The shipping label of an order that no longer exists', target: null };
  return { about: `The shipping label of order ${order.order_number}`, target: null };
}
