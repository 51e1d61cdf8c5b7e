/**
 * Discount codes in the console (issue 28, docs/decisions/042), under /api/admin (the operator check
 * runs first: plugins/admin-console.ts):
 * - GET /discounts: every code with its uses, the orders placed with it, the discount given and revenue;
 * - POST /discounts: a new code; PATCH /discounts/{id}: edit it (disable: `active: false`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConsoleDiscountCodeListSchema,
  ConsoleDiscountCodeSchema,
  DiscountCodeInputSchema,
} from '@sunward/core/discount-schemas';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import {
  createDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
  type AdminDiscountFailure,
} from './admin-discounts.service.ts';

const STATUS: StatusTable<AdminDiscountFailure> = { not_found: 404, code_taken: 409 };
const IdParams = z.object({ id: z.string().min(1).max(100) });
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const adminDiscountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/discounts',
    {
      schema: {
        ...secured,
        summary: 'Discount codes with their uses, the orders placed with them and their revenue',
        response: { 200: ConsoleDiscountCodeListSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async () => ({ codes: await listDiscountCodes(db) }),
  );

  app.post(
    '/discounts',
    {
      schema: {
        ...secured,
        summary: 'Create a discount code',
        description:
          'The code is stored in capitals without spaces (shoppers type it in any case). Amounts in ' +
          'cents; dates ISO 8601. 409 `code_taken` for a code that exists.',
        body: DiscountCodeInputSchema,
        response: {
          200: ConsoleDiscountCodeSchema,
          ...errorResponses(OPERATOR_STATUS, STATUS),
        },
      },
    },
    async (request) => {
      const result = await createDiscountCode(db, operatorOf(request), request.body);
      if (!result.ok) throw failureToHttp(result, STATUS);
      return result.value;
    },
  );

  app.patch(
    '/discounts/:id',
    {
      schema: {
        ...secured,
        summary: 'Edit a discount code, or disable it (`active: false`)',
        params: IdParams,
        body: DiscountCodeInputSchema,
        response: {
          200: ConsoleDiscountCodeSchema,
          ...errorResponses(OPERATOR_STATUS, STATUS),
        },
      },
    },
    async (request) => {
      const result = await updateDiscountCode(
        db,
        operatorOf(request),
        request.params.id,
        request.body,
      );
      if (!result.ok) throw failureToHttp(result, STATUS);
      return result.value;
    },
  );
};
