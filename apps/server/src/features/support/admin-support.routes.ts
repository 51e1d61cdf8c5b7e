/**
 * Support messages in the console (issue 15, item 6), under /api/admin (the operator check runs first
 * for the whole context: plugins/admin-console.ts):
 * - GET /support?status&sort&after&limit: the messages, newest first or oldest first, keyset-paged;
 * - GET /support/{id}: one message, its sender, the order it names and its replies;
 * - POST /support/{id}/replies { body, idempotencyKey }: reply by email (one reply per key);
 * - PATCH /support/{id} { status: open | closed }: close or reopen.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUPPORT_STATUSES,
  SupportListSchema,
  SupportMessageDetailSchema,
  SupportReplyAnswerSchema,
  SupportReplyBodySchema,
  SupportStatusBodySchema,
} from '@sunward/core/console-inbox';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { CursorParamSchema } from '../../lib/keyset.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import {
  changeSupportStatus,
  listSupport,
  replyToSupport,
  supportDetail,
  type ReplyFailure,
} from './admin-support.service.ts';
import type { SupportDeps } from './support.service.ts';
import { wholeNumberParam } from '@sunward/core/query-numbers';

const NOT_FOUND = { not_found: 404 };
const REPLY_STATUS: StatusTable<ReplyFailure> = {
  not_found: 404,
  no_address: 422,
  key_reused: 409,
};

const ListQuery = z.object({
  status: z.enum(SUPPORT_STATUSES).optional(),
  sort: z.enum(['newest', 'oldest']).default('newest'),
  after: CursorParamSchema.optional(),
  limit: wholeNumberParam(1, 100, 50),
});
const IdParams = z.object({ id: z.string().min(1).max(100) });
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const adminSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const deps: SupportDeps = { siteUrl: app.config.siteUrl };

  app.get(
    '/support',
    {
      schema: {
        ...secured,
        summary: 'Support messages, newest first (or oldest first), a page at a time',
        description:
          '`status` narrows to open, answered or closed; `sort=oldest` with `status=open` is the ' +
          'queue to work through. `next` is the `after` of the following page (null on the last).',
        querystring: ListQuery,
        response: { 200: SupportListSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request) => listSupport(db, request.query),
  );

  app.get(
    '/support/:id',
    {
      schema: {
        ...secured,
        summary: 'A support message with its sender, the order it names and the replies',
        params: IdParams,
        response: {
          200: SupportMessageDetailSchema,
          ...errorResponses(OPERATOR_STATUS, NOT_FOUND),
        },
      },
    },
    async (request) => {
      const result = await supportDetail(db, request.params.id);
      if (!result.ok) throw failureToHttp(result, NOT_FOUND);
      return result.value;
    },
  );

  app.post(
    '/support/:id/replies',
    {
      config: { multiline: ['body'] },
      schema: {
        ...secured,
        summary: 'Reply to a support message by email',
        description:
          "Emailed through the outbox in the shop's layout, the message quoted, Reply-To the " +
          'support address; stored, and the message marked answered. The reply goes to the ' +
          "address the sender gave, else their order's, else their account's (422 `no_address` when " +
          'none is known). `idempotencyKey` is made by the console per submit: the same key again ' +
          'answers the same reply with `created: false` and sends nothing (409 `key_reused` when it ' +
          'was used on another message).',
        params: IdParams,
        body: SupportReplyBodySchema,
        response: {
          200: SupportReplyAnswerSchema,
          ...errorResponses(OPERATOR_STATUS, REPLY_STATUS),
        },
      },
    },
    async (request) => {
      const result = await replyToSupport(
        db,
        deps,
        operatorOf(request),
        request.params.id,
        request.body,
      );
      if (!result.ok) throw failureToHttp(result, REPLY_STATUS);
      return result.value;
    },
  );

  app.patch(
    '/support/:id',
    {
      schema: {
        ...secured,
        summary: 'Close a support message, or reopen it',
        description: 'Asking for the status it has already changes nothing.',
        params: IdParams,
        body: SupportStatusBodySchema,
        response: {
          200: SupportMessageDetailSchema,
          ...errorResponses(OPERATOR_STATUS, NOT_FOUND),
        },
      },
    },
    async (request) => {
      const result = await changeSupportStatus(
        db,
        operatorOf(request),
        request.params.id,
        request.body.status,
      );
      if (!result.ok) throw failureToHttp(result, NOT_FOUND);
      return result.value;
    },
  );
};
