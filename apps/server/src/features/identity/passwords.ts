/**
 * Password rules and hashing. Hashes are argon2id at OWASP's minimum figures (19 MiB, 2 passes, 1 lane);
 * the PHC string keeps the algorithm and parameters with each hash, so raising them later re-hashes
 * accounts at their next sign-in (needsRehash) and old hashes still verify.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id (a const enum, which this build's module syntax cannot read).
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const PARAMS = `m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}`;

/**
 * The commonest passwords from breaches, ranked (zxcvbn-ts's list of about 49,000, which includes the
 * well-known top-10k lists). Only those long enough to pass the length rule matter.
 */
const COMMON = new Set(
  dictionary['passwords-common']
    .filter((p) => p.length >= PASSWORD_MIN)
    .map((p) => p.toLowerCase()),
);

export type PasswordProblem = { code: 'too-short' | 'too-long' | 'too-common'; message: string };

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) {
    return {
      code: 'too-short',
      message: `Use at least ${PASSWORD_MIN} characters.`,
    };
  }
  if (length > PASSWORD_MAX) {
    return { code: 'too-long', message: `Use at most ${PASSWORD_MAX} characters.` };
  }
  if (COMMON.has(password.toLowerCase())) {
    return {
      code: 'too-common',
      message:
        'This password appears in lists of passwords leaked from other sites, so attackers try it first. Choose another.',
    };
  }
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A real hash of a random password: unknown emails cost the same time as known ones. */
let decoy: Promise<string> | undefined;

/** True when `password` matches `stored`; with no stored hash, spends the same time and says false. */
export async function verifyPassword(
  stored: string | undefined,
  password: string,
): Promise<boolean> {
  if (stored === undefined) {
    decoy ??= hashPassword(crypto.randomUUID());
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash made with other parameters than today's: re-hash it after a successful sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith('$argon2id$') || !stored.includes(`$${PARAMS}$`);
}
