/**
 * The outbox in the console (issue 15, item 7), under /api/admin:
 * - GET /emails?status&q&after&limit: every email, newest first, keyset-paged;
 * - GET /emails/{id}: one email with its bodies (the console previews the HTML in a sandboxed frame);
 * - POST /emails/{id}/resend { idempotencyKey }: a failed one queued again, a sent one as a copy.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMAIL_STATUSES,
  EmailDetailSchema,
  EmailListSchema,
  ResendAnswerSchema,
  ResendBodySchema,
} from '@sunward/core/console-outbox';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { CursorParamSchema } from '../../lib/keyset.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import {
  emailDetail,
  listEmails,
  resendEmail,
  type ResendFailure,
} from './admin-emails.service.ts';
import { wholeNumberParam } from '@sunward/core/query-numbers';

const NOT_FOUND = { not_found: 404 };
const RESEND_STATUS: StatusTable<ResendFailure> = {
  not_found: 404,
  in_flight: 409,
  erased: 409,
  key_reused: 409,
};

const ListQuery = z.object({
  status: z.enum(EMAIL_STATUSES).optional(),
  q: z.string().max(200).optional(),
  after: CursorParamSchema.optional(),
  limit: wholeNumberParam(1, 100, 50),
});
const IdParams = z.object({ id: z.string().min(1).max(100) });
const secured = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const adminEmailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/emails',
    {
      schema: {
        ...secured,
        summary: 'The outbox: every email the shop queued, newest first',
        description:
          '`status` narrows to queued, sending, sent, logged (no SMTP configured) or failed; `q` ' +
          'finds text in the address or the subject, any case. The bodies are in the detail.',
        querystring: ListQuery,
        response: { 200: EmailListSchema, ...errorResponses(OPERATOR_STATUS) },
      },
    },
    async (request) => listEmails(db, request.query),
  );

  app.get(
    '/emails/:id',
    {
      schema: {
        ...secured,
        summary: 'One email with its HTML and text bodies and any re-sent copies',
        description:
          'The HTML is the email as sent, written by the shop with every customer-given text ' +
          'escaped; show it only in a sandboxed frame (`sandbox=""`: no scripts, no same origin).',
        params: IdParams,
        response: { 200: EmailDetailSchema, ...errorResponses(OPERATOR_STATUS, NOT_FOUND) },
      },
    },
    async (request) => {
      const result = await emailDetail(db, request.params.id);
      if (!result.ok) throw failureToHttp(result, NOT_FOUND);
      return result.value;
    },
  );

  app.post(
    '/emails/:id/resend',
    {
      schema: {
        ...secured,
        summary: 'Re-send an email: a failed one queued again, a sent one as a new copy',
        description:
          'A failed email is queued again with its attempts counted afresh; a sent (or logged) ' +
          'one is queued as a copy naming the original. 409 `in_flight` while it is queued or ' +
          'being sent, `erased` when its recipient was erased. The same `idempotencyKey` again ' +
          'answers the first outcome and queues nothing more.',
        params: IdParams,
        body: ResendBodySchema,
        response: { 200: ResendAnswerSchema, ...errorResponses(OPERATOR_STATUS, RESEND_STATUS) },
      },
    },
    async (request) => {
      const result = await resendEmail(
        db,
        operatorOf(request),
        request.params.id,
        request.body.idempotencyKey,
      );
      if (!result.ok) throw failureToHttp(result, RESEND_STATUS);
      return result.value;
    },
  );
};
