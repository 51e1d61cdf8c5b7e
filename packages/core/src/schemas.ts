/** zod schemas shared by the API and the web app. */
import { z } from 'zod';
import { DESIGN_NAMES } from './designs.ts';
import { SIZE_CODES } from './sizes.ts';
import { MAX_LINE_QUANTITY, POSITIONS } from './cart.ts';
import { ProductFactsSchema } from './product-facts-schema.ts';
import { SizeMeasurementSchema } from './size-guide-schema.ts';

export const ApiErrorSchema = z.object({
  message: z.string(),
  /** A stable code to branch on, where the route gives one. */
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const DesignNameSchema = z.enum(DESIGN_NAMES);
export const SizeCodeSchema = z.enum(SIZE_CODES);
export const PositionSchema = z.enum(POSITIONS);

export const DesignSchema = z.object({
  designName: DesignNameSchema,
  designTitle: z.string(),
});

/** Spec 7, GET /products: the raw source fields the storefront maps. */
export const ProductSchema = z.object({
  id: z.string(),
  object: z.literal('product'),
  active: z.boolean(),
  name: z.string(),
  description: z.string(),
  default_price: z.string(),
  images: z.array(z.string()),
  metadata: z.object({ category: z.string() }),
  /** Fabric, UPF, fit, weight and care (product-facts.ts); null for a product without them. */
  facts: ProductFactsSchema.nullable(),
  /** Each size's width, length and sleeve in inches (size-guide.ts), in size order; empty: none. */
  sizeGuide: z.array(SizeMeasurementSchema),
  prices: z.array(
    z.object({
      id: z.string(),
      unit_amount: z.number().int().nonnegative(),
      currency: z.literal('usd'),
    }),
  ),
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * The storefront's sign-in (OpenID Connect): the issuer, the storefront's client id and the API's
 * audience. The built-in provider's by default; an outside issuer's (Auth0...) when OIDC_* are set.
 */
export const AuthConfigurationSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  audience: z.string(),
  /**
   * The account page's Change Password (spec 2): POST `url` with `{ client_id, email, connection }`
   * sends a reset email (the built-in provider's /api/identity/change-password, or Auth0's
   * /dbconnections/change_password). Offered only to users whose `sub` starts with `subjectPrefix`
   * (Auth0's database users, `auth0|`; social logins have none). Null: no Change Password.
   */
  changePassword: z
    .object({ url: z.string(), connection: z.string(), subjectPrefix: z.string() })
    .nullable(),
  /** Sends the email verification link again (built-in provider: POST with the bearer). */
  resendVerification: z.object({ url: z.string() }).nullable(),
});
export type AuthConfiguration = z.infer<typeof AuthConfigurationSchema>;

export const ConfigurationSchema = z.object({
  shopName: z.string(),
  companyZipCode: z.string(),
  freeShippingTarget: z.number().int().nonnegative(),
  supportEmail: z.string(),
  auth: AuthConfigurationSchema,
});
export type Configuration = z.infer<typeof ConfigurationSchema>;

export const InventorySchema = z.object({
  productId: z.string(),
  sizes: z.record(SizeCodeSchema, z.object({ outOfStock: z.boolean() })),
});
export type Inventory = z.infer<typeof InventorySchema>;

/** Spec 3: a cart line as the client sends it. productCost is informational; the server reprices. */
export const CartLineSchema = z.object({
  id: z.string().min(1).max(64),
  productId: z.string().min(1).max(64),
  itemId: z.number().int().min(0).max(999_999_999),
  priceId: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  productCost: z.number().int().nonnegative(),
  size: SizeCodeSchema,
  position: PositionSchema,
  design: DesignNameSchema,
});
export const CartSchema = z.array(CartLineSchema).max(100);

/**
 * GET /api/bag-restore: the shirts of a bag reminder's checkout to put back in the bag (decision
 * 044), each a cart line before the bag numbers it.
 */
export const RestoredBagSchema = z.object({
  lines: z.array(CartLineSchema.omit({ id: true, itemId: true })),
});
export type RestoredBag = z.infer<typeof RestoredBagSchema>;

/** Spec 3: an address; country is always US. */
export const AddressSchema = z.object({
  line1: z.string().trim().min(1, 'This field is incomplete.').max(200),
  line2: z.string().trim().max(200).optional().default(''),
  city: z.string().trim().min(1, 'This field is incomplete.').max(100),
  state: z.string().trim().min(2, 'This field is incomplete.').max(2).toUpperCase(),
  postal_code: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'This field is incomplete.'),
  country: z.literal('US').default('US'),
});
export type Address = z.infer<typeof AddressSchema>;

/** Spec 7, GET /customers/{userId}: the signed-in shopper's customer record (spec 3). */
export const CustomerRecordSchema = z.object({
  id: z.string(),
  sub: z.string(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  roles: z.array(z.string()),
});
export type CustomerRecord = z.infer<typeof CustomerRecordSchema>;

export const ClientErrorReportSchema = z.object({
  type: z.string().max(200).optional(),
  message: z.string().max(2000),
  stack: z.string().max(20_000).optional(),
  url: z.string().max(2000).optional(),
});
