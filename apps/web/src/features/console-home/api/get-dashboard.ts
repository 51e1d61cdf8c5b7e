import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminGet, adminKeys, adminUrl } from '@/shared/console/admin-api.ts';

const count = z.number().int();
const cents = z.number().int();

const SalesDaySchema = z.object({
  day: z.string(),
  sales: cents,
  orders: count,
  averageOrderValue: cents.nullable(),
  refunds: cents,
});
const SalesPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(SalesDaySchema),
  totals: SalesDaySchema.omit({ day: true }),
});

/** GET /api/admin/dashboard: the queues that need an operator, and the sales of a period. */
export const DashboardSchema = z.object({
  today: z.string(),
  timeZone: z.string(),
  needsAttention: z.object({
    toShip: z.object({
      count,
      pending: count,
      inProgress: count,
      items: z.array(
        z.object({
          orderNumber: z.string(),
          status: z.string(),
          createdAt: z.string(),
          ageHours: count,
          total: cents,
          name: z.string(),
        }),
      ),
    }),
    failedEmails: z.object({
      count,
      items: z.array(
        z.object({
          id: z.string(),
          kind: z.string(),
          to: z.string(),
          subject: z.string(),
          createdAt: z.string(),
          lastError: z.string().nullable(),
        }),
      ),
    }),
    openReturns: z.object({
      count,
      items: z.array(
        z.object({
          id: z.string(),
          publicId: z.string(),
          orderNumber: z.string(),
          status: z.string(),
          createdAt: z.string(),
          refundAmount: cents,
        }),
      ),
    }),
    dataRequests: z.object({
      count,
      overdue: count,
      items: z.array(
        z.object({
          id: z.string(),
          email: z.string(),
          status: z.string(),
          dueBy: z.string(),
          daysLeft: count,
        }),
      ),
    }),
    paymentsToCheck: z.object({
      count,
      items: z.array(
        z.object({
          id: z.string(),
          kind: z.string(),
          orderNumber: z.string().nullable(),
          paymentIntentId: z.string(),
          detail: z.string(),
          createdAt: z.string(),
        }),
      ),
    }),
    outOfStock: z.object({
      count,
      items: z.array(
        z.object({
          productId: z.string(),
          productName: z.string(),
          size: z.string(),
          stock: count.nullable(),
          outOfStock: z.boolean(),
        }),
      ),
    }),
  }),
  sales: z.object({
    period: SalesPeriodSchema,
    previous: SalesPeriodSchema,
    change: z.object({
      sales: z.number().nullable(),
      orders: z.number().nullable(),
      averageOrderValue: z.number().nullable(),
    }),
  }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export type SalesPeriod = Dashboard['sales']['period'];
export type NeedsAttention = Dashboard['needsAttention'];

/** The period asked for: the last `days` days up to today (the server's calendar), or from..to. */
export type PeriodQuery = { days: number } | { from: string; to: string };

export function getDashboard(period: PeriodQuery, signal?: AbortSignal): Promise<Dashboard> {
  return adminGet(adminUrl('/dashboard', { ...period }), DashboardSchema, signal);
}

/**
 * The home's figures. Changing the period keeps the last answer on screen until the new one is in,
 * and the figures are read again when the operator comes back to the home.
 */
export function useDashboard(period: PeriodQuery) {
  return useQuery({
    queryKey: adminKeys.area('dashboard', period),
    queryFn: ({ signal }) => getDashboard(period, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
