import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { pino, type DestinationStream } from 'pino';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import { JsonCache } from './lib/cached-json.ts';
import { FastLane, fastLaneServer } from './lib/fast-lane.ts';
import {
  answerFrameworkError,
  clientErrorHandler,
  registerErrorHandling,
} from './plugins/errors.ts';
import { lazyChildLoggers } from './lib/lazy-child-logger.ts';
import { apiSecurityHeaders, registerSecurity, requestGuard } from './plugins/security.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { trustFunction } from './lib/proxy-trust.ts';
import { requestIds } from './lib/request-ids.ts';
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
import { registerIdentityProvider } from './plugins/identity-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Db;
    catalogCache: JsonCache;
    fastLane: FastLane;
    shuttingDown: boolean;
  }
}

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** false for silence (tests); else the level (default config.logLevel) and where lines go (stdout). */
  logger?: false | { level?: string; stream?: DestinationStream };
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
  const root =
    logger === false
      ? null
      : (pino(
          { level: logger?.level ?? config.logLevel },
          logger?.stream ?? process.stdout,
        ) as FastifyBaseLogger);
  // The access log (LOG_REQUESTS=1) is Fastify's: it needs Fastify to own the logger, and costs two
  // listeners and two clock reads per response. Without it, the default (the access log is the load
  // balancer's job; the error handler logs failed requests), Fastify runs with no logger of its own
  // and each request gets a lazy child of ours, bound to its id.
  const fastifyOwnsLogger = root !== null && config.logRequests;
  const logging: FastifyServerOptions = fastifyOwnsLogger
    ? { loggerInstance: root, childLoggerFactory: lazyChildLoggers() }
    : { logger: false, ...(root && { childLoggerFactory: lazyChildLoggers(root) }) };
  const limiter = new RateLimiter();
  const requestId = requestIds();
  // One trust function for Fastify's request.ip and the fast lane: a client is counted under the same
  // address on both paths.
  const trustProxy = trustFunction(config.trustProxy);
  const apiHeaders = apiSecurityHeaders(config);
  const fastLane = new FastLane({
    enabled: !config.logRequests,
    headers: apiHeaders,
    limiter,
    max: config.rateLimitMax,
    trustProxy,
    requestId,
  });
  const guard = requestGuard(config, limiter);
  const app = Fastify({
    ...logging,
    serverFactory: fastLaneServer(fastLane, config),
    requestTimeout: config.requestTimeoutMs,
    // Parser errors and timed-out requests, before any route: the shop's error body and headers.
    clientErrorHandler: clientErrorHandler(apiHeaders, requestId),
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    trustProxy,
    bodyLimit: config.bodyLimit,
    // genReqId keeps a well-formed X-Request-Id itself (lib/request-ids.ts) and replaces any other.
    requestIdHeader: false,
    genReqId: requestId,
    // The USPS calls carry an address as JSON in the path (spec 7).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    // Before routing: the answer gets the shop's headers and error body like any other.
    frameworkErrors: (error, request, reply) => {
      const api = request.url.startsWith('/api/');
      guard.secure(request, reply, api);
      if (api && guard.limit(request, reply)) return;
      answerFrameworkError(error, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Plugins and routes inherit the instance's `log` (each encapsulated context is made from its parent).
  if (root && !fastifyOwnsLogger) (app as { log: FastifyBaseLogger }).log = root;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  await registerSecurity(app, config, limiter, guard);
  await registerOpenApi(app, config);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const catalogCache = new JsonCache(Number(process.env.CATALOG_CACHE_MS ?? 2000));
  app.decorate('catalogCache', catalogCache);
  app.decorate('fastLane', fastLane);
  app.addHook('preClose', async () => fastLane.close());
  app.decorate('shuttingDown', false);
  await decorateCheckoutProviders(app, config, database.db);

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

  await registerIdentityProvider(app, config);
  await registerStatic(app, config, guard);
  return app;
}
