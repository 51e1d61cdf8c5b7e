/**
 * The shop's own shipping labels (issue 27 item 1, docs/decisions/039): buy an order's label (or many
 * orders' at once), void it before the carrier scans it. Each purchase and each void is three steps,
 * as refunds are (decision 034):
 *
 * 1. **Claim**, under the order's row lock: an order has at most one label being bought, bought or
 *    being voided (migration 029's partial unique index backs the lock); a second request (a double
 *    click, a retry, another process) finds the claim and answers it. The claim and its job commit
 *    together.
 * 2. **Ask**, by the job (outbound-label-jobs.ts), holding nothing: the address checked again, then the
 *    provider asked with the claim's key `order:<id>:label:<attempt>`.
 * 3. **Settle**, once per claim (`where status = 'buying' and claims = n`): bought, the order shipped
 *    through the orders' door with its tracking number and shipped email, in one transaction; or
 *    refused with the carrier's reason, the order left as it was (ready to ship).
 *
 * A purchase the carrier did not answer (a timeout), or a job run that died after asking, is refused
 * with `outcome_unknown`: the next purchase of that order is the same attempt, asked with the same key,
 * so a carrier that replays keys (the sandbox) answers the label it may have made rather than a second
 * one. A carrier that does not (USPS) is not asked again until the operator says its account shows no
 * label for the order (`confirmNoLabel`); then it is a new attempt.
 */
import { shopDay } from '@sunward/core/shop-calendar';
import type { Address } from '@sunward/core/schemas';
import type { LabelsAnswer, OrderLabel } from '@sunward/core/console-labels';
import { isOrderStatus, type OrderStatus } from '@sunward/core/order-status';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { newId, normalizeOrderNumber, nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { recordOperatorAction, type Operator } from '../operators/operators.api.ts';
import * as orders from '../orders/orders.api.ts';
import { loadSettings } from '../settings/settings.api.ts';
import type { UspsServices } from '../usps/usps.api.ts';
import type { LabelAddress, LabelProvider } from './label-provider.ts';
import * as repo from './outbound-labels.repository.ts';
import type { LabelRecord } from './outbound-labels.repository.ts';

export const BUY_LABEL_JOB = 'labels.buy-label';
export const VOID_LABEL_JOB = 'labels.void-label';

export interface OutboundDeps {
  labels: LabelProvider;
  verifier: UspsServices['verifier'];
  jobs: Pick<JobQueue, 'enqueue'>;
  siteUrl: string;
  log: { warn(obj: object, msg: string): void };
}

export interface BuyJob {
  labelId: string;
  claim: number;
}
export interface VoidJob {
  labelId: string;
  operator: Operator;
}

/** The statuses an order is ready to ship in. */
const READY: readonly string[] = ['pending', 'in-progress'];
/** Once delivered (or further), the parcel was scanned: its label is spent. */
const DELIVERED: readonly string[] = ['completed', 'return', 'refund'];
const LIVE: readonly string[] = ['buying', 'bought', 'voiding'];

type OrderRow = NonNullable<Awaited<ReturnType<typeof orders.findOrder>>>;

export type LabelFailure =
  | Failure<'not_found'>
  | Failure<'not_ready'>
  | Failure<'no_label'>
  | Failure<'label_scanned'>
  | Failure<'label_unconfirmed'>;

/**
 * The tracking numbers of `labels` the carrier has scanned (tracking's events, decision 040, read
 * through the orders' door as the Order view reads them): such a label was handed over and is spent.
 */
async function scannedOf(
  db: Db,
  labels: readonly (LabelRecord | undefined)[],
): Promise<Set<string>> {
  const numbers = labels.flatMap((l) =>
    l?.status === 'bought' && l.tracking_number ? [l.tracking_number] : [],
  );
  return new Set((await orders.trackingEventsOf(db, numbers)).keys());
}

/**
 * Whether the label's last purchase may have made a label the carrier will not answer again: no
 * answer (or a run that died after asking) from a carrier that does not replay keys.
 */
const uncertain = (label: LabelRecord | undefined, replaysKeys: boolean) =>
  label?.status === 'refused' && label.outcome_unknown === 1 && !replaysKeys;

/**
 * The console's view of an order's latest label; `scanned`: its parcel has a carrier's scan;
 * `replaysKeys`: the provider answers a repeated purchase with the label it made.
 */
export function labelView(
  order: OrderRow,
  label: LabelRecord | undefined,
  scanned = false,
  replaysKeys = true,
): OrderLabel {
  const status = (isOrderStatus(order.status) ? order.status : 'pending') as OrderStatus;
  const state = label?.status ?? 'none';
  return {
    orderNumber: order.order_number,
    orderStatus: status,
    state,
    provider: label?.provider ?? null,
    trackingNumber: label?.tracking_number ?? null,
    postage: label?.postage ?? null,
    reason: label?.reason ?? null,
    refund: (label?.refund ?? null) as OrderLabel['refund'],
    boughtAt: label?.bought_at ?? null,
    voidedAt: label?.voided_at ?? null,
    canBuy: READY.includes(status) && !LIVE.includes(state),
    canVoid: state === 'bought' && !scanned && !DELIVERED.includes(status),
    needsCheck: uncertain(label, replaysKeys),
  };
}

const notFound = (asked: string) => fail('not_found', `There is no order ${asked}.`);

function notReady(order: OrderRow): Failure<'not_ready'> {
  return fail(
    'not_ready',
    `Order ${order.order_number} is ${order.status}: a label is bought for an order ready to ship (pending or in progress).`,
  );
}

/**
 * Step 1 for one order: its label claimed (or the claim already there joined), and the job that buys
 * it queued with the claim. Answers the label as it stands.
 */
async function claimPurchase(
  db: Db,
  deps: OutboundDeps,
  operator: Operator,
  asked: string,
  confirmNoLabel: boolean,
): Promise<Result<OrderLabel, LabelFailure>> {
  const replays = deps.labels.replaysKeys;
  const found = await orders.findOrderByNumber(db, normalizeOrderNumber(asked));
  if (!found) return notFound(asked);
  const claimed = await db.transaction().execute(async (trx) => {
    const order = await orders.lockOrder(trx, found.id);
    if (!order) return notFound(asked);
    const latest = await repo.latestLabel(trx, order.id);
    // A double click, a retry, another process: the label being bought (or bought) is this order's.
    if (latest && LIVE.includes(latest.status)) {
      return ok(labelView(order, latest, (await scannedOf(trx, [latest])).size > 0, replays));
    }
    if (!READY.includes(order.status)) return notReady(order);
    if (uncertain(latest, replays) && !confirmNoLabel) {
      return fail(
        'label_unconfirmed',
        `The carrier did not answer the last purchase for order ${order.order_number} and may have made a label. Check the USPS account's shipping history for it (void it there if it is there), then buy again saying none was made.`,
      );
    }
    const at = nowIso();
    const who = JSON.stringify(operator);
    let labelId: string;
    let claim: number;
    if (latest?.status === 'refused' && latest.outcome_unknown === 1 && replays) {
      // No answer last time: the same attempt and key, so the provider can answer what it made.
      labelId = latest.id;
      claim = await repo.reclaim(trx, latest, who, at);
    } else {
      const attempt = (latest?.attempt ?? 0) + 1;
      labelId = newId('olb');
      claim = 1;
      await repo.insertLabel(trx, {
        id: labelId,
        order_id: order.id,
        attempt,
        idempotency_key: `order:${order.id}:label:${attempt}`,
        status: 'buying',
        claims: 1,
        outcome_unknown: 0,
        provider: deps.labels.name,
        operator: who,
        created_at: at,
        updated_at: at,
      });
    }
    await deps.jobs.enqueue<BuyJob>(trx, {
      name: BUY_LABEL_JOB,
      data: { labelId, claim },
      key: `buy-label:${labelId}:${claim}`,
    });
    return ok(labelView(order, await repo.latestLabel(trx, order.id), false, replays));
  });
  return claimed;
}

/** Buy the labels of `orderNumbers`, in that order: each answered as its claim left it. */
export async function buyLabels(
  db: Db,
  deps: OutboundDeps,
  operator: Operator,
  orderNumbers: readonly string[],
  confirmNoLabel = false,
): Promise<LabelsAnswer> {
  const labels: LabelsAnswer['labels'] = [];
  for (const asked of orderNumbers) {
    const claimed = await claimPurchase(db, deps, operator, asked, confirmNoLabel);
    labels.push(
      claimed.ok
        ? { ...claimed.value, orderNumber: asked, ok: true }
        : { orderNumber: asked, ok: false, code: claimed.code, message: claimed.message },
    );
  }
  return { labels };
}

/** The labels of `orderNumbers` as they stand, in that order. */
export async function readLabels(
  db: Db,
  deps: Pick<OutboundDeps, 'labels'>,
  orderNumbers: readonly string[],
): Promise<LabelsAnswer> {
  const find = () =>
    Promise.all(orderNumbers.map((n) => orders.findOrderByNumber(db, normalizeOrderNumber(n))));
  const ids = (await find()).flatMap((o) => (o ? [o.id] : []));
  const latest = await repo.latestLabels(db, ids);
  // The orders read again after their labels: a label settled (voided, bought) commits with its
  // order's status, so the status read now is at least as new as the label, never the one before
  // (a void read as voided beside its order still shipped offered no Buy label).
  const found = await find();
  const scanned = await scannedOf(db, [...latest.values()]);
  return {
    labels: orderNumbers.map((asked, i) => {
      const order = found[i];
      if (!order) {
        const missing = notFound(asked);
        return { orderNumber: asked, ok: false, code: missing.code, message: missing.message };
      }
      const label = latest.get(order.id);
      const seen = label?.tracking_number ? scanned.has(label.tracking_number) : false;
      return {
        ...labelView(order, label, seen, deps.labels.replaysKeys),
        orderNumber: asked,
        ok: true,
      };
    }),
  };
}

/**
 * Steps 2 and 3 of a purchase (the job `labels.buy-label`): the address checked again, the provider
 * asked with the claim's key, the claim settled. A run for a claim already settled changes nothing. A
 * run after one that asked and died asks again only a provider that replays keys; otherwise it settles
 * the purchase refused, saying to check the carrier's account, rather than risk a second label.
 */
export async function runPurchase(db: Db, deps: OutboundDeps, job: BuyJob): Promise<void> {
  const label = await repo.findLabel(db, job.labelId);
  if (!label || label.status !== 'buying' || label.claims !== job.claim) return;
  const refuse = (reason: string, unknown = false) =>
    repo.settleRefused(db, label.id, job.claim, reason, unknown, nowIso());
  if (label.asked_at && !deps.labels.replaysKeys) {
    await refuse(
      'The purchase was interrupted before the carrier answered. Check the USPS account for a label for this order before buying again.',
      true,
    );
    return;
  }
  if (!(await repo.markAsked(db, label.id, job.claim, nowIso()))) return;
  const order = await orders.findOrder(db, label.order_id);
  if (!order) throw new Error(`The order of label ${label.id} vanished`);

  const entered = JSON.parse(order.shipping_address) as Address;
  const checked = await deps.verifier.check({ ...entered, line2: entered.line2 ?? '' });
  if (!checked.ok) {
    await refuse(
      checked.code === 'undeliverable'
        ? `The address did not pass the check again: ${checked.message}`
        : `The address could not be checked just now: ${checked.message}`,
    );
    return;
  }
  const to: LabelAddress = {
    name: order.shipping_name,
    line1: checked.address.streetAddress,
    line2: checked.address.secondaryAddress,
    city: checked.address.city,
    state: checked.address.state,
    zip: checked.address.ZIPCode,
  };
  const settings = await loadSettings(db);
  const units = (await orders.listItems(db, order.id)).reduce((n, i) => n + i.quantity, 0);
  const { company, line1, city, state, zip } = settings.returnAddress;
  const bought = await deps.labels.buyLabel({
    from: { name: company, line1, line2: '', city, state, zip },
    to,
    orderNumber: order.order_number,
    weightOz: Math.max(1, units) * settings.shirtWeightOz,
    mailingDate: shopDay(new Date()),
    idempotencyKey: label.idempotency_key,
  });
  if (!bought.ok) {
    deps.log.warn(
      { orderId: order.id, key: label.idempotency_key, code: bought.code, reason: bought.reason },
      'the carrier made no shipping label: the order stays ready to ship',
    );
    const unknown = bought.code === 'label_no_answer';
    await refuse(unknown ? `The carrier did not answer: ${bought.reason}` : bought.reason, unknown);
    return;
  }
  const operator = JSON.parse(label.operator) as Operator;
  await db.transaction().execute(async (trx) => {
    const at = nowIso();
    if (!(await repo.settleBought(trx, label.id, job.claim, bought.value, at))) return;
    await recordOperatorAction(trx, operator, {
      action: 'label.buy',
      targetType: 'order',
      targetId: order.order_number,
      detail: {
        tracking: bought.value.trackingNumber,
        postage: bought.value.postage,
        provider: deps.labels.name,
      },
      at,
    });
    const shipped = await orders.shipWithLabel(trx, {
      orderId: order.id,
      operator,
      carrier: 'usps',
      tracking: bought.value.trackingNumber,
      siteUrl: deps.siteUrl,
    });
    if (!shipped) {
      const now = await orders.findOrder(trx, order.id);
      await repo.noteLabel(
        trx,
        label.id,
        `The label was bought but the order is ${now?.status ?? 'gone'}, so it was not shipped: void the label.`,
        at,
      );
    }
  });
}

/**
 * Void step 1: the order's bought label claimed for voiding (bought -> voiding) with its job, under the
 * order's lock. A label being voided already answers as it is. The parcel scanned by the carrier
 * (any tracking event for its number) or the order delivered: label_scanned.
 */
export async function claimVoid(
  db: Db,
  deps: OutboundDeps,
  operator: Operator,
  asked: string,
): Promise<Result<OrderLabel, LabelFailure>> {
  const found = await orders.findOrderByNumber(db, normalizeOrderNumber(asked));
  if (!found) return notFound(asked);
  return db.transaction().execute(async (trx) => {
    const order = await orders.lockOrder(trx, found.id);
    if (!order) return notFound(asked);
    const latest = await repo.latestLabel(trx, order.id);
    if (latest?.status === 'voiding') return ok(labelView(order, latest));
    if (latest?.status !== 'bought') {
      return fail('no_label', `Order ${order.order_number} has no label to void.`);
    }
    if (DELIVERED.includes(order.status)) {
      return fail(
        'label_scanned',
        `Order ${order.order_number} was delivered: its label was used and cannot be voided.`,
      );
    }
    if ((await scannedOf(trx, [latest])).size > 0) {
      return fail(
        'label_scanned',
        `USPS has scanned the parcel of order ${order.order_number}: its label was used and cannot be voided.`,
      );
    }
    const at = nowIso();
    await repo.moveLabel(trx, latest.id, 'bought', { status: 'voiding', reason: null }, at);
    await deps.jobs.enqueue<VoidJob>(trx, {
      name: VOID_LABEL_JOB,
      data: { labelId: latest.id, operator },
      key: `void-label:${latest.id}:${at}`,
    });
    return ok(labelView(order, await repo.latestLabel(trx, order.id)));
  });
}

/**
 * Void steps 2 and 3 (the job `labels.void-label`): the carrier asked to void, holding nothing; then
 * voided with what it refunds and the order back to in progress (ready to ship, without a tracking
 * number) in one transaction; or, refused, the label bought again with the carrier's reason.
 */
export async function runVoid(db: Db, deps: OutboundDeps, job: VoidJob): Promise<void> {
  const label = await repo.findLabel(db, job.labelId);
  if (!label || label.status !== 'voiding' || !label.tracking_number) return;
  const tracking = label.tracking_number;
  const voided = await deps.labels.voidLabel(tracking);
  if (!voided.ok) {
    await repo.moveLabel(
      db,
      label.id,
      'voiding',
      { status: 'bought', reason: `The carrier did not void the label: ${voided.reason}` },
      nowIso(),
    );
    return;
  }
  await db.transaction().execute(async (trx) => {
    const at = nowIso();
    const won = await repo.moveLabel(
      trx,
      label.id,
      'voiding',
      { status: 'voided', refund: voided.value.refund, voided_at: at },
      at,
    );
    if (!won) return;
    const unshipped = await orders.unshipOrder(trx, {
      orderId: label.order_id,
      operator: job.operator,
      tracking,
    });
    if (unshipped) return;
    // The carrier voided the label, but the order moved on while it was asked (delivered, shipped
    // by hand with another number): the void stands and the order stays as it is, said on the label.
    const now = await orders.findOrder(trx, label.order_id);
    const status = now?.status ?? 'gone';
    deps.log.warn(
      { orderId: label.order_id, tracking, status },
      'the label was voided but its order was no longer shipped with it: the order was left as it is',
    );
    await repo.noteLabel(
      trx,
      label.id,
      `The label was voided, but the order is ${status}${now?.tracking && now.tracking !== tracking ? ` with tracking number ${now.tracking}` : ''}, so it was left as it is.`,
      at,
    );
  });
}
