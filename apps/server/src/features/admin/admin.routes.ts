/**
 * The operator console's API (issue 15), under /api/admin. Every route registered here, and in the
 * feature plugins registered below, runs `requireOperator` first (an onRequest hook on this whole
 * context): 401 without a valid bearer token, 403 for a customer without the admin role. Nothing here
 * can be reached otherwise, and the authorization matrix test (admin-authorization.test.ts) walks
 * every route to prove it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http-errors.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operator.ts';
import { listOperatorActions } from '../operators/operator-actions.ts';
import { adminOrdersRoutes } from '../console-orders/admin-orders.routes.ts';
import { adminCatalogRoutes } from '../catalog/admin-catalog.routes.ts';
import { adminSettingsRoutes } from '../settings/admin-settings.routes.ts';
import { adminReturnsRoutes } from '../returns/admin-returns.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { adminSupportRoutes } from '../support/admin-support.routes.ts';
import { adminDataRequestsRoutes } from '../support/admin-data-requests.routes.ts';
import { adminEmailsRoutes } from '../email/admin-emails.routes.ts';
import { adminCustomersRoutes } from '../customers/admin-customers.routes.ts';
import { adminErrorsRoutes } from '../client-errors/admin-errors.routes.ts';
import { adminJobsRoutes } from '../console-jobs/admin-jobs.routes.ts';

const SessionAnswer = z.object({ customerId: z.string(), email: z.string(), name: z.string() });

const ActionView = z.object({
  id: z.string(),
  at: z.string(),
  operatorId: z.string(),
  operatorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.record(z.string(), z.unknown()),
});

const ActivityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** The last row of the previous page: `${at}|${id}`. */
  before: z
    .string()
    .max(200)
    .regex(/^[^|]+\|[^|]+$/, 'before is the at|id of the last row of the previous page')
    .optional(),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(200).optional(),
});

const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
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
        querystring: ActivityQuery,
        response: {
          200: z.object({ actions: z.array(ActionView), next: z.string().nullable() }),
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

/** Mounted at /api/admin by app.ts: the operator check for everything inside, then each area's routes. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireOperator);
  await app.register(operatorRoutes);
  await app.register(adminOrdersRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminReturnsRoutes);
  await app.register(dashboardRoutes);
  await app.register(adminSupportRoutes);
  await app.register(adminDataRequestsRoutes);
  await app.register(adminCustomersRoutes);
  await app.register(adminEmailsRoutes);
  await app.register(adminErrorsRoutes);
  await app.register(adminJobsRoutes);
};
