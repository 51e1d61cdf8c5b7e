import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { RETIRED_KEY_KEPT_MS, jwksFrom, rotateSigningKeys, storedKeysText } from './oidc-keys.ts';

describe('signing keys', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => database?.drop());

  it('are made once, kept in the database and rotated with the old key still published', async () => {
    const first = jwksFrom(await storedKeysText(database.db));
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]).toMatchObject({ alg: 'RS256', use: 'sig', kty: 'RSA' });
    expect(jwksFrom(await storedKeysText(database.db))).toEqual(first);

    const rotated = await rotateSigningKeys(database.db);
    expect(rotated.published).toEqual([rotated.current, first.keys[0]!.kid]);
    const now = jwksFrom(await storedKeysText(database.db));
    expect(now.keys[0]!.kid).toBe(rotated.current);

    // A day later the old key has outlived every token it signed and goes at the next rotation.
    const later = await rotateSigningKeys(
      database.db,
      new Date(Date.now() + RETIRED_KEY_KEPT_MS + 1000),
    );
    expect(later.published).toEqual([later.current, rotated.current]);
  });
});
