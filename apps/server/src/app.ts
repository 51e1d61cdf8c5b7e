import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
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
import { PersonalData } from './lib/personal-data.ts';
import { FastLane, fastLaneServer } from './lib/fast-lane.ts';
import {
  answerFrameworkError,
  clientErrorHandler,
  registerErrorHandling,
} from './plugins/errors.ts';
import { apiSecurityHeaders, registerSecurity, requestGuard } from './plugins/security.ts';
import {
  RATE_LIMIT_WINDOW_MS,
  registerRateLimit,
  sharedWindows,
  type ApiLimit,
} from './plugins/rate-limit.ts';
import { LaneLimiter } from './lib/rate-limiter.ts';
import { trustFunction } from './lib/proxy-trust.ts';
import { requestIds } from './lib/request-ids.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerStatic } from './plugins/static.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { metricsRoutes } from './features/metrics/metrics.routes.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { clientErrorRoutes } from './features/client-errors/client-errors.routes.ts';
import { cspReportRoutes } from './features/payment-page/csp-reports.routes.ts';
import { checkoutRoutes } from './features/checkout/checkout.routes.ts';
import { discountsRoutes } from './features/discounts/discounts.routes.ts';
import { reviewsRoutes } from './features/reviews/reviews.routes.ts';
import { sandboxRoutes } from './features/payments/sandbox.routes.ts';
import { uspsRoutes } from './features/usps/usps.routes.ts';
import { taxRoutes } from './features/tax/tax.routes.ts';
import { RefundCompletions } from './features/orders/orders.api.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { paymentWebhookRoutes } from './features/orders/payment-webhooks.routes.ts';
import { registerIdentityProvider } from './plugins/identity-provider.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { customersRoutes } from './features/customers/customers.routes.ts';
import { cartRoutes } from './features/cart/cart.routes.ts';
import { customerOrdersRoutes } from './features/orders/customer-orders.routes.ts';
import { orderLookupRoutes } from './features/orders/order-lookup.routes.ts';
import { returnsRoutes } from './features/returns/returns.routes.ts';
import { registerProviders } from './plugins/providers.ts';
import { registerJobs, type JobTestOptions } from './plugins/jobs.ts';
import { registerDatabaseBackups } from './plugins/database-backups.ts';
import type { WorkOptions } from './lib/jobs/job-queue.ts';
import type { PrerenderedPages } from './features/pages/prerendered-pages.ts';
import { returnLabelRoutes } from './features/labels/return-labels.routes.ts';
import { supportRoutes } from './features/support/support.routes.ts';
import { adminConsole } from './plugins/admin-console.ts';
import { orderStatusRoutes } from './features/orders/order-status.routes.ts';
import { registerTracking } from './features/tracking/tracking-jobs.ts';
import { registerBagReminders } from './features/marketing/bag-reminder-job.ts';
import { backInStockRoutes } from './features/marketing/back-in-stock.routes.ts';
import {
  marketingRoutes,
  oneClickUnsubscribeRoute,
} from './features/marketing/marketing.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Db;
    catalogCache: JsonCache;
    fastLane: FastLane;
    /** The fast lane's share of the rate limits (its `sync()` sends its counts now). */
    laneLimiter: LaneLimiter;
    shuttingDown: boolean;
    /** The prerendered catalogue pages, when the storefront was built with them (docs/decisions/025). */
    prerenderedPages?: PrerenderedPages;
    /** Each feature's part of a person's data, for the console's export and erasure (decision 032). */
    personalData: PersonalData;
    /** What each feature that refunds an order does when the refund is recorded (decision 034). */
    refundCompletions: RefundCompletions;
  }
}

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** false for silence (tests); else the level (default config.logLevel) and where lines go (stdout). */
  logger?: false | { level?: string; stream?: DestinationStream };
  /** Tests: the job engine's clock and polling, and the email job's attempts and backoff. */
  jobs?: JobTestOptions & { emailJob?: WorkOptions };
}

/**
 * Wiring in a fixed order: external plugins (security, rate limit, OpenAPI), the app's own decorators
 * (database, caches, providers), then the routes, then static files and the SPA fallback.
 */
export async function buildApp({
  config,
  database,
  logger,
  jobs: { emailJob, ...jobOptions } = {},
}: BuildOptions): Promise<FastifyInstance> {
  const root =
    logger === false
      ? null
      : (pino(
          { level: logger?.level ?? config.logLevel },
          logger?.stream ?? process.stdout,
        ) as FastifyBaseLogger);
  // Fastify owns the pino instance: each request's logger is pino's own `child({ reqId })` (Fastify's
  // default childLoggerFactory), and plugins and routes log through `app.log`. The access log
  // ("incoming request", "request completed") only with LOG_REQUESTS=1 (logController below).
  const logging: FastifyServerOptions = root ? { loggerInstance: root } : { logger: false };
  // Rate-limit windows shared by every process (docs/decisions/010); the fast lane counts its answers
  // in memory and adds them to the client's shared window in batches.
  const windows = await sharedWindows(config, database);
  const limiter = new LaneLimiter(windows, config.rateLimitMax, RATE_LIMIT_WINDOW_MS);
  const requestId = requestIds();
  // One trust function for Fastify's request.ip and the fast lane: a client is counted under the same
  // address on both paths.
  const trustProxy = trustFunction(config.trustProxy);
  const apiHeaders = apiSecurityHeaders(config);
  const fastLane = new FastLane({
    enabled: !config.logRequests,
    headers: apiHeaders,
    limiter,
    trustProxy,
    requestId,
  });
  const guard = requestGuard(config);
  // The API's limit for requests no route answers; set once the plugin is registered (below).
  const late: { limitApi?: ApiLimit } = {};
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
      if (!api || late.limitApi === undefined) return answerFrameworkError(error, reply);
      late.limitApi(request, reply).then(
        () => answerFrameworkError(error, reply),
        (limited: Error) => void (reply as FastifyReply).send(limited),
      );
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First, so that its onResponse hook measures every route (METRICS_TOKEN; docs/decisions/035).
  registerMetrics(app, config, fastLane, database.statements);
  registerErrorHandling(app);
  await registerSecurity(app, guard);
  const limitApi = await registerRateLimit(app, config, windows, limiter);
  late.limitApi = limitApi;
  await registerOpenApi(app, config);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const catalogCache = new JsonCache({ ttlMs: config.catalogCacheMs, max: config.catalogCacheMax });
  app.decorate('catalogCache', catalogCache);
  app.decorate('fastLane', fastLane);
  app.decorate('laneLimiter', limiter);
  app.addHook('preClose', async () => fastLane.close());
  app.decorate('shuttingDown', false);
  // Before the providers and routes: the features that hold personal data register their parts as
  // they register (lib/personal-data.ts).
  app.decorate('personalData', new PersonalData());
  // Before the routes too: the features that refund orders declare their completions as they register.
  app.decorate('refundCompletions', new RefundCompletions());
  // The job engine before the providers and routes, which declare their jobs on it (docs/decisions/029).
  await registerJobs(app, config, jobOptions);
  // The embedded database backed up on a schedule (SQLite only).
  registerDatabaseBackups(app, config);
  await registerProviders(app, config, emailJob ? { emailJob } : {});
  // Tracking to delivery (docs/decisions/040): on the job engine's clock, which tests move by hand.
  registerTracking({
    db: app.db,
    jobs: app.jobs,
    provider: app.tracking,
    now: jobOptions.now ?? Date.now,
    everyMs: config.tracking.everyMs,
  });
  // The one bag reminder (decision 044), every 5 minutes across every process.
  registerBagReminders(app.jobs, {
    db: app.database.db,
    siteUrl: config.siteUrl,
    now: jobOptions.now ?? Date.now,
  });
  // Bearer tokens for routes with `config: { requireUser: true }` (before the routes are registered).
  registerAuth(app, config);
  // Control characters in any field are refused before validation (issue 23).
  registerInputGuard(app, config);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(oneClickUnsubscribeRoute);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes);
      await api.register(clientErrorRoutes);
      await api.register(cspReportRoutes);
      await api.register(uspsRoutes);
      await api.register(taxRoutes);
      await api.register(checkoutRoutes);
      await api.register(discountsRoutes);
      await api.register(ordersRoutes);
      await api.register(paymentWebhookRoutes);
      await api.register(customersRoutes);
      await api.register(cartRoutes);
      await api.register(customerOrdersRoutes);
      await api.register(orderLookupRoutes);
      await api.register(returnsRoutes);
      await api.register(returnLabelRoutes);
      await api.register(supportRoutes);
      await api.register(marketingRoutes);
      await api.register(reviewsRoutes);
      await api.register(backInStockRoutes);

      await api.register(orderStatusRoutes);
      await api.register(adminConsole, { prefix: '/admin' });
      if (app.payments.name === 'sandbox') await api.register(sandboxRoutes);
    },
    { prefix: '/api' },
  );

  await registerIdentityProvider(app, config);
  await registerStatic(app, config, guard, limitApi);
  return app;
}
