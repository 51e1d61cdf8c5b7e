/**
 * The operator console's own routes (issue 15), under /api/admin: who the operator is and what the
 * operators did. The console is composed in plugins/admin-console.ts (decision 032), which runs
 * `requireOperator` first for every route there (401 without a valid bearer token, 403 for a
 * customer without the admin role); the authorization matrix test (admin-authorization.test.ts)
 * walks every route to prove it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-errors.ts';
import { listOperatorActions, OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import { ActivityPageSchema, ActivityQuerySchema } from '@sunward/core/console-activity';

const SessionAnswer = z.object({ customerId: z.string(), email: z.string(), name: z.string() });

/** The console's session and activity routes (plugins/admin-console.ts registers them first). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/session',
    {
      schema: {
        tags: ['admin'],
        summary: 'The signed-in operator (the console asks this first: 401, 403 or who you are)',
        security: [{ bearerAuth: [] }],
        response: { 200: SessionAnswer, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return operatorOf(request);
    },
  );

  app.get(
    '/activity',
    {
      schema: {
        tags: ['admin'],
        summary: "The operators' actions, newest first (who, when, what, on what)",
        security: [{ bearerAuth: [] }],
        querystring: ActivityQuerySchema,
        response: {
          200: ActivityPageSchema,
          ...errorResponses(OPERATOR_STATUS),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { limit, before, targetType, targetId } = request.query;
      const [at, id] = before ? before.split('|') : [];
      const actions = await listOperatorActions(db, {
        limit,
        before: at && id ? { at, id } : undefined,
        target: targetType && targetId ? { type: targetType, id: targetId } : undefined,
      });
      const last = actions.at(-1);
      return {
        actions,
        next: actions.length === limit && last ? `${last.at}|${last.id}` : null,
      };
    },
  );
};
