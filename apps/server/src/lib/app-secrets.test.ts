import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { getOrCreateSecret } from './app-secrets.ts';

describe.each(DATABASE_KINDS)('app secrets on %s', (kind) => {
  let database: TestDatabase;
  let other: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    other = await openDatabase(database.url);
  });
  afterAll(async () => {
    await other?.close();
    await database?.drop();
  });

  it('creates a secret once: concurrent first calls from two connections agree on one value', async () => {
    let made = 0;
    const generate = () => `value-${++made}`;
    const values = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        getOrCreateSecret(i % 2 ? other.db : database.db, 'concurrent', generate),
      ),
    );
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^value-\d+$/);
    // Later calls read it and generate nothing.
    const before = made;
    expect(await getOrCreateSecret(database.db, 'concurrent', generate)).toBe(values[0]);
    expect(made).toBe(before);
  });

  it('keeps each name apart', async () => {
    const a = await getOrCreateSecret(database.db, 'first', () => 'a');
    const b = await getOrCreateSecret(database.db, 'second', () => 'b');
    expect([a, b]).toEqual(['a', 'b']);
  });
});
