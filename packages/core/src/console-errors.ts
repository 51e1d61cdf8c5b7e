/**
 * The console's error reports (issue 15, item 7): what the storefront sent to /api/log-error, grouped
 * by type, message and the stack's first frame. What /api/admin/errors answers.
 */
import { z } from 'zod';
import { CursorSchema } from './console-inbox.ts';

/** The periods the console offers, in days back from now. */
export const ERROR_PERIOD_DAYS = [1, 7, 30, 90] as const;

export const ErrorReportSchema = z.object({
  id: z.string(),
  type: z.string().nullable(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The request id the report arrived with (the server's log lines carry it too). */
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type ErrorReport = z.infer<typeof ErrorReportSchema>;

export const ErrorGroupSchema = z.object({
  fingerprint: z.string(),
  type: z.string().nullable(),
  message: z.string(),
  /** The first frame of the stack ('' without one). */
  frame: z.string(),
  /** Reports in the period. */
  count: z.number().int(),
  /** The group's first report ever, and its latest. */
  firstSeen: z.string(),
  lastSeen: z.string(),
  /** Its latest report in the period: a URL, browser and request id to start from. */
  sample: ErrorReportSchema,
});
export type ErrorGroup = z.infer<typeof ErrorGroupSchema>;

export const ErrorGroupsSchema = z.object({
  /** Newest group first (by its latest report). */
  groups: z.array(ErrorGroupSchema),
  next: CursorSchema,
  /** Where the period starts (ISO). */
  since: z.string(),
});
export type ErrorGroups = z.infer<typeof ErrorGroupsSchema>;

export const ErrorGroupReportsSchema = z.object({
  group: ErrorGroupSchema.nullable(),
  /** The group's reports in the period, newest first. */
  reports: z.array(ErrorReportSchema),
  next: CursorSchema,
  since: z.string(),
});
export type ErrorGroupReports = z.infer<typeof ErrorGroupReportsSchema>;
