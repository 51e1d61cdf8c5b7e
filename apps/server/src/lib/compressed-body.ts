import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * An answer's body as sent again and again (a catalogue list, a prerendered page): its bytes, its
 * entity tag, and its brotli and gzip copies, made once when the body is made, so that a request costs
 * what sending the bytes costs. Bodies under MIN_COMPRESSED_BYTES have no copies.
 */
export interface SentBody {
  buffer: Buffer;
  /** A strong entity tag of the bytes (quoted, as ETag carries it). */
  etag: string;
  br: Buffer | null;
  gzip: Buffer | null;
}

export type Encoding = 'br' | 'gzip';

/** Under about a kilobyte, a compressed copy saves less than it costs the client to inflate. */
export const MIN_COMPRESSED_BYTES = 1024;

export interface CompressionOptions {
  /** Brotli's quality, 0-11: 11 for what is made once and sent often, lower for what changes often. */
  brotliQuality: number;
  /** Gzip's level, 1-9. */
  gzipLevel: number;
}

export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha1').update(bytes).digest('base64url')}"`;
}

/** Makes a body and its compressed copies (on libuv's pool, off the event loop). */
export async function makeBody(content: string, options: CompressionOptions): Promise<SentBody> {
  const buffer = Buffer.from(content);
  if (buffer.length < MIN_COMPRESSED_BYTES) {
    return { buffer, etag: etagOf(buffer), br: null, gzip: null };
  }
  const [br, gzipped] = await Promise.all([
    brotli(buffer, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: options.brotliQuality,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    }),
    gz(buffer, { level: options.gzipLevel }),
  ]);
  return { buffer, etag: etagOf(buffer), br, gzip: gzipped };
}

/**
 * The encoding to send for an Accept-Encoding header, brotli before gzip, by RFC 9110's rules (q-values,
 * `*`, `;q=0` refusals: @fastify/accept-negotiator), or null for the bytes as they are. Clients send a
 * handful of distinct headers, so the choice is remembered per header (a bounded LRU: a client making
 * up headers only pushes out others).
 */
const chosen = new LRUCache<string, Encoding | 'identity'>({ max: 256 });
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let choice = chosen.get(acceptEncoding);
  if (choice === undefined) {
    choice = negotiate<Encoding>(acceptEncoding, ['br', 'gzip']) ?? 'identity';
    chosen.set(acceptEncoding, choice);
  }
  return choice === 'identity' ? null : choice;
}

/** The bytes to send for `body` and their encoding (null: as they are). */
export function encodedFor(
  body: SentBody,
  acceptEncoding: string | undefined,
): { bytes: Buffer; encoding: Encoding | null } {
  const encoding = body.br ? preferredEncoding(acceptEncoding) : null;
  const bytes = encoding ? body[encoding] : null;
  return bytes ? { bytes, encoding } : { bytes: body.buffer, encoding: null };
}

/** If-None-Match holds the entity tag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends `body` from a Fastify route, its other headers set: the entity tag, then 304 when a 200's
 * client already holds it, else `contentType` and the bytes compressed as the client accepts. The fast
 * lane (lib/fast-lane.ts) sends the same.
 */
export function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: SentBody,
  contentType: string,
) {
  reply.header('etag', body.etag);
  if (reply.statusCode === 200 && etagMatches(request.headers['if-none-match'], body.etag)) {
    return reply.status(304).send();
  }
  reply.header('content-type', contentType);
  const { bytes, encoding } = encodedFor(body, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(bytes);
}
