/**
 * Migration 016 on every test database: its down removes what its up added (and up runs again), and
 * the error reports stored before it get their group's fingerprint.
 */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { errorFingerprint } from '../../lib/error-fingerprint.ts';
import { migrationProvider } from './index.ts';

describe.each(DATABASE_KINDS)('migration 016 on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());

  const migrator = () => new Migrator({ db: database.db, provider: migrationProvider });
  const tables = async () =>
    (await database.db.introspection.getTables()).map((t) => t.name).sort();

  it('goes down and up again, and fingerprints the reports stored before it', async () => {
    const down = await migrator().migrateTo('015-console-catalog');
    expect(down.error).toBeUndefined();
    expect(await tables()).not.toContain('support_replies');
    expect(await tables()).not.toContain('email_resends');
    await sql`insert into client_errors (id, type, message, stack, url, user_agent, request_id, created_at)
      values ('err_old', 'TypeError', 'x is undefined', ${'TypeError: x is undefined\n    at f (a.js:1:2)'},
        null, null, null, '2026-01-01T00:00:00.000Z')`.execute(database.db);

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await tables()).toEqual(
      expect.arrayContaining(['support_replies', 'email_resends', 'erased_identities']),
    );
    const row = await database.db
      .selectFrom('client_errors')
      .select('fingerprint')
      .where('id', '=', 'err_old')
      .executeTakeFirstOrThrow();
    expect(row.fingerprint).toBe(
      errorFingerprint({
        type: 'TypeError',
        message: 'x is undefined',
        stack: 'TypeError: x is undefined\n    at f (a.js:1:2)',
      }),
    );
  });
});
