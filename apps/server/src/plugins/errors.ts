import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { codeForStatus, HttpError } from '../lib/http-errors.ts';
import { usePlainValidationMessages, validationFailed } from '../lib/validation-messages.ts';

interface ErrorBody {
  message: string;
  /** Always sent: the thrower's code, else the status's own (`codeForStatus`). */
  code?: string;
  fields?: Record<string, string>;
  [key: string]: unknown;
}

/**
 * Error bodies are serialised here, not by the route's response schema: a route's schema for a status
 * code describes its success or domain answers, and must never turn an error into a 500. Every body
 * carries `code` beside `message` (clients branch on the code, never on the English).
 */
function sendError(reply: FastifyReply, status: number, errorBody: ErrorBody) {
  const { message, code, ...rest } = errorBody;
  const body = { message, code: code ?? codeForStatus(status), ...rest };
  const { request } = reply;
  const entry = {
    method: request.method,
    url: request.url,
    statusCode: status,
    message: body.message,
  };
  if (status < 500) request.log.info(entry, 'request failed');
  return reply
    .status(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(body));
}

/**
 * Errors Fastify meets before a route is found (its `frameworkErrors` option): a URL with broken
 * percent-encoding, or a path parameter over `maxParamLength`. Without this they get Fastify's own body
 * (`{ error, code, message, statusCode }`) and none of the shop's headers.
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply): void {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      void sendError(reply, 400, { message: 'The request URL is not valid.' });
      return;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      void sendError(reply, 414, { message: 'The request URL is too long.' });
      return;
    default:
      reply.request.log.error({ err: error }, 'framework error');
      void sendError(reply, 500, {
        message: 'Something went wrong on our side. Please try again.',
      });
  }
}

/**
 * One error handler: expected errors become `{ message, code, fields? }` (validation: `invalid_request`,
 * rate limited: `rate_limited`, any 5xx: `internal`); 5xx never shows internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  usePlainValidationMessages();
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // Schema failures become the same 400 with `fields` that a route's own validation throws.
    const error = hasZodFastifySchemaValidationErrors(thrown)
      ? validationFailed(
          thrown.validation.map((issue) => ({
            path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
            message: issue.message ?? 'is not valid',
          })),
          thrown.validationContext ?? 'request',
        )
      : thrown;
    if (error instanceof HttpError) {
      // A 5xx of ours (settings an operator must fix) is logged with what it carries.
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      const body: ErrorBody = { message: error.message, ...error.detail };
      if (error.fields) body.fields = error.fields;
      return sendError(reply, error.statusCode, body);
    }

    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, { message: 'The request body is not valid JSON.' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, { message: 'The request body is too large.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 415, { message: 'Send the request body as application/json.' });
    }

    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendError(reply, 429, {
        message: 'Too many requests. Please wait a moment and try again.',
      });
    }
    if (status >= 400 && status < 500) {
      return sendError(reply, status, { message: error.message || 'Bad request.' });
    }

    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, {
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}

/** What the shop answers when Node's HTTP parser or its request timers reject a connection's input. */
function clientErrorAnswer(code: string): { status: number; message: string } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request took too long to arrive.' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'The request headers are too large.' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'The request is too large.' };
    default:
      return { status: 400, message: 'The request is not valid HTTP.' };
  }
}

/**
 * Fastify's `clientErrorHandler` (the server's 'clientError' event): a request Node's parser refused (a
 * raw space or NUL in the URL, Content-Length with Transfer-Encoding, headers over 16 KB) or one that
 * did not arrive within the request or headers timeout. No Fastify request exists, so the answer is
 * written to the socket by hand, in the shop's error shape with the API headers, and the connection is
 * closed: after a parse error its remaining bytes mean nothing. Node lets us answer only while no part
 * of a response is on the wire; otherwise, or when the socket cannot be written, it is only destroyed.
 */
export function clientErrorHandler(
  headers: Record<string, string>,
  requestId: () => string,
): (this: FastifyInstance, error: ConnectionError, socket: Socket) => void {
  const fixed = Object.entries({ ...headers, 'cache-control': 'no-store' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function (error, socket) {
    // A reset connection is already gone; nothing to say or log.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message } = clientErrorAnswer(error.code);
    const id = requestId();
    this.log.info({ reqId: id, code: error.code, statusCode: status }, 'client error');
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const body = JSON.stringify({ message, code: codeForStatus(status) });
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          fixed +
          `x-request-id: ${id}\r\n` +
          'content-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          'connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy();
  };
}
