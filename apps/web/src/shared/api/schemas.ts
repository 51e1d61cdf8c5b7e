/**
 * The catalogue's response schemas for the browser, in zod/mini (about 7 KB gzip instead of 30 KB for
 * classic zod) and loaded on demand beside the first requests (see getJson), so they stay out of the
 * first chunk. Each is pinned by type to the shared schema in @sunward/core, so a change there that is
 * not made here fails the type check.
 */
import * as z from 'zod/mini';
import { DESIGN_NAMES } from '@sunward/core/designs';
import type { Configuration, Inventory, Product } from '@sunward/core/schemas';
import { MAX_LINE_QUANTITY, POSITIONS, type CartLine } from '@sunward/core/cart';
import { SIZE_CODES } from '@sunward/core/sizes';
import type { Design } from '@sunward/core/designs';
import type { Equals } from './type-equals.ts';

export const ProductSchema = z.object({
  id: z.string(),
  object: z.literal('product'),
  active: z.boolean(),
  name: z.string(),
  description: z.string(),
  default_price: z.string(),
  images: z.array(z.string()),
  metadata: z.object({ category: z.string() }),
  prices: z.array(
    z.object({
      id: z.string(),
      unit_amount: z.int().check(z.nonnegative()),
      currency: z.literal('usd'),
    }),
  ),
});

export const DesignSchema = z.object({
  designName: z.enum(DESIGN_NAMES),
  designTitle: z.string(),
});

export const ConfigurationSchema = z.object({
  shopName: z.string(),
  companyZipCode: z.string(),
  freeShippingTarget: z.int().check(z.nonnegative()),
  supportEmail: z.string(),
});

export const ProductsSchema = z.array(ProductSchema);
export const DesignsSchema = z.array(DesignSchema);

const _product: Equals<z.infer<typeof ProductSchema>, Product> = true;
const _design: Equals<z.infer<typeof DesignSchema>, Design> = true;
const _configuration: Equals<z.infer<typeof ConfigurationSchema>, Configuration> = true;

/** The stored bag line (core's CartLineSchema); see shared/bag/bag-storage.ts. */
export const CartLineSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  productId: z.string().check(z.minLength(1), z.maxLength(64)),
  itemId: z.int().check(z.minimum(0), z.maximum(999_999_999)),
  priceId: z.string().check(z.minLength(1), z.maxLength(64)),
  quantity: z.int().check(z.minimum(1), z.maximum(MAX_LINE_QUANTITY)),
  productCost: z.int().check(z.nonnegative()),
  size: z.enum(SIZE_CODES),
  position: z.enum(POSITIONS),
  design: z.enum(DESIGN_NAMES),
});
const _line: Equals<z.infer<typeof CartLineSchema>, CartLine> = true;

/** GET /api/inventory/:id. */
export const InventorySchema = z.object({
  productId: z.string(),
  sizes: z.record(z.enum(SIZE_CODES), z.object({ outOfStock: z.boolean() })),
});
const _inventory: Equals<z.infer<typeof InventorySchema>, Inventory> = true;
