import type { Kysely, Migration } from 'kysely';

/**
 * The console's reviews list, a page at a time (decision 048, amended 2026-11-29): keyset pages on
 * (created_at, id), by status, design, both or neither. Each choice gets an index that holds the
 * list's whole order, the id included, so a page is read from it in order and never by sorting the
 * matches: every review (created_at, id), a design's (design, created_at, id). The status and
 * design-and-status indexes of migration 035 are made again with the id at their end (a design's
 * published reviews on the shop's pages are read newest first, the id breaking a tie, too).
 */
export const reviewsConsoleOrder: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('reviews_status_created_idx').execute();
    await db.schema.dropIndex('reviews_design_status_idx').execute();
    await db.schema
      .createIndex('reviews_status_created_idx')
      .on('reviews')
      .columns(['status', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('reviews_design_status_idx')
      .on('reviews')
      .columns(['design', 'status', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('reviews_created_id_idx')
      .on('reviews')
      .columns(['created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('reviews_design_created_idx')
      .on('reviews')
      .columns(['design', 'created_at', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('reviews_design_created_idx').execute();
    await db.schema.dropIndex('reviews_created_id_idx').execute();
    await db.schema.dropIndex('reviews_design_status_idx').execute();
    await db.schema.dropIndex('reviews_status_created_idx').execute();
    await db.schema
      .createIndex('reviews_design_status_idx')
      .on('reviews')
      .columns(['design', 'status', 'created_at'])
      .execute();
    await db.schema
      .createIndex('reviews_status_created_idx')
      .on('reviews')
      .columns(['status', 'created_at'])
      .execute();
  },
};
