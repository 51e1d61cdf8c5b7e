/** A fake API behind fetch for component tests: answers by method and URL prefix, and records the calls. */
import { vi } from 'vitest';
import { createConfiguration } from './factories.ts';

export interface Answer {
  status?: number;
  json?: unknown;
}
type Handler = (call: { url: string; body: unknown; headers: Headers }) => Answer | Promise<Answer>;

/**
 * Routes fetch by "METHOD url-prefix" (the longest prefix wins); the configuration answers by default,
 * anything unknown is a 404. Returns the spy.
 */
export function fakeApi(routes: Record<string, Handler> = {}) {
  const all: Record<string, Handler> = {
    'GET /api/configuration': () => ({ json: createConfiguration() }),
    ...routes,
  };
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const key = Object.keys(all)
      .filter((k) => {
        const [m, prefix] = k.split(' ');
        return m === method && url.startsWith(prefix!);
      })
      .sort((a, b) => b.length - a.length)[0];
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    const answer = key
      ? await all[key]!({ url, body, headers: new Headers(init?.headers) })
      : { status: 404, json: { code: 'not_found', message: `Not found: ${url}` } };
    return new Response(answer.json === undefined ? null : JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** The calls made to a URL prefix (and method): url, JSON body and headers. */
export function callsTo(spy: ReturnType<typeof fakeApi>, method: string, prefix: string) {
  return spy.mock.calls
    .filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(prefix))
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      headers: new Headers(init?.headers),
    }));
}

/** A promise with its resolve, to hold an answer back until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
