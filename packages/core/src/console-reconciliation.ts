/** The console's reconciliation screen (issue 27 item 3): runs and what they found. */
import { z } from 'zod';

export const FINDING_KINDS = [
  'charge_without_order',
  'amount_mismatch',
  'refund_mismatch',
  'order_without_charge',
] as const;

/** What a finding is, as the console names it. */
export const FINDING_KIND_LABELS: Record<(typeof FINDING_KINDS)[number], string> = {
  charge_without_order: 'Payment without an order',
  amount_mismatch: 'Amount differs',
  refund_mismatch: 'Refunds differ',
  order_without_charge: 'Order without a payment',
};

export const FINDING_RESOLUTIONS = ['open', 'order_recorded', 'refunded', 'closed'] as const;

export const ReconciliationRunSchema = z.object({
  id: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  startedBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['running', 'done', 'failed']),
  paymentsChecked: z.number().int(),
  findings: z.number().int(),
  error: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRunSchema>;

export const ReconciliationFindingSchema = z.object({
  id: z.string(),
  runId: z.string(),
  kind: z.enum(FINDING_KINDS),
  paymentIntentId: z.string(),
  orderNumber: z.string().nullable(),
  shopAmount: z.number().int().nullable(),
  processorAmount: z.number().int().nullable(),
  resolution: z.enum(FINDING_RESOLUTIONS),
  detail: z.string(),
  createdAt: z.string(),
});
export type ReconciliationFinding = z.infer<typeof ReconciliationFindingSchema>;

export const ReconciliationOverviewSchema = z.object({
  /** When the last run finished well; null before the first. */
  lastDoneAt: z.string().nullable(),
  openFindings: z.number().int(),
  runs: z.array(ReconciliationRunSchema),
  findings: z.array(ReconciliationFindingSchema),
});
export type ReconciliationOverview = z.infer<typeof ReconciliationOverviewSchema>;

export const CloseFindingRequestSchema = z.object({
  note: z
    .string()
    .trim()
    .min(1, 'Say what was done about it.')
    .max(500, 'Keep the note under 500 characters.'),
});

/** The answer to closing a finding. */
export const CloseFindingAnswerSchema = z.object({ closed: z.literal(true) });
