import type { FastifyInstance } from 'fastify';

/**
 * Stops accepting connections, lets in-flight requests finish, and closes keep-alive connections as soon
 * as they fall idle (a connection busy when close() began would otherwise wait for its keep-alive
 * timeout). /readyz answers 503 meanwhile, so a load balancer stops sending traffic.
 */
export async function drain(app: FastifyInstance): Promise<void> {
  app.shuttingDown = true;
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
