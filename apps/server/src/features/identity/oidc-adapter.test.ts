import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementLog } from '../../../test/statement-log.ts';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { kyselyAdapter, purgeExpired } from './oidc-adapter.ts';

describe.each(DATABASE_KINDS)('oidc-provider storage over Kysely (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.drop());

  it('stores, finds, consumes, revokes by grant and forgets expired rows', async () => {
    const adapter = kyselyAdapter(database.db);
    const codes = adapter('AuthorizationCode');
    const sessions = adapter('Session');
    await codes.upsert('c1', { grantId: 'g1', accountId: 'a1' }, 60);
    await codes.upsert('c2', { grantId: 'g2' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
    // Same id, another model: a different row.
    await sessions.upsert('c1', { uid: 'u2' }, 60);

    expect(await codes.find('c1')).toEqual({ grantId: 'g1', accountId: 'a1' });
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'a1' });
    await codes.upsert('c1', { grantId: 'g1', accountId: 'a2' }, 60);
    expect(await codes.find('c1')).toMatchObject({ accountId: 'a2' });

    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));

    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await codes.find('c2')).toBeDefined();
    expect(await sessions.find('c1')).toBeDefined();

    await codes.destroy('c2');
    expect(await codes.find('c2')).toBeUndefined();

    await sessions.upsert('old', { uid: 'u3' }, 1);
    const later = new Date(Date.now() + 2000);
    expect(await purgeExpired(database.db, later)).toBe(1);
    expect(await purgeExpired(database.db, new Date(Date.now() + 61_000))).toBe(2);
  });

  it("writes the sign-in's rows as losable (no wait for the disk on SQLite) and every removal durably", async () => {
    const log = statementLog();
    const adapter = kyselyAdapter(database.db.withPlugin(log.plugin));
    /** The statements `step` ran and, on SQLite, how many of its writers waited for the log's sync. */
    const run = async (step: () => Promise<unknown>) => {
      log.statements.length = 0;
      const before = database.commits?.requests ?? 0;
      await step();
      const waited = kind === 'sqlite' ? database.commits!.requests - before : undefined;
      return { statements: [...log.statements], waited };
    };
    const waits = (n: number) => (kind === 'sqlite' ? n : undefined);
    const upsert = (model: string) => () =>
      adapter(model).upsert(`${model}-1`, { grantId: 'g-log', uid: `${model}-u` }, 60);
    for (const model of ['Interaction', 'Session', 'Grant', 'AuthorizationCode', 'AccessToken']) {
      expect(await run(upsert(model)), model).toEqual({ statements: ['Insert'], waited: waits(0) });
    }
    // Replay detection remembers what must not be accepted twice: it waits for the disk.
    expect(await run(upsert('ReplayDetection'))).toEqual({
      statements: ['Insert'],
      waited: waits(1),
    });

    // A finished interaction's removal may be lost too.
    expect(await run(() => adapter('Interaction').destroy('Interaction-1'))).toEqual({
      statements: ['Delete'],
      waited: waits(0),
    });

    expect(
      await run(async () => {
        await adapter('AuthorizationCode').consume('AuthorizationCode-1');
        await adapter('Session').destroy('Session-1');
        await adapter('Grant').revokeByGrantId('g-log');
      }),
    ).toEqual({ statements: ['Update', 'Delete', 'Delete'], waited: waits(3) });
  });

  it('never returns an expired row, before the purge has run', async () => {
    const grants = kyselyAdapter(database.db)('Grant');
    await grants.upsert('g-expired', { accountId: 'a' }, 1);
    await database.db
      .updateTable('oidc_payloads')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', 'g-expired')
      .execute();
    expect(await grants.find('g-expired')).toBeUndefined();
  });
});
