/**
 * The email's part of the personal-data registry (lib/personal-data.ts; decision 032, "Personal
 * data"): every email the shop sent or queued to one of the person's addresses (any case). The
 * export holds their bodies with one-time links hidden (the operator downloads it: a live reset or
 * confirmation link would let them act as the customer, issue 23); the customer page shows the newest
 * few. An erasure empties the address and bodies, scrubs the person from the subject and the error,
 * and an email not sent yet never will be.
 */
import { definePart } from '../../lib/personal-data.ts';
import { hideOneTimeLinks } from './one-time-links.ts';

/** The customer page shows this many of their emails (the outbox has them all). */
const EMAILS_SHOWN = 50;

export const emailPersonalData = definePart({
  feature: 'email',
  tables: ['email_outbox'],
  order: 100,
  async locate(db, person) {
    if (person.addresses.length === 0) return [];
    return db
      .selectFrom('email_outbox')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['to_address']), 'in', person.addresses))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },
  async export(_db, emails) {
    return {
      emails: emails.map((e) => ({
        id: e.id,
        kind: e.kind,
        to: e.to_address,
        subject: hideOneTimeLinks(e.kind, e.subject),
        status: e.status,
        queuedAt: e.created_at,
        sentAt: e.sent_at,
        text: hideOneTimeLinks(e.kind, e.text),
        html: hideOneTimeLinks(e.kind, e.html),
      })),
    };
  },
  detail: (emails) => ({
    emails: emails.slice(0, EMAILS_SHOWN).map((e) => ({
      id: e.id,
      kind: e.kind,
      subject: e.subject,
      status: e.status,
      createdAt: e.created_at,
    })),
  }),
  async erase(trx, emails, { scrub }) {
    for (const email of emails) {
      const unsent = email.status === 'queued' || email.status === 'sending';
      await trx
        .updateTable('email_outbox')
        .set({
          to_address: '',
          html: '',
          text: '',
          subject: scrub(email.subject),
          ...(unsent
            ? {
                status: 'failed',
                last_error: "Not sent: the recipient's personal data was erased.",
              }
            : { last_error: email.last_error === null ? null : scrub(email.last_error) }),
        })
        .where('id', '=', email.id)
        .execute();
    }
    return { emails: emails.length };
  },
});
