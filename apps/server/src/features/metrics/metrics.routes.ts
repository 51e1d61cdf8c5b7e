import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import { notFound, unauthorized } from '../../lib/http-errors.ts';
import { processMetrics } from '../../lib/process-metrics.ts';
import { sameSecret } from '../../lib/same-secret.ts';
import { registerShopMetrics } from './shop-metrics.ts';

/** At most one log line a minute while the database cannot be read: a scrape comes every 15 s. */
const ERROR_LOG_MS = 60_000;

/**
 * `/metrics` in Prometheus's text format (docs/decisions/035), for a scraper holding METRICS_TOKEN as
 * its bearer token: this process's own metrics (lib/process-metrics.ts), its requests
 * (plugins/metrics.ts) and the shop's figures read from the database now (shop-metrics.ts). Not under
 * /api: no rate limit counts it (plugins/security.ts), and it is not in the API's document. Without
 * METRICS_TOKEN it answers 404, as a path the shop does not have.
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const token = app.config.metricsToken;
  const registry = app.metrics;
  if (!token || !registry) {
    app.get('/metrics', { schema: { hide: true } }, async (request) => {
      throw notFound(`Not found: ${request.method} /metrics`);
    });
    return;
  }

  let lastError = 0;
  registerShopMetrics(registry, {
    db: app.db,
    jobs: app.jobs,
    onError(err) {
      if (Date.now() - lastError < ERROR_LOG_MS) return;
      lastError = Date.now();
      app.log.error({ err }, 'metrics: could not read the shop figures from the database');
    },
  });
  const scraped = Registry.merge([processMetrics(), registry]);

  /** The token as `Authorization: Bearer <token>`, compared in constant time. */
  const authorize = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const [scheme, given] = (request.headers.authorization ?? '').split(' ', 2);
    if (scheme?.toLowerCase() !== 'bearer' || !given || !sameSecret(given, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('The metrics need their bearer token (METRICS_TOKEN).');
    }
  };

  app.get('/metrics', { schema: { hide: true }, onRequest: authorize }, async (_request, reply) => {
    const text = await scraped.metrics();
    return reply.header('content-type', scraped.contentType).send(text);
  });
};
