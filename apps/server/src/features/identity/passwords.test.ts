import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX,
  hashPassword,
  needsRehash,
  passwordProblem,
  verifyPassword,
} from './passwords.ts';

describe('password rules', () => {
  it.each([
    ['short7!', 'too-short'],
    ['', 'too-short'],
    ['password1', 'too-common'],
    ['Password1', 'too-common'],
    ['iloveyou1', 'too-common'],
    ['12345678', 'too-common'],
    ['qwertyuiop', 'too-common'],
    ['x'.repeat(PASSWORD_MAX + 1), 'too-long'],
  ])('refuses %j (%s) with a message', (password, code) => {
    const problem = passwordProblem(password);
    expect(problem?.code).toBe(code);
    expect(problem?.message.length).toBeGreaterThan(10);
  });

  it.each(['sunward shirts 2024', 'tq7#Lp-e', 'x'.repeat(64), 'a'.repeat(PASSWORD_MAX)])(
    'accepts %j',
    (password) => expect(passwordProblem(password)).toBeNull(),
  );

  it('says why a breached password is refused', () => {
    expect(passwordProblem('password1')?.message).toMatch(/leaked/);
  });
});

describe('argon2id hashing', () => {
  it('stores the algorithm and its parameters with the hash, and verifies', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$abc$def')).toBe(true);
  });
});
