/**
 * Return labels (issue 14, spec 7 `GET /orders/downloadReturnLabel/{id}`): one label per return, made
 * by the label provider (USPS or the embedded sandbox), kept in the database, served at an unguessable
 * URL, and emailed to the customer.
 *
 * `createReturnLabel` is run by a job once a return commits (return-label-jobs.ts: retried with backoff
 * while the provider fails), by a download that finds no label yet, and by an operator. It is
 * idempotent and safe when two run at once: the provider is asked only when the return has no label
 * yet, and the unique `return_id` decides which label is kept, so a return has one label, one URL and
 * one email. (Two racing calls may both ask the provider; the loser's label is dropped unused, and
 * USPS charges a returns label only when it is mailed.) A provider that fails leaves the return as it
 * is.
 */
import { shopDay } from '@sunward/core/shop-calendar';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { newId, nowIso, randomToken } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { queueEmail } from '../email/email.api.ts';
import { loadSettings, shopIdentityOf } from '../settings/settings.api.ts';
import type { LabelAddress, LabelFailure, LabelProvider } from './label-provider.ts';
import { returnLabelEmail } from './return-label-email.template.tsx';
import * as repo from './return-labels.repository.ts';

/** What the label service needs of the app (this feature's routes and the returns feature use it). */
export function labelDeps(app: Pick<FastifyInstance, 'labels' | 'config' | 'log'>): LabelDeps {
  return {
    labels: app.labels,
    siteUrl: app.config.siteUrl,
    log: app.log,
  };
}

export interface LabelDeps {
  labels: LabelProvider;
  /** For the label's absolute URL and the email's links. */
  siteUrl: string;
  log: { warn(obj: object, msg: string): void };
}

/** The 404 of a return without a label (spec 8). */
export const LABEL_NOT_FOUND = "Couldn't find return label.";

export type ReturnLabelFailure = Failure<'not_found'> | LabelFailure;

export interface StoredLabel {
  url: string;
  trackingNumber: string;
  /** Made by this call (false: it existed, or another call stored its own first). */
  created: boolean;
}

/** The label's URL: `${SITE_URL}/api/returns/labels/{token}.pdf`. */
export const labelUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/api/returns/labels/${token}.pdf`;

/** The order's shipping address as the label's FROM. */
function customerAddress(name: string, json: string): LabelAddress {
  const a = JSON.parse(json) as Partial<Record<string, string>>;
  return {
    name,
    line1: a.line1 ?? '',
    line2: a.line2 ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    zip: a.postal_code ?? '',
  };
}

/** The `return-label` email of a stored label, queued in the caller's transaction (false: queued already). */
async function queueLabelEmail(
  trx: Db,
  deps: LabelDeps,
  input: {
    target: { order_id: string; order_number: string; shipping_name: string; email: string };
    label: { url: string; trackingNumber: string; provider: string };
    shopName: string;
    supportEmail: string;
    dedupeKey: string;
  },
): Promise<boolean> {
  const { target, label } = input;
  const mail = await returnLabelEmail(
    {
      orderNumber: target.order_number,
      name: target.shipping_name,
      url: label.url,
      trackingNumber: label.trackingNumber,
      sandbox: label.provider === 'sandbox',
    },
    shopIdentityOf(input, deps.siteUrl),
  );
  return queueEmail(trx, {
    kind: 'return-label',
    to: target.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    dedupeKey: input.dedupeKey,
    orderId: target.order_id,
  });
}

/**
 * The label of return `returnId` (`returns.id`), made once: stored, set as the return's `return_label`,
 * and emailed (kind `return-label`) in one transaction. not_found: no such return;
 * label_unavailable: the provider made none this time (nothing changed).
 */
export async function createReturnLabel(
  db: Db,
  deps: LabelDeps,
  returnId: string,
  /** What commits with the label when this call stores it (an operator's action record). */
  alongside?: (trx: Db) => Promise<unknown>,
): Promise<Result<StoredLabel, ReturnLabelFailure>> {
  const existing = await repo.findLabelByReturn(db, returnId);
  if (existing) {
    return ok({
      url: labelUrl(deps.siteUrl, existing.token),
      trackingNumber: existing.tracking_number,
      created: false,
    });
  }
  const target = await repo.findReturnForLabel(db, returnId);
  if (!target) return fail('not_found', LABEL_NOT_FOUND);

  const settings = await loadSettings(db);
  const units = Math.max(1, await repo.countReturnedUnits(db, returnId));
  const { company, line1, city, state, zip } = settings.returnAddress;
  const made = await deps.labels.createReturnLabel({
    from: customerAddress(target.shipping_name, target.shipping_address),
    to: { name: company, line1, line2: '', city, state, zip },
    orderNumber: target.order_number,
    weightOz: units * settings.shirtWeightOz,
    mailingDate: shopDay(new Date()),
  });
  if (!made.ok) {
    deps.log.warn(
      { returnId, provider: deps.labels.name, reason: made.reason },
      'no return label this time; its job asks again later (and a download now)',
    );
    return made;
  }

  const token = randomToken(24);
  const url = labelUrl(deps.siteUrl, token);
  const stored = await db.transaction().execute(async (trx) => {
    const at = nowIso();
    const inserted = await repo.insertLabel(trx, {
      id: newId('lbl'),
      return_id: returnId,
      token,
      tracking_number: made.value.trackingNumber,
      provider: deps.labels.name,
      pdf: made.value.pdf,
      created_at: at,
    });
    if (!inserted) return false;
    await repo.setReturnLabelUrl(trx, returnId, url, at);
    await queueLabelEmail(trx, deps, {
      target,
      label: { url, trackingNumber: made.value.trackingNumber, provider: deps.labels.name },
      shopName: settings.shopName,
      supportEmail: settings.supportEmail,
      dedupeKey: `return-label:${returnId}`,
    });
    await alongside?.(trx);
    return true;
  });
  if (!stored) {
    // Another call stored its label first: that one is the return's.
    const winner = await repo.findLabelByReturn(db, returnId);
    if (!winner) throw new Error(`The label of return ${returnId} vanished`);
    return ok({
      url: labelUrl(deps.siteUrl, winner.token),
      trackingNumber: winner.tracking_number,
      created: false,
    });
  }
  return ok({ url, trackingNumber: made.value.trackingNumber, created: true });
}

/**
 * Spec 7, downloadReturnLabel: the URL of the return's label. A return whose label its job has not
 * made yet (just submitted, or the provider down) gets one now if the provider answers; a return that does not exist, or whose label still
 * cannot be made, is not_found with the spec's message.
 */
export async function downloadReturnLabel(
  db: Db,
  deps: LabelDeps,
  /** The return record's `id` as the customer sees it (`returns.public_id`). */
  publicId: string,
): Promise<Result<{ url: string }, Failure<'not_found'>>> {
  const returnId = await repo.findReturnIdByPublicId(db, publicId);
  if (!returnId) return fail('not_found', LABEL_NOT_FOUND);
  const label = await createReturnLabel(db, deps, returnId);
  if (!label.ok) return fail('not_found', LABEL_NOT_FOUND);
  return ok({ url: label.value.url });
}

/** The PDF behind a label URL, or undefined for a token no label has. */
export function labelPdf(db: Db, token: string) {
  return repo.findPdfByToken(db, token);
}

/**
 * Sends the label email of a return that has its label again (an operator's Re-send: the customer lost
 * it). `key` makes the request idempotent: the same key queues one email, however often it is sent.
 * `alongside` commits with the email when this call queued it. not_found: the return has no label.
 */
export async function resendReturnLabel(
  db: Db,
  deps: LabelDeps,
  returnId: string,
  request: { key: string; alongside?: (trx: Db) => Promise<unknown> },
): Promise<Result<StoredLabel & { sent: boolean }, Failure<'not_found'>>> {
  const [label, target] = await Promise.all([
    repo.findLabelByReturn(db, returnId),
    repo.findReturnForLabel(db, returnId),
  ]);
  if (!label || !target) return fail('not_found', LABEL_NOT_FOUND);
  const { shopName, supportEmail } = await loadSettings(db);
  const url = labelUrl(deps.siteUrl, label.token);
  const sent = await db.transaction().execute(async (trx) => {
    const queued = await queueLabelEmail(trx, deps, {
      target,
      label: { url, trackingNumber: label.tracking_number, provider: label.provider },
      shopName,
      supportEmail,
      dedupeKey: `return-label:${returnId}:resend:${request.key}`,
    });
    if (queued) await request.alongside?.(trx);
    return queued;
  });
  return ok({ url, trackingNumber: label.tracking_number, created: false, sent });
}
