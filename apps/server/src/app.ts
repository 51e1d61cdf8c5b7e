import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import { JsonCache } from './lib/cached-json.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { lazyChildLogger } from './lib/lazy-child-logger.ts';
import { registerSecurity } from './plugins/security.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerStatic } from './plugins/static.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { clientErrorRoutes } from './features/client-errors/client-errors.routes.ts';
import { decorateCheckoutProviders } from './features/checkout/checkout-providers.ts';
import { checkoutRoutes } from './features/checkout/checkout.routes.ts';
import { sandboxRoutes } from './features/payments/sandbox.routes.ts';
import { uspsRoutes } from './features/usps/usps.routes.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { paymentWebhookRoutes } from './features/orders/payment-webhooks.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Db;
    catalogCache: JsonCache;
    shuttingDown: boolean;
  }
}

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | object;
}

/**
 * Wiring in a fixed order: external plugins (security, rate limit, OpenAPI), the app's own decorators
 * (database, caches, providers), then the routes, then static files and the SPA fallback.
 */
export async function buildApp({
  config,
  database,
  logger,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // The access log is the load balancer's job; the error handler logs failed requests.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    childLoggerFactory: lazyChildLogger,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // The USPS calls carry an address as JSON in the path (spec 7).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  const limiter = new RateLimiter();
  await registerSecurity(app, config, limiter);
  await registerOpenApi(app, config);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const catalogCache = new JsonCache(Number(process.env.CATALOG_CACHE_MS ?? 2000));
  app.decorate('catalogCache', catalogCache);
  app.decorate('shuttingDown', false);
  decorateCheckoutProviders(app, config, database.db);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes);
      await api.register(clientErrorRoutes);
      await api.register(uspsRoutes);
      await api.register(checkoutRoutes);
      await api.register(ordersRoutes);
      await api.register(paymentWebhookRoutes);
      if (app.payments.name === 'sandbox') await api.register(sandboxRoutes);
    },
    { prefix: '/api' },
  );

  await registerStatic(app, config);
  return app;
}
