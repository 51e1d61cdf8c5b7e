import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponses,
  failureToHttp,
  notFound,
  type StatusTable,
} from '../../lib/http-errors.ts';
import {
  downloadReturnLabel,
  labelPdf,
  labelDeps,
  LABEL_NOT_FOUND,
} from './return-labels.service.ts';
import { registerReturnLabelJob } from './return-label-jobs.ts';
import { labelsPersonalData } from './labels-personal-data.ts';

const DOWNLOAD_STATUS: StatusTable<{ ok: false; code: 'not_found'; message: string }> = {
  not_found: 404,
};

/** Tokens are 32 base64url characters (lib/ids.ts randomToken(24)). */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
/** Return ids are letters, digits, _ and - (lib/ids.ts newId): anything else names no return. */
const RETURN_ID = /^[A-Za-z0-9_-]{1,100}$/;

export const returnLabelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Its rows of a person, for the console's export and erasure (lib/personal-data.ts).
  app.personalData.register(labelsPersonalData);
  // A recorded return's label is made by a job (return-label-jobs.ts).
  registerReturnLabelJob(app.events, db, () => labelDeps(app));

  app.get(
    '/orders/downloadReturnLabel/:returnId',
    {
      schema: {
        tags: ['returns'],
        summary: "A return's label URL (spec 7)",
        description:
          "`returnId` is the return record's `id` (only the order's viewer sees it). Answers the label's " +
          'absolute URL, an unguessable `/api/returns/labels/{token}.pdf`. A return whose label could ' +
          'not be made when it was submitted (the provider was down) is tried again here. 404 ' +
          `\`not_found\` "${LABEL_NOT_FOUND}" for an unknown return or when no label can be made.`,
        params: z.object({ returnId: z.string() }),
        response: { 200: z.object({ url: z.string() }), ...errorResponses(DOWNLOAD_STATUS) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { returnId } = request.params;
      if (!RETURN_ID.test(returnId)) throw notFound(LABEL_NOT_FOUND);
      const result = await downloadReturnLabel(db, labelDeps(app), returnId);
      if (!result.ok) throw failureToHttp(result, DOWNLOAD_STATUS);
      return result.value;
    },
  );

  app.get(
    '/returns/labels/:token.pdf',
    {
      schema: {
        tags: ['returns'],
        summary: 'A return label (PDF)',
        description:
          'The label as `application/pdf`, shown in the browser (`Content-Disposition: inline`), never ' +
          `cached. 404 \`not_found\` "${LABEL_NOT_FOUND}" for a token no label has.`,
        params: z.object({ token: z.string() }),
        response: errorResponses(DOWNLOAD_STATUS),
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const label = TOKEN.test(token) ? await labelPdf(db, token) : undefined;
      if (!label) throw notFound(LABEL_NOT_FOUND);
      return (
        reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `inline; filename="return-label-${label.order_number.replace(/[^A-Za-z0-9-]/g, '')}.pdf"`,
          )
          .header('cache-control', 'no-store')
          // The API's `default-src 'none'` would stop the browser's PDF viewer (it is an embedded
          // viewer, governed by object-src): only framing by others is refused.
          .header('content-security-policy', "frame-ancestors 'self'")
          .send(Buffer.from(label.pdf))
      );
    },
  );
};
