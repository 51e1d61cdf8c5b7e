/**
 * The spec's cart calls (spec 7), each with a bearer token (plugins/auth.ts) and each for the token's own
 * customer only (cart.service.ts has the rules):
 * - POST /cart { userId, cart }: create the caller's cart, or merge the lines into it;
 * - GET /cart/{userId}: `[cart]` or `[]`;
 * - PATCH /cart/{id} { cart, version? }: replace the lines (compare-and-set with `version`);
 * - PATCH /cart/quantity/{cartId}/{itemId}/{quantity}: set one line's quantity;
 * - DELETE /cart/{id}.
 * A line that is not valid (in the body's `cart`) is a 422 `invalid_cart`; other bad input a 400.
 */
import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_LINE_QUANTITY, MESSAGES } from '@sunward/core/cart';
import { CartLineSchema } from '@sunward/core/schemas';
import {
  errorResponses,
  failureToHttp,
  HttpError,
  unauthorized,
  type StatusTable,
} from '../../lib/http-errors.ts';
import { summarizeFields } from '../../lib/validation-messages.ts';
import type { AuthUser, CustomerOptions } from '../customers/customers.api.ts';
import {
  CART_MESSAGES,
  MAX_CART_LINES,
  deleteCart,
  getCarts,
  replaceCart,
  saveCart,
  setQuantity,
  type DeleteCartFailure,
  type GetCartFailure,
  type ReplaceCartFailure,
  type SaveCartFailure,
  type SetQuantityFailure,
} from './cart.service.ts';
import { registerCartPurchasesJob } from './cart-purchases.ts';
import { cartPersonalData } from './cart-personal-data.ts';

const GET_STATUS: StatusTable<GetCartFailure> = { forbidden: 403 };
const SAVE_STATUS: StatusTable<SaveCartFailure> = { forbidden: 403, invalid_cart: 422 };
const REPLACE_STATUS: StatusTable<ReplaceCartFailure> = {
  not_found: 404,
  invalid_cart: 422,
  cart_changed: 409,
};
const QUANTITY_STATUS: StatusTable<SetQuantityFailure> = { not_found: 404 };
const DELETE_STATUS: StatusTable<DeleteCartFailure> = { not_found: 404 };
/** What every route here may answer before its handler runs (plugins/auth.ts). */
const AUTH_STATUS = { unauthorized: 401, invalid_token: 401, auth_unavailable: 503 };

/**
 * A line as sent: core's CartLine. Design, size, position and quantity are checked by the service
 * against the catalogue (422 with a plain message); priceId and productCost are ignored.
 */
const CartLineInput = CartLineSchema.extend({
  priceId: CartLineSchema.shape.priceId.optional(),
  productCost: z.number().optional(),
  quantity: z.number().describe(`A whole number from 1; above ${MAX_LINE_QUANTITY} is capped`),
  size: z.string().min(1).max(16),
  position: z.string().min(1).max(16),
  design: z.string().min(1).max(64),
});
const CartLinesInput = z
  .array(CartLineInput)
  .max(MAX_CART_LINES)
  .describe(`At most ${MAX_CART_LINES} lines`);

const CartAnswer = z.object({
  id: z.string(),
  userId: z.string(),
  cart: z.array(CartLineSchema).describe('productCost in cents, from the catalogue'),
  version: z.number().int(),
  updatedAt: z.string(),
  message: z
    .string()
    .nullable()
    .describe(`'${MESSAGES.maxQuantity}' when this request's lines were capped, else null`),
});
const CartChangedAnswer = z
  .object({ message: z.string(), code: z.literal('cart_changed'), cart: CartAnswer })
  .describe('The cart changed since `version`: the current cart, nothing written');

const UserIdParams = z.object({ userId: z.string().min(1).max(255) });
const CartIdParams = z.object({ id: z.string().min(1).max(64) });
const QuantityParams = z.object({
  cartId: z.string().min(1).max(64).describe('The cart id (`id` of the cart answer)'),
  itemId: z.coerce
    .number()
    .int()
    .min(0)
    .max(999_999_999)
    .describe('The line’s `itemId` (the random integer below one billion the client gave it)'),
  quantity: z.coerce
    .number()
    .int(CART_MESSAGES.quantity)
    .min(1, CART_MESSAGES.quantity)
    .max(MAX_LINE_QUANTITY, MESSAGES.maxQuantity)
    .describe(`The line’s new quantity, 1 to ${MAX_LINE_QUANTITY}`),
});

/** The token's user; the route's `requireUser` option has made sure there is one. */
function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Schema failures inside the body's `cart` are an invalid cart (422, like the service's own checks);
 * any other bad input stays the common 400.
 */
function cartValidationError(error: Error): Error {
  if (!hasZodFastifySchemaValidationErrors(error) || error.validationContext !== 'body') {
    return error;
  }
  const inCart = (path: string) => path === '/cart' || path.startsWith('/cart/');
  if (!error.validation.every((issue) => inCart(issue.instancePath))) return error;
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    fields[issue.instancePath.slice(1).replace(/\//g, '.')] ??= issue.message ?? 'is not valid';
  }
  return new HttpError(422, summarizeFields(fields), fields, { code: 'invalid_cart' });
}

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Its rows of a person, for the console's export and erasure (lib/personal-data.ts).
  app.personalData.register(cartPersonalData);
  // What a placed order bought leaves the bag by a job (cart-purchases.ts).
  registerCartPurchasesJob(app.events, db);
  const options = (): CustomerOptions => ({ adminEmails: app.config.adminEmails });
  const signedIn = { requireUser: true };
  const security = [{ bearerAuth: [] }];
  const lineRules =
    'Every line must name an active product, a design of the catalogue, a size code and Front or ' +
    'Back, with a whole quantity of at least 1; equal lines (same product, size, position and ' +
    `design) are added up, and a line over ${MAX_LINE_QUANTITY} is capped with \`message\` ` +
    `'${MESSAGES.maxQuantity}'. priceId and productCost (cents) come from the catalogue. ` +
    `At most ${MAX_CART_LINES} lines. Any invalid line: 422 \`invalid_cart\`, nothing changed.`;

  app.post(
    '/cart',
    {
      config: signedIn,
      attachValidation: true,
      schema: {
        tags: ['cart'],
        summary: "Save the caller's cart: create it, or merge the lines into it",
        description:
          'Bearer token required; `userId` must be the caller’s (403 otherwise). Without a cart the ' +
          'caller gets one with these lines; with one, the lines are merged into it as at the first ' +
          'sign-in of a session (spec 4): lines matched by size, design and position, the larger ' +
          'quantity wins, no line lost; sending the same lines again changes nothing. ' +
          lineRules,
        security,
        body: z.object({ userId: z.string().min(1).max(255), cart: CartLinesInput }),
        response: { 200: CartAnswer, ...errorResponses(SAVE_STATUS, AUTH_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.validationError) throw cartValidationError(request.validationError);
      const result = await saveCart(db, userOf(request), request.body, options());
      if (!result.ok) throw failureToHttp(result, SAVE_STATUS);
      return result.value;
    },
  );

  app.get(
    '/cart/:userId',
    {
      config: signedIn,
      schema: {
        tags: ['cart'],
        summary: "The caller's cart, as a list of at most one",
        description:
          'Bearer token required. `userId` is the caller’s user id (or customer id); any other is a ' +
          '403. Answers `[cart]`, or `[]` when the caller has no cart (spec 7: the first element’s ' +
          'cart is used).',
        security,
        params: UserIdParams,
        response: { 200: z.array(CartAnswer), ...errorResponses(GET_STATUS, AUTH_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await getCarts(db, userOf(request), request.params.userId, options());
      if (!result.ok) throw failureToHttp(result, GET_STATUS);
      return result.value;
    },
  );

  app.patch(
    '/cart/quantity/:cartId/:itemId/:quantity',
    {
      config: signedIn,
      schema: {
        tags: ['cart'],
        summary: "Set the quantity of one line of the caller's cart",
        description:
          'Bearer token required. The spec leaves the three path parameters unnamed ' +
          '(`/cart/quantity/{a}/{b}/{c}`); here they are the cart id, the line’s itemId and the new ' +
          `quantity (1 to ${MAX_LINE_QUANTITY}; anything else is a 400 with a message). Someone ` +
          'else’s or an unknown cart, or an itemId not in it: 404. Atomic: a concurrent change of ' +
          'another line is never lost. Raises the cart’s version.',
        security,
        params: QuantityParams,
        response: { 200: CartAnswer, ...errorResponses(QUANTITY_STATUS, AUTH_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await setQuantity(db, userOf(request), request.params, options());
      if (!result.ok) throw failureToHttp(result, QUANTITY_STATUS);
      return result.value;
    },
  );

  app.patch(
    '/cart/:id',
    {
      config: signedIn,
      attachValidation: true,
      schema: {
        tags: ['cart'],
        summary: "Replace the lines of the caller's cart",
        description:
          'Bearer token required. Someone else’s or an unknown cart id: 404. With `version` (from ' +
          'the cart answer) the lines are replaced only if nobody changed the cart since: otherwise ' +
          '409 `cart_changed` with the current `cart`, nothing written (apply the change to it and ' +
          'send again). Without `version` the last write wins. Raises the version. ' +
          lineRules,
        security,
        params: CartIdParams,
        body: z.object({
          cart: CartLinesInput,
          version: z
            .number()
            .int()
            .min(0)
            // The column's range (PostgreSQL's integer): a larger one answered 500 (schema fuzzing).
            .max(2_147_483_647)
            .optional()
            .describe('The version the change was made to: a compare-and-set'),
        }),
        response: {
          200: CartAnswer,
          ...errorResponses(REPLACE_STATUS, AUTH_STATUS),
          409: CartChangedAnswer,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.validationError) throw cartValidationError(request.validationError);
      const result = await replaceCart(
        db,
        userOf(request),
        request.params.id,
        request.body,
        options(),
      );
      if (!result.ok) throw failureToHttp(result, REPLACE_STATUS);
      return result.value;
    },
  );

  app.delete(
    '/cart/:id',
    {
      config: signedIn,
      schema: {
        tags: ['cart'],
        summary: "Delete the caller's cart",
        description:
          'Bearer token required. 204; the next POST /cart creates a new cart. Someone else’s or an ' +
          'unknown cart id: 404.',
        security,
        params: CartIdParams,
        response: {
          204: z.null().describe('The cart is deleted'),
          ...errorResponses(DELETE_STATUS, AUTH_STATUS),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await deleteCart(db, userOf(request), request.params.id, options());
      if (!result.ok) throw failureToHttp(result, DELETE_STATUS);
      return reply.status(204).send(null);
    },
  );
};
