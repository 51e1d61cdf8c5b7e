/**
 * Back in stock (decision 050): `POST /api/back-in-stock`, a shopper's address to hear once when a
 * size shown out of stock returns; and, mounted inside /api/admin (operators only),
 * `GET /back-in-stock`, how many wait per design and size, most-wanted first.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BackInStockAnswerSchema,
  BackInStockRequestSchema,
  WaitingCountsSchema,
} from '@sunward/core/back-in-stock';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { registerBackInStockJob } from './back-in-stock-job.ts';
import { backInStockPersonalData } from './back-in-stock-personal-data.ts';
import {
  listWaitingCounts,
  requestBackInStock,
  type BackInStockFailure,
} from './back-in-stock.service.ts';

const STATUS: StatusTable<BackInStockFailure> = { not_found: 404, in_stock: 409 };
// A shopper asks for a few sizes at most; a script filling the table with addresses is cut short.
const FORM_LIMIT = { max: 20, timeWindow: 60_000 };

export const backInStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.personalData.register(backInStockPersonalData);
  registerBackInStockJob(app.events, { db, config: app.config });

  app.post(
    '/back-in-stock',
    {
      config: { rateLimit: FORM_LIMIT },
      schema: {
        tags: ['marketing'],
        summary: 'Email me once when this size of this design is back in stock',
        body: BackInStockRequestSchema,
        response: { 200: BackInStockAnswerSchema, ...errorResponses(STATUS) },
      },
    },
    async (request) => {
      const result = await requestBackInStock(db, request.body);
      if (!result.ok) throw failureToHttp(result, STATUS);
      return result.value;
    },
  );
};

export const adminBackInStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/back-in-stock',
    {
      schema: {
        tags: ['admin'],
        summary: 'How many shoppers wait per design and size, most-wanted first',
        response: { 200: WaitingCountsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { waiting: await listWaitingCounts(db) };
    },
  );
};
