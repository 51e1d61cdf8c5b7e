import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

/**
 * OpenAPI generated from the routes' zod schemas; browsable at /api/docs, raw at /api/docs/json. Off in
 * production unless API_DOCS=1 (config.apiDocs): /api/docs then answers 404 like any unknown API URL.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.apiDocs) return;
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.shopName} shop API`,
        description:
          'JSON in and out. Errors are `{ "message": string, "code": string, "fields"?: { field: message } }`: ' +
          'branch on `code` (each response lists the codes it can carry; any route may also answer ' +
          '`invalid_request` 400, `not_found` 404, `rate_limited` 429 and `internal` 500), never on the message. ' +
          'Money is integer cents; timestamps are ISO 8601 UTC.',
        version: '1.0.0',
      },
      servers: [{ url: config.siteUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The UI's own CSP (hashes for its inline scripts); Swagger UI also sets inline styles, which its
    // default style-src blocks.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace(
        /style-src ([^;]*)/,
        (_, sources: string) => `style-src ${sources} 'unsafe-inline'`,
      ),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
