/**
 * The support's part of the personal-data registry (lib/personal-data.ts; decision 032, "Personal
 * data"): support messages sent signed in, from one of the person's addresses or about one of their
 * orders, with the operators' replies; and privacy requests sent signed in or from one of their
 * addresses. An erasure empties the messages' text and email and the replies' text and address; a
 * privacy request keeps its dates and status (the record that it was answered) and loses its text
 * and email, its operator's note keeping its words with the person scrubbed. Both stay linked to the
 * erased customer, found by email or not.
 */
import type { UpdateResult } from 'kysely';
import type { Db } from '../../db/database.ts';
import { definePart } from '../../lib/personal-data.ts';
import { changedRows, chunks, inChunks } from '../../lib/personal-rows.ts';

/** Support messages sent signed in, from one of `emails`, or about one of their orders. */
function supportRequestsOf(
  db: Db,
  customerId: string,
  emails: readonly string[],
  orderNumbers: readonly string[],
) {
  return db
    .selectFrom('support_requests')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', customerId),
        ...(emails.length ? [eb(eb.fn('lower', ['email']), 'in', emails)] : []),
        ...chunks(orderNumbers).map((part) => eb('order_number', 'in', part)),
      ]),
    )
    .orderBy('created_at', 'desc')
    .execute();
}

function dataRequestsOf(db: Db, customerId: string, emails: readonly string[]) {
  return db
    .selectFrom('data_requests')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('customer_id', '=', customerId),
        ...(emails.length ? [eb(eb.fn('lower', ['email']), 'in', emails)] : []),
      ]),
    )
    .orderBy('received_at', 'desc')
    .execute();
}

const repliesOf = (db: Db, supportIds: readonly string[]) =>
  inChunks(supportIds, (part) =>
    db
      .selectFrom('support_replies')
      .selectAll()
      .where('support_request_id', 'in', part)
      .orderBy('created_at')
      .execute(),
  );

export const supportPersonalData = definePart({
  feature: 'support',
  tables: ['support_requests', 'support_replies', 'data_requests'],
  order: 90,
  async locate(db, person) {
    const [messages, dataRequests] = await Promise.all([
      supportRequestsOf(
        db,
        person.customerId,
        person.addresses,
        person.orders.map((o) => o.orderNumber),
      ),
      dataRequestsOf(db, person.customerId, person.addresses),
    ]);
    return { customerId: person.customerId, messages, dataRequests };
  },
  identifiers: ({ messages, dataRequests }) => [
    ...messages.map((s) => s.email),
    ...dataRequests.map((d) => d.email),
  ],
  async export(db, { messages, dataRequests }) {
    const replies = await repliesOf(
      db,
      messages.map((s) => s.id),
    );
    return {
      supportMessages: messages.map((s) => ({
        id: s.id,
        sentAt: s.created_at,
        email: s.email,
        orderNumber: s.order_number,
        message: s.message,
        status: s.status,
        replies: replies
          .filter((r) => r.support_request_id === s.id)
          .map((r) => ({ sentAt: r.created_at, to: r.to_address, text: r.body })),
      })),
      dataRequests: dataRequests.map((d) => ({
        id: d.id,
        receivedAt: d.received_at,
        dueBy: d.due_by,
        email: d.email,
        message: d.message,
        status: d.status,
        emailProvenAt: d.email_proven_at,
        completedAt: d.completed_at,
        note: d.completion_note,
      })),
    };
  },
  detail: ({ messages, dataRequests }) => ({
    supportMessages: messages.map((s) => ({
      id: s.id,
      status: s.status,
      createdAt: s.created_at,
      excerpt: s.message.slice(0, 200),
      orderNumber: s.order_number,
    })),
    dataRequests: dataRequests.map((d) => ({
      id: d.id,
      status: d.status,
      receivedAt: d.received_at,
      dueBy: d.due_by,
      emailProvenAt: d.email_proven_at,
    })),
  }),
  async erase(trx, { customerId, messages, dataRequests }, { at, scrub }) {
    const supportIds = messages.map((s) => s.id);
    const erasedMessages: UpdateResult[] = [];
    const erasedReplies: UpdateResult[] = [];
    for (const part of chunks(supportIds)) {
      erasedMessages.push(
        await trx
          .updateTable('support_requests')
          .set({ message: '', email: null, erased_at: at, customer_id: customerId })
          .where('id', 'in', part)
          .executeTakeFirst(),
      );
      erasedReplies.push(
        await trx
          .updateTable('support_replies')
          .set({ body: '', to_address: '' })
          .where('support_request_id', 'in', part)
          .executeTakeFirst(),
      );
    }
    for (const request of dataRequests) {
      await trx
        .updateTable('data_requests')
        .set({
          email: '',
          message: '',
          completion_note: request.completion_note === null ? null : scrub(request.completion_note),
          erased_at: at,
          customer_id: customerId,
        })
        .where('id', '=', request.id)
        .execute();
    }
    return {
      supportMessages: changedRows(erasedMessages),
      supportReplies: changedRows(erasedReplies),
      dataRequests: dataRequests.length,
    };
  },
});
