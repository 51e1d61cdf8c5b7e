import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { makeBody, sendBody, type CompressionOptions, type SentBody } from './compressed-body.ts';

/** The headers of every cached JSON answer; the fast lane (lib/fast-lane.ts) sends the same. */
export const CACHED_JSON_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
/** Every cached answer may be sent compressed: caches between must keep one copy per encoding. */
export const CACHED_JSON_VARY = 'accept-encoding';

/**
 * An answer is compressed when its JSON changes, not each time its entry is made again (every
 * CATALOG_CACHE_MS): the lists are 0.4-2 KB, which brotli's best quality packs in about 2 ms, to
 * 0.2-0.6 KB.
 */
const JSON_COMPRESSION: CompressionOptions = { brotliQuality: 11, gzipLevel: 9 };

/** A cached answer: its JSON text, and its bytes, entity tag and compressed copies. */
export interface Entry extends SentBody {
  body: string;
}

export interface JsonCacheOptions {
  /** How long an entry is fresh (CATALOG_CACHE_MS); 0 keeps nothing. */
  ttlMs: number;
  /** The most entries kept (CATALOG_CACHE_MAX); past it the least recently used goes. */
  max: number;
}

/**
 * A short-lived cache of serialised JSON answers with strong ETags, on `lru-cache`: at most `max`
 * entries (an id that does not exist is cached too, so a client asking for many ids only pushes out
 * the least recently used), each fresh for `ttlMs`. Each process keeps its own; the TTL bounds how
 * stale another process's view can be, and `delete()` or `invalidate()` clears it after a local write.
 */
export class JsonCache {
  private readonly entries: LRUCache<string, Entry>;
  /**
   * The entry made last for each key, fresh or not: an answer made again with the same JSON is that
   * entry again (no new hash, no new compression, and the fast lane's prepared headers still hold).
   */
  private readonly lastMade: LRUCache<string, Entry>;
  /** One production per key at a time, however many requests wait for it. */
  private readonly pending = new Map<string, Promise<Entry>>();
  private readonly ttlMs: number;
  /** Told after a local write cleared answers (the prerendered pages make themselves again). */
  private readonly listeners = new Set<() => void>();

  constructor({ ttlMs, max }: JsonCacheOptions) {
    this.ttlMs = ttlMs;
    // lru-cache reads a TTL of 0 as "never expires": with no TTL nothing is stored (see get).
    this.entries = new LRUCache<string, Entry>({ max, ttl: Math.max(ttlMs, 1) });
    this.lastMade = new LRUCache<string, Entry>({ max });
  }

  /** How many entries are held (fresh or not yet purged). */
  get size(): number {
    return this.entries.size;
  }

  /** A fresh entry, synchronously, or undefined. */
  peek(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  async get(key: string, produce: () => Promise<unknown>): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const running = this.pending.get(key);
    if (running) return running;
    const promise: Promise<Entry> = produce()
      .then(async (value) => {
        const body = JSON.stringify(value);
        const last = this.lastMade.get(key);
        const entry: Entry =
          last?.body === body ? last : { body, ...(await makeBody(body, JSON_COMPRESSION)) };
        this.lastMade.set(key, entry);
        // Not kept when a write cleared the key while it was produced: it may predate the write.
        if (this.ttlMs > 0 && this.pending.get(key) === promise) this.entries.set(key, entry);
        return entry;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  /** Forgets one answer (after a write that changes it). */
  delete(key: string): void {
    this.entries.delete(key);
    this.pending.delete(key);
    this.changed();
  }

  /** Forgets every answer. */
  invalidate(): void {
    this.entries.clear();
    this.pending.clear();
    this.changed();
  }

  /** Calls `listener` after each delete or invalidate; returns the call that stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
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

/**
 * Sends a cached JSON answer, compressed as the client accepts, or 304 when the client already holds
 * it.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.header('cache-control', CACHED_JSON_CACHE_CONTROL).header('vary', CACHED_JSON_VARY);
  return sendBody(request, reply, entry, JSON_CONTENT_TYPE);
}
