/**
 * The catalogue's response checks for the browser: small hand-written guards instead of a schema
 * library, so the storefront pages load no validation library before their first render (zod stays in
 * the checkout chunk). Each guard has the rules of the shared zod schema in @sunward/core/schemas and
 * returns a new object with only the known fields (as zod's parse does); its return type is the core
 * type, so a field added there that is not checked here fails the type check.
 */
import { DESIGN_NAMES, type Design } from '@sunward/core/designs';
import type { AuthConfiguration, Configuration, Inventory, Product } from '@sunward/core/schemas';
import { MAX_LINE_QUANTITY, POSITIONS, type CartLine } from '@sunward/core/cart';
import { SIZE_CODES } from '@sunward/core/sizes';
import type { ProductFacts } from '@sunward/core/product-facts';
import type { SizeMeasurement } from '@sunward/core/size-guide';
import type { Parser } from './http.ts';

/** An answer that does not have the expected shape. */
export class InvalidResponseError extends Error {
  override name = 'InvalidResponseError';
}

type Check<T> = (value: unknown, path: string) => T;

function fail(path: string, expected: string): never {
  throw new InvalidResponseError(`Invalid response: ${path || 'the body'} is not ${expected}`);
}

const string: Check<string> = (value, path) =>
  typeof value === 'string' ? value : fail(path, 'a string');

/** A string of min to max characters. */
const text =
  (min: number, max: number): Check<string> =>
  (value, path) => {
    const s = string(value, path);
    return s.length >= min && s.length <= max ? s : fail(path, `${min} to ${max} characters`);
  };

const boolean: Check<boolean> = (value, path) =>
  typeof value === 'boolean' ? value : fail(path, 'a boolean');

/** A safe integer from min to max. */
const int =
  (min: number, max = Number.MAX_SAFE_INTEGER): Check<number> =>
  (value, path) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max
      ? value
      : fail(path, `an integer from ${min} to ${max}`);

const oneOf =
  <T extends string>(values: readonly T[]): Check<T> =>
  (value, path) =>
    (values as readonly unknown[]).includes(value) ? (value as T) : fail(path, 'a known value');

const object = (value: unknown, path: string): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : fail(path, 'an object');

const array =
  <T>(item: Check<T>): Check<T[]> =>
  (value, path) =>
    Array.isArray(value) ? value.map((v, i) => item(v, `${path}[${i}]`)) : fail(path, 'an array');

const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value, path) =>
    value === null ? null : check(value, path);

const parser = <T>(check: Check<T>): Parser<T> => ({ parse: (data) => check(data, '') });

const productFacts: Check<ProductFacts> = (value, path) => {
  const o = object(value, path);
  return {
    fabric: string(o.fabric, `${path}.fabric`),
    upf: string(o.upf, `${path}.upf`),
    fit: string(o.fit, `${path}.fit`),
    weight: string(o.weight, `${path}.weight`),
    standard: string(o.standard, `${path}.standard`),
    care: string(o.care, `${path}.care`),
  };
};

/** A positive, finite number (inches). */
const positive: Check<number> = (value, path) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0
    ? value
    : fail(path, 'a positive number');

const sizeMeasurement: Check<SizeMeasurement> = (value, path) => {
  const o = object(value, path);
  return {
    size: oneOf(SIZE_CODES)(o.size, `${path}.size`),
    width: positive(o.width, `${path}.width`),
    length: positive(o.length, `${path}.length`),
    sleeve: positive(o.sleeve, `${path}.sleeve`),
  };
};

const product: Check<Product> = (value, path) => {
  const o = object(value, path);
  const metadata = object(o.metadata, `${path}.metadata`);
  return {
    id: string(o.id, `${path}.id`),
    object: oneOf(['product'] as const)(o.object, `${path}.object`),
    active: boolean(o.active, `${path}.active`),
    name: string(o.name, `${path}.name`),
    description: string(o.description, `${path}.description`),
    default_price: string(o.default_price, `${path}.default_price`),
    images: array(string)(o.images, `${path}.images`),
    metadata: { category: string(metadata.category, `${path}.metadata.category`) },
    facts: nullable(productFacts)(o.facts, `${path}.facts`),
    sizeGuide: array(sizeMeasurement)(o.sizeGuide, `${path}.sizeGuide`),
    prices: array((v, p) => {
      const price = object(v, p);
      return {
        id: string(price.id, `${p}.id`),
        unit_amount: int(0)(price.unit_amount, `${p}.unit_amount`),
        currency: oneOf(['usd'] as const)(price.currency, `${p}.currency`),
      };
    })(o.prices, `${path}.prices`),
  };
};

const design: Check<Design> = (value, path) => {
  const o = object(value, path);
  return {
    designName: oneOf(DESIGN_NAMES)(o.designName, `${path}.designName`),
    designTitle: string(o.designTitle, `${path}.designTitle`),
  };
};

const authConfiguration: Check<AuthConfiguration> = (value, path) => {
  const o = object(value, path);
  return {
    issuer: string(o.issuer, `${path}.issuer`),
    clientId: string(o.clientId, `${path}.clientId`),
    audience: string(o.audience, `${path}.audience`),
    changePassword: nullable((v, p) => {
      const c = object(v, p);
      return {
        url: string(c.url, `${p}.url`),
        connection: string(c.connection, `${p}.connection`),
        subjectPrefix: string(c.subjectPrefix, `${p}.subjectPrefix`),
      };
    })(o.changePassword, `${path}.changePassword`),
    resendVerification: nullable((v, p) => ({ url: string(object(v, p).url, `${p}.url`) }))(
      o.resendVerification,
      `${path}.resendVerification`,
    ),
  };
};

const configuration: Check<Configuration> = (value, path) => {
  const o = object(value, path);
  return {
    shopName: string(o.shopName, `${path}.shopName`),
    companyZipCode: string(o.companyZipCode, `${path}.companyZipCode`),
    freeShippingTarget: int(0)(o.freeShippingTarget, `${path}.freeShippingTarget`),
    supportEmail: string(o.supportEmail, `${path}.supportEmail`),
    auth: authConfiguration(o.auth, `${path}.auth`),
  };
};

/** Every size code, each with its flag, and no other key (as zod's record of an enum). */
const inventory: Check<Inventory> = (value, path) => {
  const o = object(value, path);
  const sizes = object(o.sizes, `${path}.sizes`);
  for (const key of Object.keys(sizes)) oneOf(SIZE_CODES)(key, `${path}.sizes key ${key}`);
  const entries = SIZE_CODES.map((code) => {
    const entry = object(sizes[code], `${path}.sizes.${code}`);
    return [code, { outOfStock: boolean(entry.outOfStock, `${path}.sizes.${code}.outOfStock`) }];
  });
  return {
    productId: string(o.productId, `${path}.productId`),
    sizes: Object.fromEntries(entries) as Inventory['sizes'],
  };
};

const cartLine: Check<CartLine> = (value, path) => {
  const o = object(value, path);
  return {
    id: text(1, 64)(o.id, `${path}.id`),
    productId: text(1, 64)(o.productId, `${path}.productId`),
    itemId: int(0, 999_999_999)(o.itemId, `${path}.itemId`),
    priceId: text(1, 64)(o.priceId, `${path}.priceId`),
    quantity: int(1, MAX_LINE_QUANTITY)(o.quantity, `${path}.quantity`),
    productCost: int(0)(o.productCost, `${path}.productCost`),
    size: oneOf(SIZE_CODES)(o.size, `${path}.size`),
    position: oneOf(POSITIONS)(o.position, `${path}.position`),
    design: oneOf(DESIGN_NAMES)(o.design, `${path}.design`),
  };
};

/** The signed-in shopper's cart as the server keeps it (POST/PATCH /api/cart answers, GET's items). */
export interface ServerCart {
  id: string;
  userId: string;
  cart: CartLine[];
  /** Goes up by one with each change; a PATCH naming an older one is refused (409 cart_changed). */
  version: number;
  updatedAt: string;
  /** 'Max quantity reached for this product' when the sent lines had to be capped, else null. */
  message: string | null;
}

const serverCart: Check<ServerCart> = (value, path) => {
  const o = object(value, path);
  return {
    id: text(1, 128)(o.id, `${path}.id`),
    userId: string(o.userId, `${path}.userId`),
    cart: array(cartLine)(o.cart, `${path}.cart`),
    version: int(0)(o.version, `${path}.version`),
    updatedAt: string(o.updatedAt, `${path}.updatedAt`),
    message:
      o.message === null || o.message === undefined ? null : string(o.message, `${path}.message`),
  };
};

export const ProductSchema = parser(product);
export const ProductsSchema = parser(array(product));
export const DesignsSchema = parser(array(design));
export const ConfigurationSchema = parser(configuration);
/** GET /api/inventory/:id. */
export const InventorySchema = parser(inventory);
/** POST /api/cart, PATCH /api/cart/... answers, and the cart of a 409 cart_changed. */
export const ServerCartSchema = parser(serverCart);
/** GET /api/cart/{userId}: `[cart]` or `[]`. */
export const ServerCartsSchema = parser(array(serverCart));

/** One stored bag line (core's CartLineSchema), or null when it is not valid; see bag-storage.ts. */
export function toCartLine(value: unknown): CartLine | null {
  try {
    return cartLine(value, 'line');
  } catch (error) {
    if (error instanceof InvalidResponseError) return null;
    throw error;
  }
}
