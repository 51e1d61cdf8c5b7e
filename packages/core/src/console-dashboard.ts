/**
 * The console's home (GET /api/admin/dashboard, issue 15): the queues that need an operator and the
 * sales of a period against the period before. Shared by the API (its response schema and OpenAPI
 * document, the service's return type) and the console's home. Money is integer cents.
 */
import { z } from 'zod';

const count = z.number().int();
const cents = z.number().int();

/** One queue: how many are waiting and the first few of them (`extra` adds counts by kind). */
const queue = <T extends z.ZodRawShape, E extends z.ZodRawShape = Record<never, never>>(
  item: T,
  extra?: E,
) => z.object({ count, items: z.array(z.object(item)), ...(extra ?? ({} as E)) });

export const SalesDaySchema = z.object({
  day: z.string(),
  sales: cents,
  orders: count,
  averageOrderValue: cents.nullable(),
  refunds: cents,
});
export type SalesDay = z.infer<typeof SalesDaySchema>;

export const SalesPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(SalesDaySchema),
  totals: SalesDaySchema.omit({ day: true }),
});
export type SalesPeriod = z.infer<typeof SalesPeriodSchema>;

export const DashboardSchema = z.object({
  /** The shop's calendar day now, and its time zone. */
  today: z.string(),
  timeZone: z.string(),
  needsAttention: z.object({
    toShip: queue(
      {
        orderNumber: z.string(),
        status: z.string(),
        createdAt: z.string(),
        ageHours: count,
        total: cents,
        name: z.string(),
      },
      { pending: count, inProgress: count },
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
        daysLeft: count,
      },
      { overdue: count },
    ),
    /** Reconciliation's open findings: payments and orders that differ. */
    paymentsToCheck: queue({
      id: z.string(),
      kind: z.string(),
      orderNumber: z.string().nullable(),
      paymentIntentId: z.string(),
      detail: z.string(),
      createdAt: z.string(),
    }),
    /** The payment-page monitor's open alerts (decision 056): the checkout page changed. */
    paymentPage: queue({
      id: z.string(),
      kind: z.string(),
      subject: z.string(),
      detail: z.string(),
      createdAt: z.string(),
    }),
    outOfStock: queue({
      productId: z.string(),
      productName: z.string(),
      size: z.string(),
      stock: count.nullable(),
      outOfStock: z.boolean(),
    }),
  }),
  sales: z.object({
    period: SalesPeriodSchema,
    previous: SalesPeriodSchema,
    /** Percent change of each total against the period before; null when that was zero. */
    change: z.object({
      sales: z.number().nullable(),
      orders: z.number().nullable(),
      averageOrderValue: z.number().nullable(),
    }),
  }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export type NeedsAttention = Dashboard['needsAttention'];
