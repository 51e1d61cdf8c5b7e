/**
 * The console's catalogue (issue 15, item 4), mounted inside /api/admin (every route here answers 401
 * or 403 before its handler unless the caller is an operator):
 * - GET /catalog: every design and product, each size's count, switch and what checkouts hold;
 * - PATCH /catalog/products/{productId}/sizes/{size}: a size's count and/or switch (409 when stale);
 * - PATCH /catalog/products/{productId}/price: the product's price in cents (409 when stale);
 * - PATCH /catalog/designs/{designName}: a design on sale or not;
 * - PATCH /catalog/products/{productId}/facts: the facts shoppers read (409 when stale).
 * The rules are in admin-catalog.service.ts and product-facts.service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIZE_CODES } from '@sunward/core/sizes';
import { ApiErrorSchema } from '@sunward/core/schemas';
import { MAX_FACT_LENGTH } from '@sunward/core/product-facts';
import {
  ConsoleCatalogSchema,
  ConsoleDesignSchema,
  ConsoleFactsSchema,
  ConsoleMeasurementSchema,
  ConsolePriceSchema,
  ConsoleSizeSchema,
} from '@sunward/core/console-catalog';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import {
  MAX_STOCK,
  PRICE_RANGE,
  changePrice,
  getConsoleCatalog,
  setDesignActive,
  updateSizeStock,
  type AdminCatalogDeps,
  type DesignFailure,
  type PriceFailure,
  type StockFailure,
} from './admin-catalog.service.ts';
import { changeProductFacts, type FactsFailure } from './product-facts.service.ts';
import { changeMeasurement, type MeasurementFailure } from './size-guide.service.ts';

const STOCK_STATUS: StatusTable<StockFailure> = {
  not_found: 404,
  invalid_stock: 422,
  stock_changed: 409,
};
const PRICE_STATUS: StatusTable<PriceFailure> = {
  not_found: 404,
  invalid_price: 422,
  price_changed: 409,
};
const DESIGN_STATUS: StatusTable<DesignFailure> = { not_found: 404 };
const MEASUREMENT_STATUS: StatusTable<MeasurementFailure> = {
  not_found: 404,
  invalid_measurements: 422,
  measurements_changed: 409,
};
const FACTS_STATUS: StatusTable<FactsFailure> = {
  not_found: 404,
  invalid_facts: 422,
  facts_changed: 409,
};

const Id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, _ or -');

const MeasurementsChangedAnswer = ApiErrorSchema.extend({
  code: z.literal('measurements_changed'),
  current: ConsoleMeasurementSchema,
}).describe('The size changed since `version`: its current measurements, nothing written');

const StockChangedAnswer = ApiErrorSchema.extend({
  code: z.literal('stock_changed'),
  current: ConsoleSizeSchema,
}).describe('The size changed since `version`: its current values, nothing written');
const PriceChangedAnswer = ApiErrorSchema.extend({
  code: z.literal('price_changed'),
  current: ConsolePriceSchema.nullable(),
}).describe('The price is no longer `expectedPriceId`: the current price, nothing written');

const FactsChangedAnswer = ApiErrorSchema.extend({
  code: z.literal('facts_changed'),
  current: ConsoleFactsSchema,
}).describe('The facts changed since `version`: the current ones, nothing written');

const noStore = { 'cache-control': 'no-store' };

export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const deps: AdminCatalogDeps = { cache: app.catalogCache };

  app.get(
    '/catalog',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every design and product, with each size’s stock, switch and checkout holds',
        security: [{ bearerAuth: [] }],
        response: { 200: ConsoleCatalogSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return getConsoleCatalog(db);
    },
  );

  app.patch(
    '/catalog/products/:productId/sizes/:size',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set a size’s stock count and/or out-of-stock switch (compare-and-set on version)',
        security: [{ bearerAuth: [] }],
        params: z.object({ productId: Id, size: z.enum(SIZE_CODES) }),
        body: z
          .object({
            version: z.number().int().min(0).describe('The version the change was made from'),
            stock: z
              .number()
              .nullable()
              .optional()
              .describe(`Units on hand, 0 to ${MAX_STOCK}; null stops counting; absent: unchanged`),
            outOfStock: z.boolean().optional().describe('absent: unchanged'),
          })
          .strict()
          .refine((b) => b.stock !== undefined || b.outOfStock !== undefined, {
            message: 'Give a stock count or the out-of-stock switch.',
          }),
        response: {
          200: ConsoleSizeSchema,
          ...errorResponses(OPERATOR_STATUS, STOCK_STATUS),
          409: StockChangedAnswer,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const result = await updateSizeStock(db, deps, operatorOf(request), {
        ...request.params,
        ...request.body,
      });
      if (!result.ok) throw failureToHttp(result, STOCK_STATUS);
      return result.value;
    },
  );

  app.patch(
    '/catalog/products/:productId/price',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change the product’s price (a new price; the old one is kept, inactive)',
        security: [{ bearerAuth: [] }],
        params: z.object({ productId: Id }),
        body: z
          .object({
            expectedPriceId: z
              .string()
              .min(1)
              .max(100)
              .describe('The price the change was made from'),
            unitAmount: z.number().describe(`Cents, ${PRICE_RANGE.min} to ${PRICE_RANGE.max}`),
          })
          .strict(),
        response: {
          200: ConsolePriceSchema,
          ...errorResponses(OPERATOR_STATUS, PRICE_STATUS),
          409: PriceChangedAnswer,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const result = await changePrice(db, deps, operatorOf(request), {
        ...request.params,
        ...request.body,
      });
      if (!result.ok) throw failureToHttp(result, PRICE_STATUS);
      return result.value;
    },
  );

  app.patch(
    '/catalog/designs/:designName',
    {
      schema: {
        tags: ['admin'],
        summary: 'Put a design on sale or take it off',
        security: [{ bearerAuth: [] }],
        params: z.object({ designName: Id }),
        body: z.object({ active: z.boolean() }).strict(),
        response: { 200: ConsoleDesignSchema, ...errorResponses(OPERATOR_STATUS, DESIGN_STATUS) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const result = await setDesignActive(db, deps, operatorOf(request), {
        designName: request.params.designName,
        active: request.body.active,
      });
      if (!result.ok) throw failureToHttp(result, DESIGN_STATUS);
      return result.value;
    },
  );

  app.patch(
    '/catalog/products/:productId/facts',
    {
      config: { multiline: ['facts.*'] },
      schema: {
        tags: ['admin'],
        summary: 'Change the facts shoppers read: fabric, UPF, fit, weight, care (compare-and-set)',
        security: [{ bearerAuth: [] }],
        params: z.object({ productId: Id }),
        body: z
          .object({
            version: z.number().int().min(0).describe('The version the change was made from'),
            facts: z
              .record(z.string(), z.unknown())
              .describe(`Every fact, 1 to ${MAX_FACT_LENGTH} characters each`),
          })
          .strict(),
        response: {
          200: ConsoleFactsSchema,
          ...errorResponses(OPERATOR_STATUS, FACTS_STATUS),
          409: FactsChangedAnswer,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const result = await changeProductFacts(db, deps, operatorOf(request), {
        productId: request.params.productId,
        ...request.body,
      });
      if (!result.ok) throw failureToHttp(result, FACTS_STATUS);
      return result.value;
    },
  );
  app.patch(
    '/catalog/products/:productId/size-guide/:size',
    {
      schema: {
        tags: ['admin'],
        summary: "Change a size's measurements in the size guide, in inches (compare-and-set)",
        security: [{ bearerAuth: [] }],
        params: z.object({ productId: Id, size: z.enum(SIZE_CODES) }),
        body: z
          .object({
            version: z.number().int().min(0).describe('The version the change was made from'),
            width: z.unknown().describe('Inches, quarter inches'),
            length: z.unknown().describe('Inches, quarter inches'),
            sleeve: z.unknown().describe('Inches, quarter inches'),
          })
          .strict(),
        response: {
          200: ConsoleMeasurementSchema,
          ...errorResponses(OPERATOR_STATUS, MEASUREMENT_STATUS),
          409: MeasurementsChangedAnswer,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const result = await changeMeasurement(db, deps, operatorOf(request), {
        ...request.params,
        ...request.body,
      });
      if (!result.ok) throw failureToHttp(result, MEASUREMENT_STATUS);
      return result.value;
    },
  );
};
