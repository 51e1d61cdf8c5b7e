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

  it("writes the sign-in's rows as losable (relaxed on SQLite) and every removal durably", async () => {
    const log = statementLog();
    const adapter = kyselyAdapter(database.db.withPlugin(log.plugin));
    const relaxed = kind === 'sqlite' ? ['pragma synchronous = normal'] : [];
    const written = (model: string) => async () => {
      log.statements.length = 0;
      await adapter(model).upsert(`${model}-1`, { grantId: 'g-log', uid: `${model}-u` }, 60);
      // (The connection's own level is read once, before the first relaxed write.)
      return log.statements.filter((s) => s !== 'pragma synchronous').slice(0, relaxed.length + 1);
    };
    for (const model of ['Interaction', 'Session', 'Grant', 'AuthorizationCode', 'AccessToken']) {
      expect(await written(model)(), model).toEqual([...relaxed, 'Insert']);
    }
    // Replay detection remembers what must not be accepted twice: it waits for the disk.
    expect(await written('ReplayDetection')()).toEqual(['Insert']);

    // A finished interaction's removal may be lost too.
    log.statements.length = 0;
    await adapter('Interaction').destroy('Interaction-1');
    expect(log.statements).toEqual([
      ...relaxed,
      'Delete',
      ...(kind === 'sqlite' ? ['pragma synchronous = 2'] : []),
    ]);

    log.statements.length = 0;
    await adapter('AuthorizationCode').consume('AuthorizationCode-1');
    await adapter('Session').destroy('Session-1');
    await adapter('Grant').revokeByGrantId('g-log');
    expect(log.statements).toEqual(['Update', 'Delete', 'Delete']);
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
