/**
 * The reviews' API contract (issue 29, docs/decisions/048 and 049), shared by the server's routes and
 * the web's one-file-per-call modules: a buyer's review, a design's published reviews and fit advice,
 * the console's queue and moderation. Every rule's message names its field.
 */
import { z } from 'zod';
import { DESIGN_NAMES } from './designs.ts';
import { RETURN_REASONS } from './returns.ts';
import { FIT_ANSWERS, REVIEW_LIMITS, REVIEW_SORTS, REVIEW_STATUSES } from './reviews.ts';
import { SIZE_CODES } from './sizes.ts';
import { isUsStateCode } from './us-states.ts';
import { wholeNumberParam } from './query-numbers.ts';

const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label}: text.` })
    .max(max, `${label}: at most ${max} characters.`)
    .transform((s) => s.trim())
    .nullable()
    .optional()
    .transform((s) => (s ? s : null));

/** A buyer's review of one design of one order. */
export const ReviewInputSchema = z.strictObject(
  {
    design: z.enum(DESIGN_NAMES, { message: 'Design: not a design of the shop.' }),
    stars: z
      .number({ message: 'Stars: choose 1 to 5 stars.' })
      .int('Stars: choose 1 to 5 stars.')
      .min(1, 'Stars: choose 1 to 5 stars.')
      .max(5, 'Stars: choose 1 to 5 stars.'),
    fit: z.enum(FIT_ANSWERS, { message: 'How it fits: runs small, true to size or runs large.' }),
    size: z.enum(SIZE_CODES, { message: 'Size bought: not a size of the shop.' }),
    title: optionalText('Title', REVIEW_LIMITS.title),
    body: optionalText('Review', REVIEW_LIMITS.body),
    firstName: optionalText('First name', REVIEW_LIMITS.firstName),
    state: z
      .string({ message: 'State: a US state code.' })
      .nullable()
      .optional()
      .transform((s) => (s ? s.trim().toUpperCase() : null))
      .refine((s) => s === null || isUsStateCode(s), 'State: a US state code, such as NC.'),
  },
  { message: 'The review has a field it does not take.' },
);
export type ReviewInput = z.input<typeof ReviewInputSchema>;
export type ReviewValues = z.output<typeof ReviewInputSchema>;

/** Who may write: the emailed link's token, or a signed-in buyer's order number (with the bearer). */
export const ReviewProofSchema = z.union([
  z.object({ token: z.string().min(1).max(500) }),
  z.object({ orderNumber: z.string().min(1).max(40) }),
]);

/** An order's designs as its buyer may review them. */
export const ReviewableOrderSchema = z.object({
  orderNumber: z.string(),
  designs: z.array(
    z.object({
      design: z.enum(DESIGN_NAMES),
      /** The sizes bought of it (the first filled in). */
      sizes: z.array(z.enum(SIZE_CODES)).min(1),
      /** Already reviewed from this order. */
      reviewed: z.boolean(),
    }),
  ),
});
export type ReviewableOrder = z.infer<typeof ReviewableOrderSchema>;

export const ReviewReplySchema = z.object({ text: z.string(), at: z.string() }).nullable();

/** A published review, as a shopper sees it: verified (every review is of a received order). */
export const PublicReviewSchema = z.object({
  id: z.string(),
  stars: z.number().int(),
  fit: z.enum(FIT_ANSWERS),
  size: z.enum(SIZE_CODES),
  title: z.string().nullable(),
  body: z.string().nullable(),
  firstName: z.string().nullable(),
  state: z.string().nullable(),
  createdAt: z.string(),
  verified: z.literal(true),
  reply: ReviewReplySchema,
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

export { REVIEW_SORTS, type ReviewSort } from './reviews.ts';

export const DesignReviewsSchema = z.object({
  design: z.enum(DESIGN_NAMES),
  /** Of every published review, to one decimal; null with none. */
  average: z.number().nullable(),
  count: z.number().int(),
  sort: z.enum(REVIEW_SORTS),
  /** Where this page starts in that order (0: the first). */
  offset: z.number().int().nonnegative(),
  /** REVIEWS_SHOWN of them (or fewer, at the end) from `offset`, in that order. */
  reviews: z.array(PublicReviewSchema),
  /** Where the next page starts; null when this one is the last. */
  nextOffset: z.number().int().nullable(),
});
export type DesignReviews = z.infer<typeof DesignReviewsSchema>;

const verdict = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object({ value: z.enum(values), count: z.number().int(), of: z.number().int() }).nullable();

export const FitAdviceSchema = z.object({
  size: z.enum(SIZE_CODES),
  fit: verdict(FIT_ANSWERS),
  returns: verdict(RETURN_REASONS),
  text: z.string().nullable(),
});

/** Per size, the advice (sizes without enough data have `text: null`). Without a design, the shop's. */
export const FitAdviceListSchema = z.object({
  design: z.enum(DESIGN_NAMES).nullable(),
  sizes: z.array(FitAdviceSchema),
});
export type FitAdviceList = z.infer<typeof FitAdviceListSchema>;

/** A review in the console. */
export const ConsoleReviewSchema = PublicReviewSchema.omit({ verified: true }).extend({
  design: z.enum(DESIGN_NAMES),
  orderNumber: z.string(),
  status: z.enum(REVIEW_STATUSES),
  moderatedAt: z.string().nullable(),
});
export type ConsoleReview = z.infer<typeof ConsoleReviewSchema>;

/** The console's pages of reviews: how many a page holds unless asked, and at most. */
export const CONSOLE_REVIEWS_PAGE = { default: 50, max: 100 } as const;

/** The console list's filters (each optional): one status (without it, every review), one design. */
export const ConsoleReviewFiltersSchema = z.object({
  status: z.enum(REVIEW_STATUSES, { message: 'Status: new, published or hidden.' }).optional(),
  design: z.enum(DESIGN_NAMES, { message: 'Design: not a design of the shop.' }).optional(),
});
export type ConsoleReviewFilters = z.infer<typeof ConsoleReviewFiltersSchema>;

/** GET /api/admin/reviews: the filters and the page (`cursor`: the previous page's `nextCursor`). */
export const ConsoleReviewListQuerySchema = ConsoleReviewFiltersSchema.extend({
  cursor: z.string().min(1).max(300).optional(),
  limit: wholeNumberParam(1, CONSOLE_REVIEWS_PAGE.max, CONSOLE_REVIEWS_PAGE.default),
});

/** A page of the console's reviews. */
export const ConsoleReviewListSchema = z.object({
  /**
   * The reviews matching the filters after the cursor: the new ones (the queue) oldest first, any
   * other choice (published, hidden, every status) newest first; the id breaks a tie of time.
   */
  reviews: z.array(ConsoleReviewSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many reviews have each status (of the design, when one is asked), whatever the page. */
  counts: z.object({ new: z.number(), published: z.number(), hidden: z.number() }),
});
export type ConsoleReviewList = z.infer<typeof ConsoleReviewListSchema>;

export const ReviewStatusInputSchema = z.object({
  status: z.enum(['published', 'hidden'], { message: 'Status: published or hidden.' }),
});

export const ReviewReplyInputSchema = z.object({
  reply: z
    .string()
    .max(REVIEW_LIMITS.reply, `Reply: at most ${REVIEW_LIMITS.reply} characters.`)
    .transform((s) => s.trim())
    .nullable(),
});

/** How many reviews a design's answer carries. */
export const REVIEWS_SHOWN = 20;
