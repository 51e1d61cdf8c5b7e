import { describe, expect, it } from 'vitest';
import { dbErrorKind, retryTransient, type DbErrorKind } from './db-errors.ts';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('dbErrorKind', () => {
  const cases: [unknown, DbErrorKind][] = [
    [withCode('40001'), 'transient'], // serialization_failure
    [withCode('40P01'), 'transient'], // deadlock_detected
    [withCode('SQLITE_BUSY'), 'transient'],
    [withCode('SQLITE_BUSY_SNAPSHOT'), 'transient'],
    [withCode('SQLITE_LOCKED'), 'transient'],
    [withCode('08006'), 'unreachable'], // connection_failure
    [withCode('57P01'), 'unreachable'], // admin_shutdown
    [withCode('53300'), 'unreachable'], // too_many_connections
    [withCode('ECONNREFUSED'), 'unreachable'],
    [withCode('SQLITE_IOERR_WRITE'), 'unreachable'],
    [withCode('SQLITE_FULL'), 'unreachable'],
    [withCode('22021'), 'other'], // invalid byte sequence (a NUL in text)
    [withCode('23505'), 'other'], // unique_violation
    [withCode('P0001'), 'other'], // raise exception
    [withCode('SQLITE_CONSTRAINT_TRIGGER'), 'other'],
    [withCode('53'), 'other'],
    [new Error('a defect'), 'other'],
    ['a string', 'other'],
    [null, 'other'],
  ];
  it.each(cases)('%s is %s', (error, kind) => {
    expect(dbErrorKind(error)).toBe(kind);
  });
});

describe('retryTransient', () => {
  it('runs again after a transient error, and answers the first success', async () => {
    const errors = [withCode('40001'), withCode('SQLITE_BUSY')];
    const retried: number[] = [];
    const value = await retryTransient(
      async () => {
        const error = errors.shift();
        if (error) throw error;
        return 'done';
      },
      (_error, attempt) => retried.push(attempt),
    );
    expect(value).toBe('done');
    expect(retried).toEqual([1, 2]);
  });

  it('throws any other error at once, and a transient one on the last attempt', async () => {
    let calls = 0;
    const boom = withCode('23505');
    await expect(
      retryTransient(
        async () => {
          calls++;
          throw boom;
        },
        () => {},
      ),
    ).rejects.toBe(boom);
    expect(calls).toBe(1);

    calls = 0;
    const busy = withCode('40P01');
    await expect(
      retryTransient(
        async () => {
          calls++;
          throw busy;
        },
        () => {},
        3,
      ),
    ).rejects.toBe(busy);
    expect(calls).toBe(3);
  });
});
