import { z } from 'zod';
import { badRequest, type HttpError } from './http-errors.ts';

type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'a list',
  date: 'a date',
  bigint: 'a whole number',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'an email address',
  url: 'a URL',
  uuid: 'a UUID',
  datetime: 'an ISO 8601 date and time',
  date: 'a date (YYYY-MM-DD)',
};

/** A length for the origins zod measures in characters or items; null for numbers and dates. */
function sized(origin: string, n: number | bigint): string | null {
  if (origin === 'string') return `${n} character${n === 1 ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return `${n} item${n === 1 ? '' : 's'}`;
  return null;
}

/**
 * Plain-English messages for zod's built-in checks, read by API clients and shown in the storefront's
 * toasts (spec 8), in place of zod's own ("Too big: expected string to have <=64 characters"). Each is
 * a predicate for the field's name: "is required", "must have at most 64 characters". A schema's own
 * message (the spec's texts) still wins; `undefined` falls back to zod's.
 */
export function plainIssueMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big': {
      // zod's length checks are inclusive; only number bounds such as .lt() are exclusive.
      const length = sized(issue.origin, issue.maximum);
      if (length) return `must have at most ${length}`;
      return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${issue.maximum}`;
    }
    case 'too_small': {
      const length = sized(issue.origin, issue.minimum);
      if (length)
        return Number(issue.minimum) <= 1 ? 'must not be empty' : `must have at least ${length}`;
      return `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${issue.minimum}`;
    }
    case 'invalid_format':
      if (issue.format === 'regex') return 'is not in the expected format';
      return `must be ${FORMAT_NAMES[issue.format] ?? `a valid ${issue.format}`}`;
    case 'invalid_value':
      if (issue.values.length > 0 && issue.values.length <= 8) {
        return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
      }
      return 'is not one of the accepted values';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `has fields that are not accepted: ${issue.keys.join(', ')}`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'is not valid';
    default:
      return undefined;
  }
}

/** Installs the messages above for every zod schema in this process (zod's configuration is global). */
export function usePlainValidationMessages(): void {
  z.config({ customError: plainIssueMessage });
}

/**
 * One sentence for the whole answer from the first field's message: a predicate of ours gets the
 * field's name as its subject ("clientSecret is required."); a schema's own sentence is kept and
 * named ("from: Use a 5-digit ZIP code.").
 */
export function summarizeFields(fields: Record<string, string>): string {
  const first = Object.entries(fields)[0];
  if (!first) return 'The request is not valid.';
  const [field, message] = first;
  const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
  const predicate = /^[a-z]/.test(message);
  if (field === 'body') return predicate ? `The request body ${sentence}` : sentence;
  return predicate ? `${field} ${sentence}` : `${field}: ${sentence}`;
}

/** A 400 with `fields` (dotted path -> message, the first issue per path) for zod issues. */
export function validationFailed(
  issues: Iterable<{ path: string; message: string }>,
  fallbackField: string,
): HttpError {
  const fields: Record<string, string> = {};
  for (const { path, message } of issues) fields[path || fallbackField] ??= message;
  return badRequest(summarizeFields(fields), fields);
}

/**
 * A form's zod error as one message per field (the first for each) and a summary: the console's
 * settings and product facts answer 422 with these, and the console shows each beside its field.
 * `unknown(key)` words a key the schema does not know; `noun` names the things in the summary
 * ("3 settings are not valid: …").
 */
export function fieldMessages(
  error: z.ZodError,
  words: { unknown: (key: string) => string; noun: string; whole: string },
): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= words.unknown(key);
    } else {
      fields[issue.path.join('.') || words.whole] ??= issue.message;
    }
  }
  const messages = Object.values(fields);
  return {
    message:
      messages.length === 1
        ? messages[0]!
        : `${messages.length} ${words.noun} are not valid: ${messages.join(' ')}`,
    fields,
  };
}
