import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import { STATEMENT_KINDS, type StatementCounts } from '../db/statement-counts.ts';
import type { FastLane } from '../lib/fast-lane.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * This app's metrics (plugins/metrics.ts, docs/decisions/035): the requests here, the shop's
     * figures added by features/metrics. Null when METRICS_TOKEN is unset: nothing is measured.
     */
    metrics: Registry | null;
  }
}

/** The route label of a storefront page answered without a route (the SPA fallback, the fast lane). */
export const PAGE_ROUTE = 'page';
/** The route label of every other request no route matched (a 404, or a 429 or 503 given to one). */
export const NOT_FOUND_ROUTE = 'not_found';
/** The built-in identity provider's middleware (plugins/identity-provider.ts) answers under /oidc. */
const OIDC_ROUTE = '/oidc/*';
/**
 * The storefront build's hashed files: plugins/static.ts gives each file a route of its own, whose
 * name changes with every build. One label for all of them.
 */
const BUILD_FILES = '/static/';
const BUILD_FILES_ROUTE = '/static/*';

/** Seconds: the fast lane answers in tens of microseconds, a checkout step in tens of milliseconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The label of a request no Fastify route matched, from its path and answer. */
function unmatchedRoute(url: string, statusCode: number): string {
  if (url === '/oidc' || url.startsWith('/oidc/') || url.startsWith('/oidc?')) return OIDC_ROUTE;
  return statusCode < 400 ? PAGE_ROUTE : NOT_FOUND_ROUTE;
}

/**
 * The app's registry and the request histogram, `http_request_duration_seconds` by method, route
 * pattern (never the URL: a path no route matched is `page`, `/oidc/*` or `not_found`, the build's
 * hashed files are `/static/*`) and status: one onResponse hook for Fastify's answers and the fast
 * lane's observer for the lane's (lib/fast-lane.ts), which Fastify never sees. Registered before any
 * route, so that every route gets the hook. Without METRICS_TOKEN it adds nothing: no hook, no
 * registry.
 *
 * With `statements` (the database opened with `countStatements`, main.ts), this process's statements
 * too: `sunward_db_statements_total` by kind, `sunward_db_statement_errors_total` and
 * `sunward_db_statement_seconds_total`, read from the counts at each scrape (docs/decisions/061).
 *
 * A request whose client went away before the answer was sent (onRequestAbort), and the 408s and 400s
 * node's HTTP server answers before Fastify (plugins/errors.ts `clientErrorHandler`), are not counted.
 */
export function registerMetrics(
  app: FastifyInstance,
  config: Config,
  lane: FastLane,
  statements?: StatementCounts,
): void {
  if (!config.metricsToken) {
    app.decorate('metrics', null);
    return;
  }
  const registry = new Registry();
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the last byte of its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const pattern = request.routeOptions.url;
    const route =
      pattern === undefined
        ? // originalUrl: the identity provider's middleware cuts /oidc off request.url.
          unmatchedRoute(request.originalUrl, reply.statusCode)
        : pattern.startsWith(BUILD_FILES)
          ? BUILD_FILES_ROUTE
          : pattern;
    duration.observe(
      { method: request.method, route, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
  lane.observer = (route, statusCode, seconds) =>
    duration.observe({ method: 'GET', route, status_code: statusCode }, seconds);
  if (statements) registerStatementMetrics(registry, statements);
  app.decorate('metrics', registry);
  app.addHook('onClose', async () => {
    lane.observer = undefined;
    registry.clear();
  });
}

/** The database statements' counters, each set from the running counts when scraped. */
function registerStatementMetrics(registry: Registry, counts: StatementCounts): void {
  const registers = [registry];
  const statements = new Counter({
    name: 'sunward_db_statements_total',
    help:
      'Statements this process ran on the database, by kind: select, insert, update, delete, and ' +
      "a transaction's begin, commit and rollback (other: anything else).",
    labelNames: ['kind'] as const,
    registers,
    collect() {
      statements.reset();
      for (const kind of STATEMENT_KINDS) statements.inc({ kind }, counts.byKind[kind]);
    },
  });
  const errors = new Counter({
    name: 'sunward_db_statement_errors_total',
    help: 'Statements that failed (refused by the database, a lost connection), also counted above.',
    registers,
    collect() {
      errors.reset();
      errors.inc(counts.errors);
    },
  });
  const seconds = new Counter({
    name: 'sunward_db_statement_seconds_total',
    help:
      "Time from handing each statement to the database's driver to its result, summed (on " +
      'PostgreSQL a round trip). Divided by the statements, the mean time of one.',
    registers,
    collect() {
      seconds.reset();
      seconds.inc(counts.seconds);
    },
  });
}
