import { sendAuthorized } from '@/shared/api/authorized.ts';
import type { Parser } from '@/shared/api/http.ts';

/** A value for a query parameter; empty ones (undefined, null, '') are left out of the URL. */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * `/api/admin<path>` with the given query parameters (empty ones left out), for the console's calls:
 * `adminUrl('/orders', { status: 'pending', before })`.
 */
export function adminUrl(path: `/${string}`, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return `/api/admin${path}${search ? `?${search}` : ''}`;
}

/**
 * GET an operator's call (the signed-in operator's bearer, shared/api/authorized.ts) and parse its JSON
 * with `guard` (a zod schema or a hand-written guard) when given. A non-OK reply throws an ApiError with
 * the server's message and code (401 `invalid_token`, 403 `forbidden`, 404 ...).
 */
export async function adminGet<T>(
  url: string,
  guard?: Parser<T>,
  signal?: AbortSignal,
): Promise<T> {
  const response = await sendAuthorized(url, { signal });
  const body: unknown = await response.json();
  return guard ? guard.parse(body) : (body as T);
}

/**
 * POST, PATCH or DELETE for an operator, with a JSON body when given; parses the answer with `guard`
 * when given (an answer without a body is `undefined`). Throws the server's error as an ApiError.
 */
export async function adminSend<T = unknown>(
  url: string,
  init: { method: 'POST' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal },
  guard?: Parser<T>,
): Promise<T> {
  const response = await sendAuthorized(url, init);
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  return guard ? guard.parse(body) : (body as T);
}

/**
 * The root of every console query key, so signing out (or another operator) can drop them all at
 * once: `[...adminKeys.all, 'orders', filters]`. Each area adds its own keys under it.
 */
export const adminKeys = {
  all: ['admin'] as const,
  /** Who the signed-in operator is (GET /api/admin/session), per signed-in user. */
  session: (userId: string) => ['admin', 'session', userId] as const,
  /** One area's keys: `adminKeys.area('orders', { status })`. */
  area: (name: string, ...parts: unknown[]) => ['admin', name, ...parts] as const,
};
