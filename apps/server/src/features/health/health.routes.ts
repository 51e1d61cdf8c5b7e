import type { FastifyPluginAsync } from 'fastify';

/** Liveness (the process answers) and readiness (the database answers). Not under /api. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    if (app.shuttingDown) return reply.status(503).send({ status: 'shutting-down' });
    try {
      await app.database.ping();
      return { status: 'ready', database: app.database.dialect };
    } catch (err) {
      request.log.error({ err }, 'readiness check failed');
      return reply
        .status(503)
        .send({ status: 'unavailable', message: 'The database does not answer.' });
    }
  });
};
