/**
 * The operators' actions (GET /api/admin/activity, issue 15): who did what, when, to what. Shared by
 * the API (its query and response schemas, the OpenAPI document) and the console's Activity page.
 */
import { z } from 'zod';
import { wholeNumberParam } from './query-numbers.ts';

/** Actions a page by default; the server allows 1 to ACTIVITY_PAGE_MAX. */
export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_PAGE_MAX = 200;

export const OperatorActionSchema = z.object({
  id: z.string(),
  at: z.string(),
  operatorId: z.string(),
  operatorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type OperatorAction = z.infer<typeof OperatorActionSchema>;

/** A page of actions, newest first, and the cursor of the next (`at|id` of this page's last). */
export const ActivityPageSchema = z.object({
  actions: z.array(OperatorActionSchema),
  next: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

export const ActivityQuerySchema = z.object({
  limit: wholeNumberParam(1, ACTIVITY_PAGE_MAX, ACTIVITY_PAGE_SIZE),
  /** The last row of the previous page: `${at}|${id}`. */
  before: z
    .string()
    .max(200)
    .regex(/^[^|]+\|[^|]+$/, 'before is the at|id of the last row of the previous page')
    .optional(),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(200).optional(),
});
