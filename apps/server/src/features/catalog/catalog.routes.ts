import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConfigurationSchema,
  DesignSchema,
  InventorySchema,
  ProductSchema,
} from '@sunward/core/schemas';
import { errorResponses, notFound } from '../../lib/http-errors.ts';
import { cachedJsonHandler, sendCachedJson } from '../../lib/cached-json.ts';
import { loadConfiguration, SETTINGS_CACHE_KEY } from '../settings/settings.api.ts';
import * as catalog from './catalog.service.ts';
import { registerExpiredHoldsPurge } from './expired-holds-job.ts';

const IdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, _ or -'),
});
/** An unknown or inactive product: `notFound` answers `code: 'not_found'`. */
const NOT_FOUND = errorResponses({ not_found: 404 });

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, catalogCache: cache, config, fastLane } = app;
  /** The lists are hot and public: the fast lane answers them while their entry is fresh. */
  const fast = (path: string, key: string) =>
    fastLane.add(app.prefix + path, () => cache.peek(key));
  registerExpiredHoldsPurge(app.jobs, db, config.testStockHolds?.purgeEveryMs);

  app.get(
    '/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Active products with their prices',
        response: { 200: z.array(ProductSchema) },
      },
    },
    cachedJsonHandler(cache, 'products', () => catalog.listProducts(db)),
  );
  fast('/products', 'products');

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product',
        params: IdParams,
        response: { 200: ProductSchema, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const entry = await cache.get(`product:${id}`, async () => {
        const product = await catalog.getProduct(db, id);
        return product ?? null;
      });
      if (entry.body === 'null') throw notFound('No product with that id.');
      return sendCachedJson(request, reply, entry);
    },
  );

  app.get(
    '/designs',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'The designs, in collection order',
        response: { 200: z.array(DesignSchema) },
      },
    },
    cachedJsonHandler(cache, 'designs', () => catalog.listDesigns(db)),
  );
  fast('/designs', 'designs');

  app.get(
    '/configuration',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Public settings: shop name, company ZIP, free-shipping target (cents), support email, sign-in (issuer, client id, audience)',
        response: { 200: ConfigurationSchema },
      },
    },
    cachedJsonHandler(cache, SETTINGS_CACHE_KEY, () => loadConfiguration(db, config)),
  );
  fast('/configuration', SETTINGS_CACHE_KEY);

  app.get(
    '/inventory/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Every size code of a product with its outOfStock flag',
        params: IdParams,
        response: { 200: InventorySchema, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const entry = await cache.get(`inventory:${id}`, async () => {
        return (await catalog.getInventory(db, id)) ?? null;
      });
      if (entry.body === 'null') throw notFound('No product with that id.');
      return sendCachedJson(request, reply, entry);
    },
  );
};
