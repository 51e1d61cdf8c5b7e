/**
 * The labels' part of the personal-data registry (lib/personal-data.ts; decision 032, "Personal
 * data"): the return labels of the person's returns. A label's PDF prints the customer's name and
 * address as the sender, so an erasure deletes the labels (and the returns' links to them); the
 * export shows each label's tracking number and date, never the PDF, as the `label` of its return
 * inside its order (the returns' part leaves that field for it). The shop's shipping labels of the
 * person's orders (decision 039) print their name and address as the recipient: an erasure deletes
 * their PDFs and keeps the rest (tracking number, postage: the shop's postage records); the export
 * has their tracking numbers in the orders already.
 */
import { definePart, sectionRecords } from '../../lib/personal-data.ts';
import { changedRows, chunks, inChunks } from '../../lib/personal-rows.ts';

export const labelsPersonalData = definePart({
  feature: 'labels',
  tables: ['return_labels', 'outbound_labels'],
  order: 80,
  async locate(db, person) {
    const returns = [...person.returns];
    const labels = await inChunks(
      returns.map((r) => r.id),
      (part) =>
        db
          .selectFrom('return_labels')
          .select(['return_id', 'tracking_number', 'created_at'])
          .where('return_id', 'in', part)
          .execute(),
    );
    const orderIds = person.orders.map((o) => o.id);
    return { returns, labels, orderIds };
  },
  async export(_db, { returns, labels }, document) {
    const publicIds = new Map(returns.map((r) => [r.id, r.publicId]));
    const byReturn = new Map<string, { trackingNumber: string; createdAt: string }>();
    for (const l of labels) {
      const publicId = publicIds.get(l.return_id);
      if (publicId && !byReturn.has(publicId)) {
        byReturn.set(publicId, { trackingNumber: l.tracking_number, createdAt: l.created_at });
      }
    }
    for (const order of sectionRecords(document, 'orders')) {
      for (const record of sectionRecords(order, 'returns')) {
        record.label = byReturn.get(String(record.id)) ?? null;
      }
    }
    return {};
  },
  async erase(trx, { returns, orderIds }) {
    const shipping = [];
    for (const part of chunks(orderIds)) {
      shipping.push(
        await trx
          .updateTable('outbound_labels')
          .set({ pdf: null })
          .where('order_id', 'in', part)
          .where('pdf', 'is not', null)
          .executeTakeFirst(),
      );
    }
    const results = [];
    for (const part of chunks(returns.map((r) => r.id))) {
      await trx
        .updateTable('returns')
        .set({ return_label: null })
        .where('id', 'in', part)
        .execute();
      results.push(
        await trx.deleteFrom('return_labels').where('return_id', 'in', part).executeTakeFirst(),
      );
    }
    return { returnLabels: changedRows(results), shippingLabelPdfs: changedRows(shipping) };
  },
});
