import { useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SIZE_CODES } from '@sunward/core/sizes';
import { ProductFactsSchema } from '@sunward/core/product-facts-schema';
import { adminGet, adminKeys, adminUrl } from '@/shared/console/admin-api.ts';

/** One size of a product as the console sees it (GET /api/admin/catalog). */
export const ConsoleSizeSchema = z.object({
  size: z.enum(SIZE_CODES),
  label: z.string(),
  /** Units on hand; null when the size is not counted. */
  stock: z.number().int().nullable(),
  outOfStock: z.boolean(),
  /** Held by checkouts being paid for now. */
  reserved: z.number().int(),
  available: z.number().int().nullable(),
  /** What the storefront's size select shows. */
  shownOutOfStock: z.boolean(),
  version: z.number().int(),
});
export type ConsoleSize = z.infer<typeof ConsoleSizeSchema>;

export const ConsoleDesignSchema = z.object({
  designName: z.string(),
  designTitle: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export type ConsoleDesign = z.infer<typeof ConsoleDesignSchema>;

/** One size of the size guide as the console sees it: inches, and the version to change it from. */
export const ConsoleMeasurementSchema = z.object({
  size: z.enum(SIZE_CODES),
  label: z.string(),
  width: z.number(),
  length: z.number(),
  sleeve: z.number(),
  version: z.number().int(),
});
export type ConsoleMeasurement = z.infer<typeof ConsoleMeasurementSchema>;

const ConsoleCatalogSchema = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      active: z.boolean(),
      /** Cents. */
      price: z.object({ id: z.string(), unitAmount: z.number().int() }).nullable(),
      sizes: z.array(ConsoleSizeSchema),
      /** What shoppers read (fabric, UPF, fit, weight, care); null: none yet. */
      facts: z.object({ facts: ProductFactsSchema, version: z.number().int() }).nullable(),
      /** The size guide: each size's width, length and sleeve in inches. */
      sizeGuide: z.array(ConsoleMeasurementSchema),
    }),
  ),
  designs: z.array(ConsoleDesignSchema),
});
export type ConsoleCatalog = z.infer<typeof ConsoleCatalogSchema>;
export type ConsoleProduct = ConsoleCatalog['products'][number];

export const consoleCatalogKey = adminKeys.area('catalog');

export function getConsoleCatalog(signal?: AbortSignal): Promise<ConsoleCatalog> {
  return adminGet(adminUrl('/catalog'), ConsoleCatalogSchema, signal);
}

/** The catalogue as the server has it now (never older than the last visit to the page). */
export function useConsoleCatalog() {
  return useQuery({
    queryKey: consoleCatalogKey,
    queryFn: ({ signal }) => getConsoleCatalog(signal),
    staleTime: 0,
  });
}

/**
 * Puts the server's answer for one change into the cached catalogue (the rows show what the server
 * said, never what was asked).
 */
export function updateCachedCatalog(
  client: QueryClient,
  change: (catalog: ConsoleCatalog) => ConsoleCatalog,
) {
  client.setQueryData<ConsoleCatalog>(consoleCatalogKey, (catalog) =>
    catalog ? change(catalog) : catalog,
  );
}
