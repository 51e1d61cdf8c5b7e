import { z } from 'zod';
import { ApiErrorSchema } from '@sunward/core/schemas';
import type { Failure } from './result.ts';

/** An expected failure with the HTTP status it maps to. Anything else reaching the handler is a defect. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /**
     * A stable code for clients to branch on, and any data that goes with it (e.g. totals). Without
     * one the body gets the status's own code (`codeForStatus`).
     */
    readonly detail?: { code: string; [key: string]: unknown },
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * Codes any API route may answer besides its own: bad input (zod validation, malformed JSON; control
 * characters, plugins/input-guard.ts), a client over its rate limit, and a defect or outage (never
 * with internals).
 */
export const COMMON_CODES = {
  invalid_request: 400,
  invalid_characters: 400,
  rate_limited: 429,
  internal: 500,
} as const;

const STATUS_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  413: 'too_large',
  414: 'url_too_long',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  431: 'headers_too_large',
};

/** The code of an error body that was given none: by its status, `internal` for any 5xx. */
export function codeForStatus(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'internal' : 'invalid_request');
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, message, fields, { code: 'invalid_request' });
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, message, undefined, { code: 'unauthorized' });
export const forbidden = (message = 'You do not have access to this.') =>
  new HttpError(403, message, undefined, { code: 'forbidden' });
export const notFound = (message = 'Not found.') =>
  new HttpError(404, message, undefined, { code: 'not_found' });
export const conflict = (message: string, code = 'conflict') =>
  new HttpError(409, message, undefined, { code });
export const unprocessable = (message: string, fields?: Record<string, string>) =>
  new HttpError(422, message, fields, { code: 'unprocessable' });

/** A route's table: every code its service can fail with, and the status it answers. */
export type StatusTable<F extends Failure<string>> = Record<F['code'], number>;

/**
 * The one way a route answers a service's failure: its table maps every code to a status, and the body
 * carries the code, the message, `fields` and any data that came with the failure.
 */
export function failureToHttp<F extends Failure<string>>(
  failure: F,
  statuses: StatusTable<F>,
): HttpError {
  const {
    ok: _ok,
    code,
    message,
    fields,
    ...data
  } = failure as Failure<string> & {
    fields?: Record<string, string>;
  };
  return new HttpError(statuses[code as F['code']], message, fields, { ...data, code });
}

/**
 * The error responses of a route for its OpenAPI document: per status, the error body with `code`
 * limited to the codes that status can carry (the route's table plus COMMON_CODES), listed in the
 * response's description.
 */
export function errorResponses(...tables: Record<string, number>[]): Record<number, z.ZodType> {
  const byStatus = new Map<number, string[]>();
  for (const table of [...tables, COMMON_CODES]) {
    for (const [code, status] of Object.entries(table)) {
      const codes = byStatus.get(status) ?? [];
      if (!codes.includes(code)) codes.push(code);
      byStatus.set(status, codes);
    }
  }
  const responses: Record<number, z.ZodType> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = ApiErrorSchema.extend({
      code: z.enum(codes as [string, ...string[]]),
    }).describe(`Error; \`code\`: ${codes.map((c) => `\`${c}\``).join(', ')}`);
  }
  return responses;
}
