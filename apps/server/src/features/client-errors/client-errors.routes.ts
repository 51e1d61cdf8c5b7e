import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClientErrorReportSchema } from '@sunward/core/schemas';
import { errorFingerprint } from '../../lib/error-fingerprint.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { insertClientError } from './client-errors.repository.ts';
import { clientErrorsPersonalData } from './client-errors-personal-data.ts';

/** Spec 7, POST /log-error: the storefront's error screen reports here; the page never waits. */
export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  // The export says no report is a person's (lib/personal-data.ts).
  app.personalData.register(clientErrorsPersonalData);
  app.post(
    '/log-error',
    {
      // Error messages and stacks run over several lines.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, multiline: ['message', 'stack'] },
      schema: {
        tags: ['operations'],
        summary: 'Store an error report from the storefront',
        body: ClientErrorReportSchema,
        response: { 202: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const id = newId('err');
      await insertClientError(app.db, {
        id,
        type: request.body.type ?? null,
        message: request.body.message,
        stack: request.body.stack ?? null,
        url: request.body.url ?? null,
        user_agent: request.headers['user-agent']?.slice(0, 500) ?? null,
        request_id: request.id,
        created_at: nowIso(),
        // The console lists reports grouped by it (admin-errors.routes.ts).
        fingerprint: errorFingerprint(request.body),
      });
      request.log.warn(
        { clientError: { id, message: request.body.message } },
        'client error reported',
      );
      return reply.status(202).send({ id });
    },
  );
};
