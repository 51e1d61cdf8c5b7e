/**
 * The back-in-stock emails (decision 050): the marketing feature's reaction to the catalogue's
 * `stock.back-on-sale` event, a job enqueued in the transaction of the operator's change. Each
 * shopper waiting for the size gets one email: its request is consumed in the transaction that queues
 * the email (dedupe key `back-in-stock:<request id>`), so a job run twice, or by two processes, sends
 * each once. A size out of stock again before the job runs keeps its requests for the next return; an
 * address that unsubscribed after asking is consumed without an email.
 */
import { designUrl } from '@sunward/core/structured-data';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../lib/jobs/events.ts';
import {
  getInventory,
  listDesigns,
  SIZE_BACK_ON_SALE,
  type SizeBackOnSale,
} from '../catalog/catalog.api.ts';
import { queueEmail } from '../email/email.api.ts';
import { loadSettings, shopIdentityOf } from '../settings/settings.api.ts';
import { unsubscribeUrl } from './bag-reminder-job.ts';
import { backInStockEmail } from './back-in-stock.template.tsx';
import type { BackInStockRequestRow } from './back-in-stock.table.ts';
import { marketingSecret, unsubscribeToken } from './marketing-links.ts';
import * as repo from './back-in-stock.repository.ts';
import { unsubscribedAt } from './marketing.repository.ts';

export const BACK_IN_STOCK_JOB = 'marketing.back-in-stock';

export interface BackInStockDeps {
  db: Db;
  /** SITE_URL, read when the job runs. */
  config: { readonly siteUrl: string };
}

/** Emails everyone waiting for the size, if it is still on sale; answers how many were queued. */
export async function notifyBackInStock(deps: BackInStockDeps, event: SizeBackOnSale) {
  const { db } = deps;
  const { siteUrl } = deps.config;
  const inventory = await getInventory(db, event.productId);
  const size = event.size as keyof NonNullable<typeof inventory>['sizes'];
  if (!inventory?.sizes[size] || inventory.sizes[size].outOfStock) return 0;
  const waiting = await repo.waitingFor(db, event.productId, event.size);
  if (waiting.length === 0) return 0;
  const [settings, secret, designs] = await Promise.all([
    loadSettings(db),
    marketingSecret(db),
    listDesigns(db),
  ]);
  let queued = 0;
  for (const request of waiting) {
    const design = designs.find((d) => d.designName === request.design);
    // A design taken off sale keeps its requests: its page would not open.
    if (!design) continue;
    const stopped = await unsubscribedAt(db, request.email);
    const unsubscribed = stopped !== null && stopped >= request.created_at;
    const unsubscribe = unsubscribeUrl(siteUrl, unsubscribeToken(secret, request.email));
    const mail = unsubscribed
      ? null
      : await backInStockEmail(
          {
            designTitle: design.designTitle,
            size: request.size,
            designUrl: designUrl(siteUrl, design.designName),
            unsubscribeUrl: unsubscribe,
            postalAddress: settings.returnAddress,
          },
          shopIdentityOf(settings, siteUrl),
        );
    if (await send(db, request, mail, unsubscribe)) queued++;
  }
  return queued;
}

async function send(
  db: Db,
  request: BackInStockRequestRow,
  mail: { subject: string; html: string; text: string } | null,
  unsubscribe: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.consumeRequest(trx, request.id))) return false;
    if (!mail) return false;
    return queueEmail(trx, {
      kind: 'back-in-stock',
      to: request.email,
      dedupeKey: `back-in-stock:${request.id}`,
      listUnsubscribe: unsubscribe,
      ...mail,
    });
  });
}

/** Declares the reaction on `events` (before the queue starts). */
export function registerBackInStockJob(events: EventBus, deps: BackInStockDeps): void {
  events.on<SizeBackOnSale>(SIZE_BACK_ON_SALE, BACK_IN_STOCK_JOB, async ({ data }) => {
    await notifyBackInStock(deps, data);
  });
}
