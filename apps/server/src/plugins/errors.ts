import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors.ts';

interface ErrorBody {
  message: string;
  fields?: Record<string, string>;
}

/** One error handler: expected errors become `{ message, fields? }`; 5xx never shows internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorBody = { message: error.message };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.statusCode).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const key = path || error.validationContext || 'request';
        fields[key] ??= issue.message ?? 'is not valid';
      }
      const first = Object.entries(fields)[0];
      const message = first ? `Invalid ${first[0]}: ${first[1]}` : 'Invalid request.';
      return reply.status(400).send({ message, fields } satisfies ErrorBody);
    }

    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: 'The request body is not valid JSON.' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ message: 'The request body is too large.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ message: 'Send the request body as application/json.' });
      case 'FST_ERR_BAD_URL':
        return reply.status(400).send({ message: 'The request URL is not valid.' });
    }

    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ message: 'Too many requests. Please wait a moment and try again.' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message || 'Bad request.' });
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      message: 'Something went wrong on our side. Please try again.',
    } satisfies ErrorBody);
  });
}
