/**
 * Verified reviews and fit advice for shoppers (issue 29, docs/decisions/048 and 049):
 * - GET /reviews/design/{design}?sort=newest|helpful: a design's published reviews, average and count;
 * - GET /fit-advice?design=: per size, the fit advice (of the design, or of every design);
 * - GET /reviews/order?token= | ?orderNumber= (bearer): an order's designs as its buyer may review them;
 * - POST /reviews { token | orderNumber (bearer), review }: the buyer's review, waiting for moderation.
 * The invitation email (review-invitation-job.ts) is registered here too.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DesignNameSchema } from '@sunward/core/schemas';
import { wholeNumberParam } from '@sunward/core/query-numbers';
import {
  DesignReviewsSchema,
  FitAdviceListSchema,
  REVIEW_SORTS,
  ReviewableOrderSchema,
} from '@sunward/core/review-schemas';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { fitAdviceList } from './fit-advice.service.ts';
import { registerReviewInvitations } from './review-invitation-job.ts';
import { reviewsPersonalData } from './reviews-personal-data.ts';
import {
  designReviews,
  orderToReview,
  reviewableOrder,
  submitReview,
  type Proof,
  type ProofFailure,
  type SubmitFailure,
} from './reviews.service.ts';

const PROOF_STATUS: StatusTable<ProofFailure> = {
  sign_in_required: 401,
  invalid_link: 403,
  not_found: 404,
  not_received: 422,
};
const SUBMIT_STATUS: StatusTable<SubmitFailure> = {
  invalid: 422,
  not_in_order: 422,
  size_not_bought: 422,
  already_reviewed: 409,
};
const AUTH_STATUS = { unauthorized: 401, invalid_token: 401, auth_unavailable: 503 };

const ProofQuery = z
  .object({
    token: z.string().min(1).max(500).optional(),
    orderNumber: z.string().trim().min(1).max(40).optional(),
  })
  .refine((q) => (q.token === undefined) !== (q.orderNumber === undefined), {
    message: 'Give the link’s token or, signed in, the order number.',
  });

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.personalData.register(reviewsPersonalData);
  registerReviewInvitations(app.events, {
    db,
    siteUrl: app.config.siteUrl,
    now: Date.now,
    delayMs: app.config.reviews.inviteDelayMs,
  });
  const options = () => ({ adminEmails: app.config.adminEmails });

  /** The order the proof names; a bearer token is checked only for an order number. */
  async function proven(request: FastifyRequest, reply: FastifyReply, proof: Proof) {
    if ('orderNumber' in proof && request.headers.authorization) {
      await app.requireUser(request, reply);
    }
    const order = await orderToReview(db, proof, request.user ?? undefined, options());
    if (!order.ok) throw failureToHttp(order, PROOF_STATUS);
    return order.value;
  }
  const proofOf = (q: { token?: string | undefined; orderNumber?: string | undefined }): Proof =>
    q.token !== undefined ? { token: q.token } : { orderNumber: q.orderNumber ?? '' };

  app.get(
    '/reviews/design/:design',
    {
      schema: {
        tags: ['reviews'],
        summary: "A design's published reviews, with their average and count",
        description:
          'Every review is of an order its buyer received ("Verified buyer"). `sort` newest ' +
          '(default) or helpful (text before stars only, longer text first, then newest: decision ' +
          '048). 20 in that order from `offset` (default 0), with `nextOffset` for the next 20 ' +
          '(null at the end); the average (one decimal) and count are of all.',
        params: z.object({ design: DesignNameSchema }),
        querystring: z.object({
          sort: z.enum(REVIEW_SORTS).default('newest'),
          offset: wholeNumberParam(0, 1_000_000, 0),
        }),
        response: { 200: DesignReviewsSchema },
      },
    },
    async (request) =>
      designReviews(db, request.params.design, request.query.sort, request.query.offset),
  );

  app.get(
    '/fit-advice',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Fit advice per size, from published reviews and return reasons',
        description:
          'Per size: the reviews’ fit verdict when at least 5 published reviews of the size answered ' +
          'and at least half (and more than any other answer) agree; the returns’ when at least 5 ' +
          'returned units of the size gave a reason and at least half agree (decision 049). `text` ' +
          'is null below that. Without `design`, over every design.',
        querystring: z.object({ design: DesignNameSchema.optional() }),
        response: { 200: FitAdviceListSchema },
      },
    },
    async (request) => fitAdviceList(db, request.query.design ?? null),
  );

  app.get(
    '/reviews/order',
    {
      schema: {
        tags: ['reviews'],
        summary: "An order's designs as its buyer may review them",
        description:
          'With the invitation email’s `token`, or with `orderNumber` and the buyer’s bearer token. ' +
          '403 `invalid_link` for a made-up or expired link; 404 for an order that is not the ' +
          'caller’s; 422 `not_received` before delivery.',
        querystring: ProofQuery,
        response: {
          200: ReviewableOrderSchema,
          ...errorResponses(PROOF_STATUS, AUTH_STATUS),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reviewableOrder(db, await proven(request, reply, proofOf(request.query)));
    },
  );

  app.post(
    '/reviews',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, multiline: ['review.body'] },
      schema: {
        tags: ['reviews'],
        summary: 'Review a design of an order you received',
        description:
          'Proof as for GET /reviews/order (`token`, or `orderNumber` with the bearer token). The ' +
          '`review`: design, stars (1 to 5), fit (runs-small, true-to-size, runs-large), size (the ' +
          'size bought), optional title (100), body (2000), firstName (40) and state (a US state ' +
          'code). 422 `invalid` with `fields` naming each bad field; 409 `already_reviewed` for a ' +
          'second review of the design from the order. A refusal writes nothing. The review waits ' +
          'for an operator to publish it.',
        body: z.object({
          token: z.string().min(1).max(500).optional(),
          orderNumber: z.string().trim().min(1).max(40).optional(),
          review: z.record(z.string(), z.unknown()),
        }),
        response: {
          201: z.object({ id: z.string(), status: z.literal('new') }),
          ...errorResponses(PROOF_STATUS, SUBMIT_STATUS, AUTH_STATUS),
        },
      },
    },
    async (request, reply) => {
      const order = await proven(request, reply, proofOf(request.body));
      const result = await submitReview(db, order, request.body.review);
      if (!result.ok) throw failureToHttp(result, SUBMIT_STATUS);
      reply.code(201);
      return { id: result.value.id, status: 'new' as const };
    },
  );
};
