/** The zod schemas of a product's facts (product-facts.ts): as served, and an operator's change. */
import { z } from 'zod';
import {
  MAX_FACT_LENGTH,
  PRODUCT_FACT_LABELS,
  type ProductFactKey,
  type ProductFacts,
} from './product-facts.ts';

/** The facts as served (GET /api/products) and stored. */
export const ProductFactsSchema = z.object({
  fabric: z.string(),
  upf: z.string(),
  fit: z.string(),
  weight: z.string(),
  standard: z.string(),
  care: z.string(),
}) satisfies z.ZodType<ProductFacts>;

const fact = (key: ProductFactKey) => {
  const message = `${PRODUCT_FACT_LABELS[key]} must be 1 to ${MAX_FACT_LENGTH} characters.`;
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(MAX_FACT_LENGTH, { error: message });
};

/** An operator's change: every fact, trimmed, none empty; messages name the fact. */
export const ProductFactsInputSchema = z
  .object({
    fabric: fact('fabric'),
    upf: fact('upf'),
    fit: fact('fit'),
    weight: fact('weight'),
    standard: fact('standard'),
    care: fact('care'),
  })
  .strict();
