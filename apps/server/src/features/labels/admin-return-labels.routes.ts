/**
 * The console's return labels (issue 15), under /api/admin (the operator check runs for every route
 * there: 401 without a valid bearer token, 403 for a customer).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IssueLabelBodySchema,
  ReturnDetailSchema,
  ReturnIdSchema,
} from '@sunward/core/console-returns-schemas';
import { errorResponses, failureToHttp, type StatusTable } from '../../lib/http-errors.ts';
import { OPERATOR_STATUS, operatorOf } from '../operators/operators.api.ts';
import { issueLabel, type IssueLabelFailure } from './admin-return-labels.service.ts';
import { labelDeps } from './return-labels.service.ts';

const LABEL_STATUS: StatusTable<IssueLabelFailure> = { not_found: 404, label_unavailable: 502 };

const LABEL =
  'Makes the label and emails it when the return has none (its making failed at submission), or ' +
  'emails the existing label to the customer again. The same `idempotencyKey` sends one email. 502 ' +
  '`label_unavailable`: the label service made no label this time.';

export const adminReturnLabelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/returns/:publicId/label',
    {
      schema: {
        tags: ['admin'],
        summary: 'Issue the return label, or email it again',
        description: LABEL,
        security: [{ bearerAuth: [] }],
        params: z.object({ publicId: ReturnIdSchema }),
        body: IssueLabelBodySchema,
        response: { 200: ReturnDetailSchema, ...errorResponses(LABEL_STATUS, OPERATOR_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await issueLabel(
        db,
        labelDeps(app),
        operatorOf(request),
        request.params.publicId,
        request.body.idempotencyKey,
      );
      if (!result.ok) throw failureToHttp(result, LABEL_STATUS);
      return result.value;
    },
  );
};
