/**
 * Relaxed commits (relaxed-commit.ts) on SQLite: the write commits with `synchronous = NORMAL`, and the
 * connection is back at its own level afterwards, also when the write throws, so the shop's other
 * commits keep waiting for the disk.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import type { Db } from './database.ts';
import { relaxedCommits } from './relaxed-commit.ts';

const level = async (db: Db) =>
  Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]!.synchronous);

describe('relaxed commits on sqlite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => database?.drop());

  it('writes at NORMAL and leaves the connection at its own level, also after a throw', async () => {
    const db = database.db;
    const own = await level(db);
    expect(own).toBe(2); // FULL, the shop's default (docs/decisions/002)
    const relaxed = relaxedCommits(db);
    expect(await relaxed((connection) => level(connection))).toBe(1); // NORMAL
    expect(await level(db)).toBe(own);
    await expect(
      relaxed(async () => {
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await level(db)).toBe(own);
  });
});
