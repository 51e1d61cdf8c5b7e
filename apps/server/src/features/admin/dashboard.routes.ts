/**
 * `GET /api/admin/dashboard?from=YYYY-MM-DD&to=YYYY-MM-DD`: the console's home (issue 15, item 8), the
 * queues that need an operator and the sales of a period of the shop's days against the period before.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { OPERATOR_STATUS } from '../operators/operators.api.ts';
import { getDashboard, MAX_DAYS, type DashboardFailure } from './dashboard.service.ts';

export const DASHBOARD_STATUS: StatusTable<DashboardFailure> = { invalid_period: 400 };

const day = z.string().max(20).optional();
const cents = z.number().int();

const SalesDay = z.object({
  day: z.string(),
  sales: cents,
  orders: z.number().int(),
  averageOrderValue: cents.nullable(),
  refunds: cents,
});
const SalesPeriod = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(SalesDay),
  totals: SalesDay.omit({ day: true }),
});
const queue = <T extends z.ZodRawShape>(item: T, extra: z.ZodRawShape = {}) =>
  z.object({ count: z.number().int(), items: z.array(z.object(item)), ...extra });

export const DashboardAnswer = z.object({
  today: z.string(),
  timeZone: z.string(),
  needsAttention: z.object({
    toShip: queue(
      {
        orderNumber: z.string(),
        status: z.string(),
        createdAt: z.string(),
        ageHours: z.number().int(),
        total: cents,
        name: z.string(),
      },
      { pending: z.number().int(), inProgress: z.number().int() },
    ),
    failedEmails: queue({
      id: z.string(),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      createdAt: z.string(),
      lastError: z.string().nullable(),
    }),
    openReturns: queue({
      id: z.string(),
      publicId: z.string(),
      orderNumber: z.string(),
      status: z.string(),
      createdAt: z.string(),
      refundAmount: cents,
    }),
    dataRequests: queue(
      {
        id: z.string(),
        email: z.string(),
        status: z.string(),
        dueBy: z.string(),
        daysLeft: z.number().int(),
      },
      { overdue: z.number().int() },
    ),
    paymentsToCheck: queue({
      id: z.string(),
      kind: z.string(),
      orderNumber: z.string().nullable(),
      paymentIntentId: z.string(),
      detail: z.string(),
      createdAt: z.string(),
    }),
    outOfStock: queue({
      productId: z.string(),
      productName: z.string(),
      size: z.string(),
      stock: z.number().int().nullable(),
      outOfStock: z.boolean(),
    }),
  }),
  sales: z.object({
    period: SalesPeriod,
    previous: SalesPeriod,
    change: z.object({
      sales: z.number().nullable(),
      orders: z.number().nullable(),
      averageOrderValue: z.number().nullable(),
    }),
  }),
});

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
        response: { 200: DashboardAnswer, ...errorResponses(DASHBOARD_STATUS, OPERATOR_STATUS) },
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
