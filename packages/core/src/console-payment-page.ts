/**
 * The console's payment-page screens (issue 31 item 2, decision 056): the monitor's checks of
 * /checkout against the build's script inventory, what they found, and the browsers' CSP reports.
 */
import { z } from 'zod';

export const PAGE_FINDING_KINDS = [
  'script_not_in_inventory',
  'script_missing',
  'integrity_missing',
  'integrity_mismatch',
  'script_altered',
  'header_changed',
  'header_missing',
] as const;
export type PageFindingKind = (typeof PAGE_FINDING_KINDS)[number];

/** What a finding is, as the console names it. */
export const PAGE_FINDING_LABELS: Record<PageFindingKind, string> = {
  script_not_in_inventory: 'Script not in the inventory',
  script_missing: 'Script of the build missing',
  integrity_missing: 'Integrity missing',
  integrity_mismatch: 'Integrity differs',
  script_altered: 'Script altered',
  header_changed: 'Security header changed',
  header_missing: 'Security header missing',
};

export const PAGE_FINDING_STATUSES = ['open', 'cleared', 'acknowledged'] as const;

export const PageCheckSchema = z.object({
  id: z.string(),
  url: z.string(),
  startedBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(['running', 'done', 'failed']),
  scriptsChecked: z.number().int(),
  findings: z.number().int(),
  error: z.string().nullable(),
});
export type PageCheck = z.infer<typeof PageCheckSchema>;

export const PageFindingSchema = z.object({
  id: z.string(),
  runId: z.string(),
  kind: z.enum(PAGE_FINDING_KINDS),
  subject: z.string(),
  expected: z.string().nullable(),
  actual: z.string().nullable(),
  detail: z.string(),
  status: z.enum(PAGE_FINDING_STATUSES),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
});
export type PageFinding = z.infer<typeof PageFindingSchema>;

export const PaymentPageOverviewSchema = z.object({
  /** Whether the build's inventory was found (no build: nothing to compare with). */
  inventory: z.boolean(),
  /** How often the check runs, in ms; 0 when it is not scheduled. */
  everyMs: z.number().int(),
  openAlerts: z.number().int(),
  checks: z.array(PageCheckSchema),
  findings: z.array(PageFindingSchema),
});
export type PaymentPageOverview = z.infer<typeof PaymentPageOverviewSchema>;

export const AcknowledgeAnswerSchema = z.object({ acknowledged: z.literal(true) });

export const CspReportSchema = z.object({
  id: z.string(),
  directive: z.string(),
  blockedUrl: z.string(),
  documentUrl: z.string(),
  disposition: z.string(),
  sourceFile: z.string().nullable(),
  lineNumber: z.number().int().nullable(),
  sample: z.string().nullable(),
  userAgent: z.string().nullable(),
  count: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
});
export type CspReport = z.infer<typeof CspReportSchema>;

export const CspReportsPageSchema = z.object({
  reports: z.array(CspReportSchema),
  /** The `after` of the next page; null on the last. */
  next: z.string().nullable(),
});
export type CspReportsPage = z.infer<typeof CspReportsPageSchema>;
