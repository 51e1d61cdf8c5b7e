/**
 * Whether a checkout left without an order gets its one bag reminder now (issue 28 item 3,
 * docs/decisions/044). Pure: the scheduled job reads the facts, this decides, the job marks and
 * queues in one transaction. The rules, in the order they are checked:
 *
 * - the checkout saved an email, with the shopper's consent (the box at checkout, never ticked in
 *   advance), and became no order;
 * - it was not reminded before (one reminder a checkout);
 * - its address never unsubscribed (an unsubscribe is honoured from the moment it is made, for every
 *   checkout of the address, including a box ticked again later: the shopper who said stop is never
 *   reminded again);
 * - it has been idle for the operators' delay;
 * - no reminder went to that address in the last 7 days (at most one a week, whatever the checkouts).
 */

/** At most one reminder a week to an address. */
export const REMINDER_SPACING_MS = 7 * 24 * 3_600_000;

export interface ReminderFacts {
  email: string | null;
  /** When the shopper ticked the box (ISO), else null. */
  consentAt: string | null;
  /** The checkout became an order. */
  ordered: boolean;
  /** When this checkout's reminder was queued (ISO), else null. */
  remindedAt: string | null;
  /** The checkout's last change (ISO): idle since then. */
  updatedAt: string;
  /** When the address unsubscribed (ISO), else null. */
  unsubscribedAt: string | null;
  /** When the last reminder to the address was queued, any checkout (ISO), else null. */
  lastReminderToAddressAt: string | null;
}

export type ReminderDecision =
  | { send: true }
  | {
      send: false;
      reason:
        'no-email' | 'no-consent' | 'ordered' | 'reminded' | 'unsubscribed' | 'not-idle' | 'spaced';
    };

export function reminderDecision(
  facts: ReminderFacts,
  now: number,
  delayMs: number,
): ReminderDecision {
  const no = (reason: Exclude<ReminderDecision, { send: true }>['reason']) =>
    ({ send: false, reason }) as const;
  if (!facts.email) return no('no-email');
  if (!facts.consentAt) return no('no-consent');
  if (facts.ordered) return no('ordered');
  if (facts.remindedAt) return no('reminded');
  if (facts.unsubscribedAt) return no('unsubscribed');
  if (now - Date.parse(facts.updatedAt) < delayMs) return no('not-idle');
  if (
    facts.lastReminderToAddressAt &&
    now - Date.parse(facts.lastReminderToAddressAt) < REMINDER_SPACING_MS
  ) {
    return no('spaced');
  }
  return { send: true };
}
