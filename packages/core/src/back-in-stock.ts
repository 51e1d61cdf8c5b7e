/**
 * Back in stock (issue 29 item 4, decision 050): what a shopper sends to hear when a size returns, and
 * what operators read of who waits. Shared by the server's routes and the storefront's form.
 */
import { z } from 'zod';
import { DESIGN_NAMES } from './designs.ts';
import { SIZE_CODES } from './sizes.ts';

export const BACK_IN_STOCK_MESSAGES = {
  email: 'Please enter an email address.',
  design: 'Choose one of the shop’s designs.',
  size: 'Choose one of the shirt’s sizes.',
} as const;

export const BackInStockRequestSchema = z.object({
  email: z.email(BACK_IN_STOCK_MESSAGES.email).max(254),
  productId: z.string().min(1).max(64),
  design: z.enum(DESIGN_NAMES, BACK_IN_STOCK_MESSAGES.design),
  size: z.enum(SIZE_CODES, BACK_IN_STOCK_MESSAGES.size),
});
export type BackInStockRequest = z.infer<typeof BackInStockRequestSchema>;

export const BackInStockAnswerSchema = z.object({
  /** What to tell the shopper, one sentence. */
  message: z.string(),
});
export type BackInStockAnswer = z.infer<typeof BackInStockAnswerSchema>;

/** How many wait for a design in a size (the console's list, most-wanted first). */
export const WaitingCountSchema = z.object({
  designName: z.string(),
  designTitle: z.string(),
  productId: z.string(),
  size: z.enum(SIZE_CODES),
  label: z.string(),
  waiting: z.number().int().positive(),
});
export type WaitingCount = z.infer<typeof WaitingCountSchema>;

export const WaitingCountsSchema = z.object({ waiting: z.array(WaitingCountSchema) });
export type WaitingCounts = z.infer<typeof WaitingCountsSchema>;

/** Most-wanted first; ties by design title, then the size's display order. */
export function byMostWanted(a: WaitingCount, b: WaitingCount): number {
  return (
    b.waiting - a.waiting ||
    a.designTitle.localeCompare(b.designTitle) ||
    SIZE_CODES.indexOf(a.size) - SIZE_CODES.indexOf(b.size)
  );
}
