import type { RouteOptions } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { losableWrite } from '../db/relaxed-commit.ts';
import { LaneLimiter, type SharedWindows, type WindowCount } from '../lib/rate-limiter.ts';

/** Rows per statement when the fast lane's hits are written in one batch. */
const BATCH = 500;

/**
 * Windows in the `rate_limits` table (SQLite and PostgreSQL): one atomic upsert per batch,
 * `insert … on conflict (key) do update set count = count + excluded.count … returning`, which starts a
 * new window when the stored one has ended. Windows that ended are deleted by `sweep`.
 *
 * The write may be lost to a power cut (db/relaxed-commit.ts `losableWrite`): on SQLite a durable
 * commit waits for the disk, and a request would wait for it just to be counted (with every commit an
 * fsync, the route's throughput fell to 3% of the baseline in the bench). A power cut may lose the
 * last counts, which a rate limit can afford.
 */
export function databaseWindows(db: Db): SharedWindows {
  // A template rather than the query builder: this runs on every API request, and building and
  // compiling the upsert cost about three times the statement itself on SQLite.
  const upsert = async (
    executor: Db,
    hits: ReadonlyArray<readonly [string, number]>,
    windowMs: number,
  ) => {
    const now = Date.now();
    const values = sql.join(hits.map(([key, by]) => sql`(${key}, ${by}, ${now + windowMs})`));
    const ended = sql`rate_limits.reset_at <= ${now}`;
    const { rows } = await sql<{ key: string; count: number | string; reset_at: number | string }>`
      insert into rate_limits (key, count, reset_at) values ${values}
      on conflict (key) do update set
        count = case when ${ended} then excluded.count else rate_limits.count + excluded.count end,
        reset_at = case when ${ended} then excluded.reset_at else rate_limits.reset_at end
      returning key, count, reset_at`.execute(executor);
    return rows.map((r) => ({ key: r.key, count: Number(r.count), resetAt: Number(r.reset_at) }));
  };
  const write = (hits: ReadonlyArray<readonly [string, number]>, windowMs: number) =>
    losableWrite(db, (executor) => upsert(executor, hits, windowMs));
  return {
    async add(hits, windowMs) {
      const out: WindowCount[] = [];
      for (let i = 0; i < hits.length; i += BATCH) {
        out.push(...(await write(hits.slice(i, i + BATCH), windowMs)));
      }
      return out;
    },
    async sweep(endedBy = Date.now()) {
      await db.deleteFrom('rate_limits').where('reset_at', '<=', endedBy).execute();
    },
    async close() {},
  };
}

/** INCRBY with the window's expiry set when the key is new: Redis deletes windows that end. */
const REDIS_ADD = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}
`;

type RedisWithAdd = Redis & {
  rateLimitAdd(key: string, by: number, windowMs: number): Promise<[number, number]>;
};

/**
 * Windows in Redis (`REDIS_URL`): a Lua script per key, as @fastify/rate-limit's own Redis store does,
 * but adding any number of hits (the fast lane's batch) rather than one; a batch is one pipeline.
 */
export function redisWindows(redis: Redis, prefix = 'sunward:rate-limit:'): SharedWindows {
  const client = redis as RedisWithAdd;
  if (typeof client.rateLimitAdd !== 'function') {
    redis.defineCommand('rateLimitAdd', { numberOfKeys: 1, lua: REDIS_ADD });
  }
  return {
    async add(hits, windowMs) {
      const now = Date.now();
      if (hits.length === 1) {
        const [key, by] = hits[0]!;
        const [count, ttl] = await client.rateLimitAdd(prefix + key, by, windowMs);
        return [{ key, count, resetAt: now + ttl }];
      }
      const pipeline = redis.pipeline() as ReturnType<Redis['pipeline']> & {
        rateLimitAdd(key: string, by: number, windowMs: number): unknown;
      };
      for (const [key, by] of hits) pipeline.rateLimitAdd(prefix + key, by, windowMs);
      const results = (await pipeline.exec()) ?? [];
      return results.map(([err, value], i) => {
        if (err) throw err;
        const [count, ttl] = value as [number, number];
        return { key: hits[i]![0], count, resetAt: now + ttl };
      });
    },
    async sweep() {},
    async close() {
      await redis.quit();
    },
  };
}

export interface StoreOptions {
  windows: SharedWindows;
  /** The global window's counter, shared with the fast lane. */
  lane: LaneLimiter;
  /** Called with the key when a hit takes its window past the limit (once per window). */
  onLimitReached: (key: string) => void;
  /** Told when a batched write fails (its hits are kept for the next sync). */
  onError: (err: unknown) => void;
}

/**
 * @fastify/rate-limit's `store`: a class the plugin instantiates once, and once per route with its own
 * limit (`child`), whose windows are apart from the global one (`<url>|<ip>`). Routes that name the same
 * `groupId` in their limit share one window (`<groupId>|<ip>`): e.g. the POST and GET forms of one call.
 * `named(name)` gives a counter of windows of its own (`<name>|<key>`), for a limit on a key other than
 * the client (plugins/rate-limit.ts `keyedRateLimit`).
 *
 * Two ways of counting (docs/decisions/010, amendment of issue 25):
 * - The global window (every API request): a hit is counted in memory and answered at once with the
 *   count this process knows (the shared count it last heard plus its own unsent hits); the hits reach
 *   the shared windows in one batched write per sync interval (LaneLimiter). A write per request cost
 *   200-250 µs of CPU on SQLite; this costs none, and lets a client past the global limit across N
 *   processes by at most what those processes answer it within one interval (250 ms).
 * - A route's own limit and a keyed one (order lookup, the order proof, support, the error reports,
 *   the hosted sign-in's API): the limits that guard against guessing. Each hit is one atomic write to
 *   the shared window, answered with the count it returns, so every process together allows exactly
 *   `max`. If the write fails, the hit is counted in this process's memory instead (sent with its next
 *   sync) and the failure reported: the limit then holds per process until the store is back.
 */
export function rateLimitStore({
  windows,
  lane,
  onLimitReached,
  onError,
}: StoreOptions): FastifyRateLimitStoreCtor & {
  closeAll(): Promise<void>;
  syncAll(): Promise<void>;
  named(name: string): FastifyRateLimitStore;
} {
  /** A counter per route window length, for routes with their own limit. */
  const routeLanes = new Map<number, LaneLimiter>();
  const laneFor = (windowMs: number) => {
    let l = routeLanes.get(windowMs);
    if (l === undefined) {
      l = new LaneLimiter(windows, Number.POSITIVE_INFINITY, windowMs);
      l.onError = onError;
      routeLanes.set(windowMs, l);
    }
    return l;
  };
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly route?: string,
      /** The route's `groupId`, which the plugin appends to every key: left out of the window's. */
      private readonly group?: string,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      const answer = ({ count, resetAt }: { count: number; resetAt: number }) => {
        if (count === max + 1) onLimitReached(key);
        callback(null, { current: count, ttl: Math.max(0, resetAt - Date.now()) });
      };
      if (this.route === undefined) return answer(lane.hit(key));
      const client =
        this.group !== undefined && key.endsWith(this.group)
          ? key.slice(0, -this.group.length)
          : key;
      const windowKey = `${this.route}|${client}`;
      windows.add([[windowKey, 1]], timeWindow).then(
        ([counted]) => answer(counted!),
        (err: unknown) => {
          onError(err);
          answer(laneFor(timeWindow).hit(windowKey));
        },
      );
    }

    child(
      routeOptions: RouteOptions & { routeInfo?: RouteOptions; groupId?: string },
    ): FastifyRateLimitStore {
      const { groupId } = routeOptions;
      if (groupId !== undefined) return new SharedStore(undefined, groupId, groupId);
      return new SharedStore(undefined, routeOptions.routeInfo?.url ?? routeOptions.url);
    }
  }
  return Object.assign(SharedStore, {
    named: (name: string) => new SharedStore(undefined, name),
    async syncAll() {
      await Promise.all([lane.sync(), ...[...routeLanes.values()].map((l) => l.sync())]);
    },
    async closeAll() {
      await Promise.all([...routeLanes.values()].map((l) => l.close()));
    },
  });
}
