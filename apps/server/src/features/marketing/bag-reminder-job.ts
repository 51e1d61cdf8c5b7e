/**
 * The bag reminder's schedule (decision 044): every period, once across every process, the checkouts
 * with an email and the shopper's consent that became no order and have been idle for the operators'
 * delay (`bagReminderDelayMinutes`) are asked core's rule; each one due is marked reminded and its
 * email queued in one transaction (the outbox's delivery job sends it, decision 029). The mark is a
 * compare-and-set and the email's dedupe key names the checkout, so a sweep run twice, or by two
 * processes, sends each reminder once.
 */
import { reminderDecision } from '@sunward/core/bag-reminder';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import {
  lastReminderTo,
  markReminded,
  reminderCandidates,
  type ReminderCheckout,
} from '../checkout/checkout.api.ts';
import { queueEmail } from '../email/email.api.ts';
import { loadSettings, shopIdentityOf } from '../settings/settings.api.ts';
import { bagReminderEmail, type BagReminderLine } from './bag-reminder.template.tsx';
import { bagToken, marketingSecret, unsubscribeToken } from './marketing-links.ts';
import * as repo from './marketing.repository.ts';

export const BAG_REMINDER_JOB = 'marketing.bag-reminders';
export const BAG_REMINDER_EVERY_MS = 5 * 60_000;

export interface BagReminderDeps {
  db: Db;
  siteUrl: string;
  now: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export const unsubscribeUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
export const bagUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/bag?restore=${encodeURIComponent(token)}`;

/** One sweep: answers how many reminders it queued. */
export async function sweepBagReminders(deps: BagReminderDeps): Promise<number> {
  const { db } = deps;
  const settings = await loadSettings(db);
  const delayMs = settings.bagReminderDelayMinutes * 60_000;
  if (delayMs === 0) return 0;
  const now = deps.now();
  const candidates = await reminderCandidates(db, iso(now - delayMs));
  if (candidates.length === 0) return 0;
  const secret = await marketingSecret(db);
  let queued = 0;
  for (const checkout of candidates) {
    const decision = reminderDecision(
      {
        email: checkout.email,
        consentAt: checkout.reminderConsentAt,
        ordered: false,
        remindedAt: null,
        updatedAt: checkout.updatedAt,
        unsubscribedAt: await repo.unsubscribedAt(db, checkout.email),
        lastReminderToAddressAt: await lastReminderTo(db, checkout.email),
      },
      now,
      delayMs,
    );
    if (!decision.send) continue;
    if (await remind(deps, checkout, secret, settings, now)) queued++;
  }
  return queued;
}

async function remind(
  deps: BagReminderDeps,
  checkout: ReminderCheckout,
  secret: string,
  settings: Awaited<ReturnType<typeof loadSettings>>,
  now: number,
): Promise<boolean> {
  const lines = (JSON.parse(checkout.lines) as BagReminderLine[]).map(
    ({ design, size, position, quantity }) => ({ design, size, position, quantity }),
  );
  const unsubscribe = unsubscribeUrl(deps.siteUrl, unsubscribeToken(secret, checkout.email));
  const mail = await bagReminderEmail(
    {
      lines,
      bagUrl: bagUrl(deps.siteUrl, bagToken(secret, checkout.id)),
      unsubscribeUrl: unsubscribe,
      postalAddress: settings.returnAddress,
    },
    shopIdentityOf(settings, deps.siteUrl),
  );
  return deps.db.transaction().execute(async (trx) => {
    if (!(await markReminded(trx, checkout.id, iso(now)))) return false;
    return queueEmail(trx, {
      kind: 'bag-reminder',
      to: checkout.email,
      dedupeKey: `bag-reminder:${checkout.id}`,
      listUnsubscribe: unsubscribe,
      ...mail,
    });
  });
}

/** Declares the sweep and its schedule (before the queue starts). */
export function registerBagReminders(
  jobs: JobQueue,
  deps: BagReminderDeps,
  everyMs = BAG_REMINDER_EVERY_MS,
): void {
  jobs.work(BAG_REMINDER_JOB, async () => {
    await sweepBagReminders(deps);
  });
  jobs.schedule(BAG_REMINDER_JOB, { everyMs });
}
