import { randomBytes, randomFillSync, randomInt } from 'node:crypto';

/** Crockford base32: no I, L, O or U, so it reads aloud and types without mistakes. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function base32(bytes: Buffer, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CROCKFORD[bytes[i]! & 31];
  return out;
}

/**
 * Random bytes drawn from a pool the CSPRNG fills 4 KB at a time, as Node's own `randomUUID` does: one
 * `randomBytes` call per id cost about as much as the rest of making a row (tens of microseconds, a
 * percent of a loaded process's time on issue 26's profile). The bytes are a view into the pool, read
 * at once by the callers here and never handed out.
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let drawn = POOL_BYTES;

function pooledBytes(count: number): Buffer {
  if (count > POOL_BYTES) return randomBytes(count);
  if (drawn + count > POOL_BYTES) {
    randomFillSync(pool);
    drawn = 0;
  }
  const bytes = pool.subarray(drawn, drawn + count);
  drawn += count;
  return bytes;
}

/** A random, time-ordered id with a readable prefix: "ord_01JD3...". Never sequential. */
export function newId(prefix: string): string {
  const time = Date.now().toString(36).padStart(9, '0');
  return `${prefix}_${time}${pooledBytes(10).toString('hex')}`;
}

/** Order numbers: 10 characters of Crockford base32 (50 bits of randomness), e.g. "7KQ2M9XD4R". */
export function newOrderNumber(): string {
  return base32(pooledBytes(10), 10);
}

export function normalizeOrderNumber(input: string): string {
  return input.trim().toUpperCase().replace(/[-\s]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

export function randomToken(bytes = 24): string {
  return pooledBytes(bytes).toString('base64url');
}

export function randomItemId(): number {
  return randomInt(0, 1_000_000_000);
}

export function nowIso(): string {
  return new Date().toISOString();
}
