/**
 * Back in stock (issue 29 item 4, decision 050): a shopper on a size shown out of stock leaves an
 * address; operators read how many wait per design and size. The emails are back-in-stock-job.ts's.
 */
import {
  byMostWanted,
  type BackInStockAnswer,
  type BackInStockRequest,
  type WaitingCount,
} from '@sunward/core/back-in-stock';
import { designTitle } from '@sunward/core/designs';
import { isSizeCode, sizeLabel } from '@sunward/core/sizes';
import type { Db } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { getInventory, listDesigns } from '../catalog/catalog.api.ts';
import * as repo from './back-in-stock.repository.ts';

export type BackInStockFailure = Failure<'not_found' | 'in_stock'>;

export async function requestBackInStock(
  db: Db,
  request: BackInStockRequest,
): Promise<Result<BackInStockAnswer, BackInStockFailure>> {
  const [inventory, designs] = await Promise.all([
    getInventory(db, request.productId),
    listDesigns(db),
  ]);
  if (!inventory) return fail('not_found', 'No shirt with that id is on sale.');
  if (!designs.some((d) => d.designName === request.design)) {
    return fail('not_found', `${designTitle(request.design)} is not on sale.`);
  }
  const size = sizeLabel(request.size);
  if (!inventory.sizes[request.size].outOfStock) {
    return fail('in_stock', `${size} is in stock now: you can add it to your bag.`);
  }
  const email = request.email.trim().toLowerCase();
  await repo.insertRequest(db, {
    id: newId('bis'),
    email,
    design: request.design,
    product_id: request.productId,
    size: request.size,
    created_at: nowIso(),
  });
  return ok({
    message: `We will email ${email} once when ${size} is back in stock.`,
  });
}

export async function listWaitingCounts(db: Db): Promise<WaitingCount[]> {
  const rows = await repo.waitingCounts(db);
  return rows
    .filter((r) => isSizeCode(r.size))
    .map((r) => ({
      designName: r.design,
      designTitle: designTitle(r.design),
      productId: r.product_id,
      size: r.size as WaitingCount['size'],
      label: sizeLabel(r.size),
      waiting: r.waiting,
    }))
    .sort(byMostWanted);
}
