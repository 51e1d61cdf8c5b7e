/**
 * The fuzz tests' "a refused request changes nothing" rests on two helpers: the tables' digest, and
 * the write mark that lets them skip a digest when nothing was written. A mark that failed to move on
 * a write would hide a change, so each kind of write is shown to move it, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, tableDigest, writeMark } from './table-digest.ts';
import { createTestApp, DATABASE_KINDS, type TestApp } from './test-app.ts';

describe.each(DATABASE_KINDS)('the write mark (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { PROCESS_ROLE: 'web' });
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const setting = (value: string) =>
    db().updateTable('settings').set({ value }).where('key', '=', 'shopName').execute();

  it('moves on an insert, an update, a delete, a rolled-back write; stays put across reads', async () => {
    // A request is a write too: its rate-limit hit, which the limiter writes in batches a moment
    // later (plugins/rate-limit.ts). Written here, before the first mark, not during the reads below.
    await t.request('GET', '/api/products');
    await t.app.syncRateLimits();
    const start = await writeMark(db());
    await db().selectFrom('orders').selectAll().execute();
    await tableDigest(db());
    // PostgreSQL's transaction ids are the whole cluster's: the other test files' databases move the
    // mark too (a digest taken for nothing, never one skipped), so reads are shown on SQLite alone.
    if (kind === 'sqlite') expect(await writeMark(db())).toBe(start);

    const marks = [start];
    const moved = async () => {
      const mark = await writeMark(db());
      expect(marks).not.toContain(mark);
      marks.push(mark);
    };
    const before = await tableDigest(db());
    await setting(JSON.stringify('Marked'));
    await moved();
    expect(changedTables(before, await tableDigest(db()))).toEqual(['settings']);

    await db()
      .insertInto('operator_actions')
      .values({
        id: 'oa_mark',
        at: new Date().toISOString(),
        operator_id: 'op_mark',
        operator_email: 'op@example.com',
        action: 'mark',
        target_type: 'test',
        target_id: 'mark',
        detail: '{}',
      })
      .execute();
    await moved();
    await db().deleteFrom('operator_actions').where('id', '=', 'oa_mark').execute();
    await moved();
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('settings')
          .set({ value: '"Rolled back"' })
          .where('key', '=', 'shopName')
          .execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await moved();
    await setting(JSON.stringify('Sunward'));
  });
});
