import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  summarizeFields,
  usePlainValidationMessages,
  validationFailed,
} from './validation-messages.ts';

beforeAll(() => usePlainValidationMessages());

function messageFor(schema: z.ZodType, input: unknown): string {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected the input to be refused');
  return parsed.error.issues[0]!.message;
}

describe('plain validation messages', () => {
  it.each([
    ['a missing value', z.string(), undefined, 'is required'],
    ['a wrong type', z.string(), 42, 'must be a string'],
    ['an object expected', z.object({}), [], 'must be a JSON object'],
    ['a whole number expected', z.number().int(), 1.5, 'must be a whole number'],
    ['an empty required string', z.string().min(1), '', 'must not be empty'],
    ['a short string', z.string().min(10), 'abc', 'must have at least 10 characters'],
    ['a long string', z.string().max(64), 'x'.repeat(65), 'must have at most 64 characters'],
    ['one character at most', z.string().max(1), 'ab', 'must have at most 1 character'],
    ['too many items', z.array(z.number()).max(2), [1, 2, 3], 'must have at most 2 items'],
    ['an empty list', z.array(z.number()).min(1), [], 'must not be empty'],
    ['a number too large', z.number().max(10), 11, 'must be at most 10'],
    ['a number too small', z.number().min(1), 0, 'must be at least 1'],
    ['a positive number', z.number().positive(), 0, 'must be more than 0'],
    ['a pattern', z.string().regex(/^\d+$/), 'a', 'is not in the expected format'],
    ['an email', z.email(), 'nope', 'must be an email address'],
    ['an enum', z.enum(['ground', 'priority']), 'air', 'must be one of "ground", "priority"'],
    ['a multiple', z.number().multipleOf(5), 7, 'must be a multiple of 5'],
    [
      'unknown keys',
      z.strictObject({ a: z.string() }),
      { a: 'x', b: 1 },
      'has fields that are not accepted: b',
    ],
    ['a union', z.union([z.string(), z.number()]), true, 'is not valid'],
  ])('%s', (_name, schema, input, expected) => {
    expect(messageFor(schema, input)).toBe(expected);
  });

  it("keeps a schema's own message (the spec's texts)", () => {
    expect(messageFor(z.string().min(1, 'Please enter an email address.'), '')).toBe(
      'Please enter an email address.',
    );
  });
});

describe('summarizeFields', () => {
  it.each([
    [{ clientSecret: 'is required', card: 'is required' }, 'clientSecret is required.'],
    [{ body: 'must be a JSON object' }, 'The request body must be a JSON object.'],
    [{ from: 'Use a 5-digit ZIP code' }, 'from: Use a 5-digit ZIP code.'],
    [{ email: 'Please enter an email address.' }, 'email: Please enter an email address.'],
    [{}, 'The request is not valid.'],
  ])('%j -> %s', (fields, expected) => {
    expect(summarizeFields(fields)).toBe(expected);
  });

  it('builds a 400 with the first message per field, unnamed issues under the fallback', () => {
    const error = validationFailed(
      [
        { path: 'line1', message: 'is required' },
        { path: 'line1', message: 'must be a string' },
        { path: '', message: 'has fields that are not accepted: x' },
      ],
      'address',
    );
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('line1 is required.');
    expect(error.fields).toEqual({
      line1: 'is required',
      address: 'has fields that are not accepted: x',
    });
  });
});
