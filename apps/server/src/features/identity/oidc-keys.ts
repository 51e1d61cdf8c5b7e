/**
 * The provider's signing keys: RS256, generated on first start and kept in the database (app_secrets,
 * "oidc-signing-keys") so every process signs with and publishes the same keys. `rotateSigningKeys`
 * (cli: `npm run oidc -- rotate-keys`) makes a new current key; retired keys stay in the JWKS for
 * RETIRED_KEY_KEPT_MS, longer than any token they signed lives, then go at a later rotation.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/database.ts';
import { getOrCreateSecret } from '../../lib/app-secrets.ts';
import { randomToken } from '../../lib/ids.ts';

export const SIGNING_ALG = 'RS256';
const KEYS_SECRET = 'oidc-signing-keys';
const COOKIE_KEYS_SECRET = 'oidc-cookie-keys';
/** ID tokens and access tokens live an hour at most; a day leaves room for clock skew and caches. */
export const RETIRED_KEY_KEPT_MS = 24 * 60 * 60 * 1000;

interface StoredKey {
  jwk: JWK;
  createdAt: string;
  retiredAt: string | null;
}
interface StoredKeys {
  keys: StoredKey[];
}

async function newKey(): Promise<StoredKey> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, {
    extractable: true,
    modulusLength: 2048,
  });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    jwk: { ...jwk, kid, alg: SIGNING_ALG, use: 'sig' },
    createdAt: new Date().toISOString(),
    retiredAt: null,
  };
}

/** The stored keys as written (the text compares cheaply to see whether another process rotated). */
export async function storedKeysText(db: Db): Promise<string> {
  // Generated before the insert: getOrCreateSecret takes a synchronous generator.
  const existing = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', KEYS_SECRET)
    .executeTakeFirst();
  if (existing) return existing.value;
  const fresh = JSON.stringify({ keys: [await newKey()] } satisfies StoredKeys);
  return getOrCreateSecret(db, KEYS_SECRET, () => fresh);
}

/** The private JWKS for oidc-provider: the current key first (it signs), then the retired ones. */
export function jwksFrom(text: string): { keys: JWK[] } {
  const stored = JSON.parse(text) as StoredKeys;
  return { keys: stored.keys.map((k) => k.jwk) };
}

/** Adds a new current key; returns its kid and the kids still published. Safe against a racing rotation. */
export async function rotateSigningKeys(
  db: Db,
  now = new Date(),
): Promise<{ current: string; published: string[] }> {
  for (;;) {
    const text = await storedKeysText(db);
    const stored = JSON.parse(text) as StoredKeys;
    const fresh = await newKey();
    const kept = stored.keys
      .map((k) => ({ ...k, retiredAt: k.retiredAt ?? now.toISOString() }))
      .filter((k) => now.getTime() - Date.parse(k.retiredAt) < RETIRED_KEY_KEPT_MS);
    const next: StoredKeys = { keys: [fresh, ...kept] };
    const result = await db
      .updateTable('app_secrets')
      .set({ value: JSON.stringify(next) })
      .where('name', '=', KEYS_SECRET)
      .where('value', '=', text)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      return { current: fresh.jwk.kid!, published: next.keys.map((k) => k.jwk.kid!) };
    }
  }
}

/** Cookie signing keys: OIDC_COOKIE_KEYS when set, else one generated and kept in the database. */
export async function cookieKeys(db: Db, configured: string[] | undefined): Promise<string[]> {
  if (configured?.length) return configured;
  return [await getOrCreateSecret(db, COOKIE_KEYS_SECRET, () => randomToken(32))];
}
