/**
 * `GET /api/admin/dashboard?from=YYYY-MM-DD&to=YYYY-MM-DD`: the console's home (issue 15, item 8), the
 * queues that need an operator and the sales of a period of the shop's days against the period before.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DashboardSchema } from '@sunward/core/console-dashboard';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { OPERATOR_STATUS } from '../operators/operators.api.ts';
import { getDashboard, MAX_DAYS, type DashboardFailure } from './dashboard.service.ts';

export const DASHBOARD_STATUS: StatusTable<DashboardFailure> = { invalid_period: 400 };

const day = z.string().max(20).optional();

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary:
          "The console's home: what needs an operator, and sales per day against the period before",
        description:
          "Days are the shop's calendar days (America/New_York). `from` and `to` (YYYY-MM-DD, both " +
          'included) default to the last 30 days up to today; `days` instead of `from` gives the last ' +
          `that many days up to \`to\`; at most ${MAX_DAYS} days, ending today at the latest. ` +
          'Sales are the totals of orders paid through the provider, created that day ' +
          '(cancelled ones included); refunds are counted on the day they were made.',
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          from: day,
          to: day,
          days: z.coerce
            .number()
            .int('days is a whole number of days.')
            .min(1, 'days is at least 1.')
            .max(MAX_DAYS, `days is at most ${MAX_DAYS}.`)
            .optional(),
        }),
        response: { 200: DashboardSchema, ...errorResponses(DASHBOARD_STATUS, OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await getDashboard(app.db, request.query);
      if (!result.ok) throw failureToHttp(result, DASHBOARD_STATUS);
      return result.value;
    },
  );
};
