import { randomBytes, randomInt } from 'node:crypto';

/** Crockford base32: no I, L, O or U, so it reads aloud and types without mistakes. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function base32(bytes: Buffer, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CROCKFORD[bytes[i]! & 31];
  return out;
}

/** A random, time-ordered id with a readable prefix: "ord_01JD3...". Never sequential. */
export function newId(prefix: string): string {
  const time = Date.now().toString(36).padStart(9, '0');
  return `${prefix}_${time}${randomBytes(10).toString('hex')}`;
}

/** Order numbers: 10 characters of Crockford base32 (50 bits of randomness), e.g. "7KQ2M9XD4R". */
export function newOrderNumber(): string {
  return base32(randomBytes(10), 10);
}

export function normalizeOrderNumber(input: string): string {
  return input.trim().toUpperCase().replace(/[-\s]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

export function randomItemId(): number {
  return randomInt(0, 1_000_000_000);
}

export function nowIso(): string {
  return new Date().toISOString();
}
