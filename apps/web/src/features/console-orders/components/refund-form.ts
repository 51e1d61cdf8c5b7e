/**
 * The refund dialog's fields and what they stand for: shirts by line and the shipping, or an amount
 * in dollars, with a reason. The form is checked by core's RefundPickSchema and RefundReasonSchema (the
 * server's), so a message lands on the field its path names (`amount`, `reason`).
 */
import { z } from 'zod';
import {
  RefundPickSchema,
  RefundReasonSchema,
  type RefundPickRequest,
} from '@sunward/core/console-orders';
import { parseDollars } from '@/shared/console/dollar-input.ts';

export interface RefundFormValues {
  mode: 'items' | 'amount';
  /** Units to refund by line number. */
  quantities: Record<string, number>;
  shipping: boolean;
  /** Dollars as typed. */
  amount: string;
  reason: string;
}

/** What the fields pick, or null when they pick nothing yet (or the amount is not one). */
export function refundPick(values: RefundFormValues): RefundPickRequest | null {
  if (values.mode === 'amount') {
    const amount = parseDollars(values.amount);
    return amount === null || amount <= 0 ? null : { amount };
  }
  const items = Object.entries(values.quantities)
    .map(([line, quantity]) => ({ line: Number(line), quantity: Number(quantity) }))
    .filter(({ quantity }) => quantity > 0);
  return items.length || values.shipping ? { items, shipping: values.shipping } : null;
}

/** The fields read as a refund (the server's key is added when it is sent). */
export const refundFormSchema = z
  .custom<RefundFormValues>()
  .transform((values) => ({
    ...(refundPick(values) ?? { amount: parseDollars(values.amount) ?? 0 }),
    reason: values.reason,
  }))
  .pipe(z.intersection(RefundPickSchema, z.object({ reason: RefundReasonSchema })));
