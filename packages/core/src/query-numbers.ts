/**
 * A whole number in a query string: decimal digits only. `z.coerce.number()` read whatever
 * `Number()` reads ("0x10" as 16, " 5 " as 5, "1e2" as 100), which the API document's `integer` does
 * not promise (found by the schema fuzzing, issue 31). The document still says what it is: an integer
 * from `min` to `max`.
 */
import { z } from 'zod';

export function wholeNumberParam(min: number, max: number, fallback: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback)
    .meta({ type: 'integer', minimum: min, maximum: max, pattern: undefined, default: fallback });
}
