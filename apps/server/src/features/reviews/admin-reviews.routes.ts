/**
 * Reviews in the console (issue 29, docs/decisions/048), under /api/admin (the operator check runs
 * first: plugins/admin-console.ts):
 * - GET /reviews?status&design&cursor&limit: a page of the reviews (the queue of new ones oldest first,
 *   any other choice newest first), with the counts by status;
 * - POST /reviews/{id}/status { status: published | hidden }: publish or hide;
 * - POST /reviews/{id}/reply { reply }: the shop's public reply (null or empty removes it).
 */
import { REVIEW_SUMMARIES_KEY } from './reviews.service.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConsoleReviewListQuerySchema,
  ConsoleReviewListSchema,
  ConsoleReviewSchema,
  ReviewReplyInputSchema,
  ReviewStatusInputSchema,
} from '@sunward/core/review-schemas';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import {
  listReviews,
  moderateReview,
  replyToReview,
  type AdminReviewFailure,
  type ReviewListFailure,
} from './admin-reviews.service.ts';

const STATUS: StatusTable<AdminReviewFailure> = { not_found: 404 };
const LIST_STATUS: StatusTable<ReviewListFailure> = { invalid_cursor: 400 };
const IdParams = z.object({ id: z.string().min(1).max(100) });
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const adminReviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/reviews',
    {
      schema: {
        ...secured,
        summary: 'Reviews by status and design, a page at a time, with the counts by status',
        description:
          'Filters (both optional): `status` (new, published or hidden; without it, every review) ' +
          'and `design`. The new ones (the queue) come oldest first; any other choice newest first; ' +
          'the id breaks a tie of time. `limit` per page (1 to 100, default 50); `nextCursor` is ' +
          'null on the last page, otherwise pass it back as `cursor`. Reviews written, published ' +
          'or hidden while paging never make another repeat or go missing. `counts` are of every ' +
          'review (of the design, when one is asked), whatever the status and page.',
        querystring: ConsoleReviewListQuerySchema,
        response: {
          200: ConsoleReviewListSchema,
          ...errorResponses(LIST_STATUS, OPERATOR_STATUS),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await listReviews(db, request.query);
      if (!result.ok) throw failureToHttp(result, LIST_STATUS);
      return result.value;
    },
  );

  app.post(
    '/reviews/:id/status',
    {
      schema: {
        ...secured,
        summary: 'Publish or hide a review',
        params: IdParams,
        body: ReviewStatusInputSchema,
        response: { 200: ConsoleReviewSchema, ...errorResponses(OPERATOR_STATUS, STATUS) },
      },
    },
    async (request) => {
      const result = await moderateReview(
        db,
        operatorOf(request),
        request.params.id,
        request.body.status,
      );
      if (!result.ok) throw failureToHttp(result, STATUS);
      // The design pages' rating follows at once here, within CATALOG_CACHE_MS elsewhere.
      app.catalogCache.delete(REVIEW_SUMMARIES_KEY);
      return result.value;
    },
  );

  app.post(
    '/reviews/:id/reply',
    {
      config: { multiline: ['reply'] },
      schema: {
        ...secured,
        summary: "The shop's public reply to a review (null or empty removes it)",
        params: IdParams,
        body: ReviewReplyInputSchema,
        response: { 200: ConsoleReviewSchema, ...errorResponses(OPERATOR_STATUS, STATUS) },
      },
    },
    async (request) => {
      const result = await replyToReview(
        db,
        operatorOf(request),
        request.params.id,
        request.body.reply,
      );
      if (!result.ok) throw failureToHttp(result, STATUS);
      return result.value;
    },
  );
};
