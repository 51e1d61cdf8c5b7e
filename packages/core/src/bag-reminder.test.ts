import { describe, expect, it } from 'vitest';
import { reminderDecision, type ReminderDecision, type ReminderFacts } from './bag-reminder.ts';

const HOUR = 3_600_000;
const now = Date.parse('2026-11-29T12:00:00Z');
const ago = (hours: number) => new Date(now - hours * HOUR).toISOString();

/** Left 3 hours ago with an email and consent, never reminded: due under a 1-hour delay. */
const due: ReminderFacts = {
  email: 'ann@example.com',
  consentAt: ago(3),
  ordered: false,
  remindedAt: null,
  updatedAt: ago(3),
  unsubscribedAt: null,
  lastReminderToAddressAt: null,
};

describe('reminderDecision (delay 1 hour)', () => {
  it.each<[string, Partial<ReminderFacts>, ReminderDecision['send'] | string]>([
    ['email, consent, no order, idle past the delay', {}, true],
    ['no email saved', { email: null }, 'no-email'],
    ['the box left unticked', { consentAt: null }, 'no-consent'],
    ['it became an order', { ordered: true }, 'ordered'],
    ['reminded already', { remindedAt: ago(1) }, 'reminded'],
    ['idle less than the delay', { updatedAt: ago(0.5) }, 'not-idle'],
    ['idle exactly the delay', { updatedAt: ago(1) }, true],
    ['unsubscribed after the consent', { unsubscribedAt: ago(2) }, 'unsubscribed'],
    ['unsubscribed the same moment as the consent', { unsubscribedAt: ago(3) }, 'unsubscribed'],
    ['ticked again after an unsubscribe', { unsubscribedAt: ago(5) }, 'unsubscribed'],
    ['a reminder to the address 6 days ago', { lastReminderToAddressAt: ago(6 * 24) }, 'spaced'],
    ['a reminder to the address 7 days ago', { lastReminderToAddressAt: ago(7 * 24) }, true],
  ])('%s', (_, change, expected) => {
    const decision = reminderDecision({ ...due, ...change }, now, HOUR);
    if (expected === true) expect(decision).toEqual({ send: true });
    else expect(decision).toEqual({ send: false, reason: expected });
  });

  it('an order wins over everything else: never a reminder for a bag that was bought', () => {
    expect(reminderDecision({ ...due, ordered: true, unsubscribedAt: ago(5) }, now, HOUR)).toEqual({
      send: false,
      reason: 'ordered',
    });
  });
});
