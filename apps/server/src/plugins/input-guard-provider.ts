/**
 * The input guard (plugins/input-guard.ts) for oidc-provider's own endpoints, which middleware serves
 * before Fastify routes or parses anything (plugins/identity-provider.ts). Without it a NUL in a
 * client id, a code or a refresh token reached the provider's storage: a 500 on PostgreSQL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { findRefusal, INVALID_CHARACTERS, refusalPage } from './input-guard.ts';

/** oidc-provider's own limit on a request body. */
const PROVIDER_BODY_LIMIT = 56 * 1024;
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/**
 * oidc-provider's endpoints (/oidc/auth, /oidc/token, /oidc/session/end...): the query and a form or
 * JSON body checked as every route's are; false when the request was answered (400, or 413 for a body
 * over the provider's own limit). The body is read here, so it is handed on as `req.body`, which the
 * provider reads in place of the stream (it says so once per process: "already parsed request body
 * detected"). A client that accepts HTML (a browser) gets the hosted page, any other an OAuth error
 * with the shop's fields beside it.
 */
export async function guardProviderRequest(
  req: IncomingMessage,
  res: ServerResponse,
  config: Config,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  let body: unknown;
  if (type === FORM || type === JSON_TYPE) {
    const raw = await readBody(req);
    if (!raw) {
      const message = 'The request body is too large.';
      answer(res, 413, JSON_TYPE, {
        error: 'invalid_request',
        error_description: message,
        message,
        code: 'too_large',
      });
      return false;
    }
    (req as IncomingMessage & { body?: Buffer }).body = raw;
    body = type === FORM ? parseQuery(raw.toString('utf8')) : parseJson(raw);
  }
  const query = parseQuery((req.url ?? '').split('?').slice(1).join('?'));
  const refusal = findRefusal([
    ['query', query],
    ['body', body],
  ]);
  if (!refusal) return true;
  log.info({ method: req.method, field: refusal.field, statusCode: 400 }, 'request failed');
  if (/\btext\/html\b/.test(req.headers.accept ?? '')) {
    answer(res, 400, 'text/html', refusalPage(config, refusal, req.headers.referer));
  } else {
    answer(res, 400, JSON_TYPE, {
      error: 'invalid_request',
      error_description: refusal.message,
      message: refusal.message,
      code: INVALID_CHARACTERS,
      field: refusal.field,
    });
  }
  return false;
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined; // the provider answers a body it cannot parse itself
  }
}

/** The whole body, or null when it is over the provider's limit (the rest is not read). */
async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.iterator({ destroyOnReturn: false })) {
    size += (chunk as Buffer).length;
    if (size > PROVIDER_BODY_LIMIT) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

function answer(res: ServerResponse, status: number, type: string, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', `${type}; charset=utf-8`);
  res.setHeader('cache-control', 'no-store');
  if (status === 413) res.setHeader('connection', 'close');
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}
