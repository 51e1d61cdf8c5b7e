/**
 * The discount codes' API contract (issue 28, docs/decisions/042), shared by the server's routes and
 * the web's one-file-per-call modules: the bag's code check, and the console's codes.
 */
import { z } from 'zod';
import { CheckoutCartLineSchema } from './checkout-schemas.ts';
import { DESIGN_NAMES } from './designs.ts';
import { DISCOUNT_KINDS } from './discount.ts';

const cents = () => z.number().int().nonnegative();

export const CheckDiscountRequestSchema = z.object({
  code: z.string().max(64),
  cart: z.array(CheckoutCartLineSchema).min(1).max(100),
});

/** The code as stored, what it takes off this bag (goods only: free shipping shows at checkout). */
export const CheckDiscountResponseSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  description: z.string(),
  discount: cents(),
});
export type CheckDiscountResponse = z.infer<typeof CheckDiscountResponseSchema>;

const isoOrNull = z.iso.datetime({ offset: true, message: 'Enter a date and time.' }).nullable();

/** A code as the console creates or edits it; every rule's field named in its message. */
export const DiscountCodeInputSchema = z
  .object({
    code: z
      .string()
      .transform((s) => s.replace(/\s+/g, '').toUpperCase())
      .pipe(
        z
          .string()
          .min(3, 'Code: at least 3 characters.')
          .max(32, 'Code: at most 32 characters.')
          .regex(/^[A-Z0-9_-]+$/, 'Code: letters, digits, - and _ only.'),
      ),
    kind: z.enum(DISCOUNT_KINDS, { message: 'Kind: percent, amount or free shipping.' }),
    percent: z
      .number()
      .int('Percent off: a whole number.')
      .min(1, 'Percent off: 1 to 100.')
      .max(100, 'Percent off: 1 to 100.')
      .nullable(),
    amountOff: z
      .number()
      .int('Amount off: whole cents.')
      .min(1, 'Amount off: more than $0.00.')
      .max(10_000_000, 'Amount off: at most $100,000.00.')
      .nullable(),
    minSubtotal: cents().max(10_000_000).nullable(),
    startsAt: isoOrNull,
    endsAt: isoOrNull,
    maxUses: z.number().int().min(1, 'Total uses: at least 1.').max(1_000_000).nullable(),
    oncePerCustomer: z.boolean(),
    firstOrderOnly: z.boolean(),
    designs: z.array(z.enum(DESIGN_NAMES)).min(1, 'Designs: choose at least one.').nullable(),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && v.percent === null)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Percent off: 1 to 100.' });
    if (v.kind === 'amount' && v.amountOff === null)
      ctx.addIssue({
        code: 'custom',
        path: ['amountOff'],
        message: 'Amount off: more than $0.00.',
      });
    if (v.startsAt && v.endsAt && new Date(v.endsAt) <= new Date(v.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Ends: after it starts.' });
  });
export type DiscountCodeInput = z.infer<typeof DiscountCodeInputSchema>;

export const ConsoleDiscountCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  percent: z.number().nullable(),
  amountOff: z.number().nullable(),
  minSubtotal: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  oncePerCustomer: z.boolean(),
  firstOrderOnly: z.boolean(),
  designs: z.array(z.string()).nullable(),
  active: z.boolean(),
  description: z.string(),
  /** Uses held for a payment under way or used by an order. */
  uses: z.number(),
  /**
   * Orders placed with the code, the discount they got, their totals (what was charged), and what
   * was refunded on them since: the revenue kept is `revenue - refunded`.
   */
  orders: z.number(),
  discountGiven: z.number(),
  revenue: z.number(),
  refunded: z.number(),
  createdAt: z.string(),
});
export type ConsoleDiscountCode = z.infer<typeof ConsoleDiscountCodeSchema>;

export const ConsoleDiscountCodeListSchema = z.object({
  codes: z.array(ConsoleDiscountCodeSchema),
});
