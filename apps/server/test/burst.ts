import type { TestApp } from './test-app.ts';

/** Sends `count` requests at once, alternately to `a` and `b`; answers their statuses, counted. */
export async function burst(
  a: TestApp,
  b: TestApp,
  count: number,
  send: (t: TestApp, i: number) => Promise<{ status: number }>,
): Promise<Record<number, number>> {
  const statuses = await Promise.all(
    Array.from({ length: count }, (_, i) => send(i % 2 ? b : a, i).then((r) => r.status)),
  );
  const counted: Record<number, number> = {};
  for (const status of statuses) counted[status] = (counted[status] ?? 0) + 1;
  return counted;
}
