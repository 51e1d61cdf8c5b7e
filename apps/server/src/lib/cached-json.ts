import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The headers of every cached JSON answer; the fast lane (lib/fast-lane.ts) sends the same. */
export const CACHED_JSON_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface Entry {
  body: string;
  /** The body as bytes, for the fast lane. */
  buffer: Buffer;
  etag: string;
  expires: number;
}

/**
 * A short-lived cache of serialised JSON answers with strong ETags. Each process keeps its own; the TTL
 * bounds how stale another process's view can be, and `invalidate()` clears it after a local write.
 */
export class JsonCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry>>();

  constructor(private readonly ttlMs: number) {}

  /** A fresh entry, synchronously, or undefined. */
  peek(key: string): Entry | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > Date.now() ? hit : undefined;
  }

  async get(key: string, produce: () => Promise<unknown>): Promise<Entry> {
    const hit = this.peek(key);
    if (hit) return hit;
    const running = this.pending.get(key);
    if (running) return running;
    const promise = produce()
      .then((value) => {
        const body = JSON.stringify(value);
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        const entry = { body, buffer: Buffer.from(body), etag, expires: Date.now() + this.ttlMs };
        if (this.ttlMs > 0) this.entries.set(key, entry);
        return entry;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  invalidate(): void {
    this.entries.clear();
  }
}

/**
 * A route handler answering from the cache: synchronous on a hit, so a cached answer costs no promise
 * or microtask; on a miss it produces the value once, however many requests wait for it.
 */
export function cachedJsonHandler(
  cache: JsonCache,
  key: string,
  produce: () => Promise<unknown>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> | undefined {
  return (request, reply) => {
    const hit = cache.peek(key);
    if (hit) {
      sendCachedJson(request, reply, hit);
      return undefined;
    }
    return cache.get(key, produce).then((entry) => {
      sendCachedJson(request, reply, entry);
    });
  };
}

/** Sends a cached JSON answer, or 304 when the client already holds it. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.header('etag', entry.etag).header('cache-control', CACHED_JSON_CACHE_CONTROL);
  const inm = request.headers['if-none-match'];
  if (etagMatches(inm, entry.etag)) return reply.status(304).send();
  return reply.header('content-type', JSON_CONTENT_TYPE).send(entry.body);
}

/** If-None-Match holds the entity tag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
