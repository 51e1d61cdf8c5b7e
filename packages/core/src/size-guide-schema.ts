/** The size guide's schema as served (size-guide.ts holds the rules and their messages). */
import { z } from 'zod';
import { SIZE_CODES } from './sizes.ts';

export const SizeMeasurementSchema = z.object({
  size: z.enum(SIZE_CODES),
  width: z.number().positive(),
  length: z.number().positive(),
  sleeve: z.number().positive(),
});
