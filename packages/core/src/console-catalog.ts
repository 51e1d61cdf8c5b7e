/**
 * The console's catalogue answers (GET /api/admin/catalog and each change's answer, issue 15 item 4):
 * shared by the API (its response schemas, the OpenAPI document) and the console's catalogue page, so
 * the two cannot drift. Money is integer cents; measurements are inches.
 */
import { z } from 'zod';
import { ProductFactsSchema } from './product-facts-schema.ts';
import { SIZE_CODES } from './sizes.ts';

/** One size of a product as the console sees it. */
export const ConsoleSizeSchema = z.object({
  size: z.enum(SIZE_CODES),
  label: z.string(),
  stock: z.number().int().nullable().describe('Units on hand; null when the size is not counted'),
  outOfStock: z.boolean().describe("The operator's switch"),
  reserved: z.number().int().describe('Held by checkouts being paid for now'),
  available: z.number().int().nullable().describe('stock less reserved (null: not counted)'),
  shownOutOfStock: z.boolean().describe('What the storefront shows for the size'),
  version: z.number().int().describe('Send it back with a change'),
});
export type ConsoleSize = z.infer<typeof ConsoleSizeSchema>;

export const ConsolePriceSchema = z.object({
  productId: z.string(),
  priceId: z.string(),
  unitAmount: z.number().int().describe('Cents'),
});
export type ConsolePrice = z.infer<typeof ConsolePriceSchema>;

export const ConsoleDesignSchema = z.object({
  designName: z.string(),
  designTitle: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export type ConsoleDesign = z.infer<typeof ConsoleDesignSchema>;

/** What shoppers read (fabric, UPF, fit, weight, care, standard), and the version to change it from. */
export const ConsoleFactsSchema = z.object({
  productId: z.string(),
  facts: ProductFactsSchema,
  version: z.number().int().describe('Send it back with a change'),
});
export type ConsoleFacts = z.infer<typeof ConsoleFactsSchema>;

/** One size of the size guide: inches, and the version to change it from. */
export const ConsoleMeasurementSchema = z.object({
  size: z.enum(SIZE_CODES),
  label: z.string(),
  width: z.number().describe('Inches'),
  length: z.number().describe('Inches'),
  sleeve: z.number().describe('Inches'),
  version: z.number().int().describe('Send it back with a change'),
});
export type ConsoleMeasurement = z.infer<typeof ConsoleMeasurementSchema>;

export const ConsoleCatalogSchema = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      active: z.boolean(),
      price: z.object({ id: z.string(), unitAmount: z.number().int() }).nullable(),
      sizes: z.array(ConsoleSizeSchema),
      /** Null: no facts yet. */
      facts: ConsoleFactsSchema.omit({ productId: true }).nullable(),
      sizeGuide: z.array(ConsoleMeasurementSchema),
    }),
  ),
  designs: z.array(ConsoleDesignSchema),
});
export type ConsoleCatalog = z.infer<typeof ConsoleCatalogSchema>;
export type ConsoleProduct = ConsoleCatalog['products'][number];
