/**
 * An address carried as URL-encoded JSON in a path segment (spec 7: the USPS address check and the
 * sales-tax rate). Malformed JSON or fields are a 400 with field messages.
 */
import { z } from 'zod';
import { badRequest } from './http-errors.ts';
import { validationFailed } from './validation-messages.ts';

export const AddressParam = z.object({
  address: z
    .string()
    .min(2)
    .max(2000)
    .describe('URL-encoded JSON: {line1,line2?,city,state,postal_code}'),
});

export function parseAddressParam<T extends z.ZodType>(raw: string, schema: T): z.infer<T> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest(
      'The address must be URL-encoded JSON: {line1, line2, city, state, postal_code}.',
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw validationFailed(
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      'address',
    );
  }
  return parsed.data;
}
