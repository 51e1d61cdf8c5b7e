/**
 * The crash test's machinery (crash.test.ts): shop processes (shop.child.ts) loaded ahead of need, and
 * rounds of concurrent operations against one of them, SIGKILLed at the k-th answer, a new one taking
 * over after each kill. Each kind of operation is an entry of a table: made ready beforehand by the
 * test's own process, then run against whichever shop serves its round.
 */
import type { ChildProcess } from 'node:child_process';
import { startChild, stopChild } from '../src/lib/jobs/testing/job-test-kit.ts';
import type { ShopTask } from './shop.child.ts';
import { requester, type TestApp } from './test-app.ts';

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export interface Shop {
  child: ChildProcess;
  /** http://127.0.0.1:<port>, also its SITE_URL (and so its tokens' issuer). */
  origin: string;
  request: TestApp['request'];
  /** When it began to listen (its jobs and schedules run from a moment before). */
  startedAt: number;
}

/** Whether a shop was never sent its SIGKILL, nor exited. */
export const alive = (shop: Shop) =>
  !shop.child.killed && shop.child.exitCode === null && shop.child.signalCode === null;

/** An answer other than 200: the operation was refused, which none of them ever should be. */
export class Refused extends Error {}

/** The body of a 200 answer; any other status throws Refused. */
export async function answer<T>(response: ReturnType<TestApp['request']>): Promise<T> {
  const res = await response;
  if (res.status !== 200) throw new Refused(`${res.status} ${res.text.slice(0, 200)}`);
  return res.body as T;
}

const SHOP_CHILD = new URL('./shop.child.ts', import.meta.url);

/**
 * Shop processes loading their modules ahead of need (3 to 4 s of CPU each, most of a new process's
 * start; two at a time keep both cores busy while a round runs): `take(task)` hands the oldest its
 * task and answers it once it listens.
 */
export class ShopLine {
  readonly #loading: Promise<ChildProcess>[] = [];
  readonly #started: ChildProcess[] = [];
  /** The shop taken last, alive or not. */
  current: Shop | undefined;

  constructor(private readonly ahead = 2) {
    this.#fill();
  }

  #fill() {
    while (this.#loading.length < this.ahead) {
      const loading = startChild(SHOP_CHILD, {}).then(({ child }) => child);
      // Awaited by take(); a failure is its to report.
      loading.catch(() => {});
      this.#loading.push(loading);
    }
  }

  async take(task: ShopTask): Promise<Shop> {
    const child = await this.#loading.shift()!;
    this.#fill();
    this.#started.push(child);
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as { port: number }));
      child.once('exit', (code) => reject(new Error(`a shop exited while starting (${code})`)));
      child.send(task);
    });
    const origin = `http://127.0.0.1:${port}`;
    this.current = { child, origin, request: requester(origin), startedAt: Date.now() };
    return this.current;
  }

  /** Stops every shop still running or loading. */
  async close(): Promise<void> {
    const loading = await Promise.allSettled(this.#loading.splice(0));
    const children = loading.flatMap((l) => (l.status === 'fulfilled' ? [l.value] : []));
    await Promise.all([...this.#started, ...children].map((child) => stopChild(child, 'SIGKILL')));
  }
}

/**
 * One kind of operation. `prepare` makes what it needs beforehand (through the test's own process),
 * drawing its random choices from `random` (the operations are prepared one after another, so a seed
 * replays), and answers the run: the requests against one shop, resolving to what the shop answered
 * (Refused for an answer other than 200; a network error once the shop is killed means no answer).
 */
export interface Operation<Answer> {
  prepare(random: () => number): Promise<(shop: Shop) => Promise<Answer>>;
}

type AnswerOf<Op> = Op extends Operation<infer A> ? A : never;
export type Answers<Ops> = { [K in keyof Ops]: AnswerOf<Ops[K]>[] };

export interface Rounds<Ops> {
  /** What the shops answered, by kind. */
  answered: Answers<Ops>;
  /** Anything but an answer before the round's kill: a refusal, a network error, a defect. */
  unexpected: string[];
}

/**
 * `kills` rounds of `atOnce` operations of kinds drawn at random, each round on a shop of its own that
 * is SIGKILLed when the k-th of them (k at random) has its answer: the others are anywhere in their
 * requests, and the jobs of the shop anywhere in their runs.
 */
export async function crashRounds<Ops extends Record<string, Operation<unknown>>>(options: {
  operations: Ops;
  kills: number;
  atOnce: number;
  random: () => number;
  shops: ShopLine;
  task: ShopTask;
}): Promise<Rounds<Ops>> {
  const { operations, kills, atOnce, random, shops, task } = options;
  const kinds = Object.keys(operations) as (keyof Ops & string)[];
  const plan = Array.from({ length: kills }, () => ({
    killAt: 1 + Math.floor(random() * atOnce),
    kinds: Array.from({ length: atOnce }, () => kinds[Math.floor(random() * kinds.length)]!),
  }));
  const runs = [];
  for (const round of plan) {
    const prepared = [];
    for (const kind of round.kinds)
      prepared.push({ kind, run: await operations[kind]!.prepare(random) });
    runs.push({ killAt: round.killAt, prepared });
  }

  const answered = Object.fromEntries(kinds.map((k) => [k, []])) as unknown as Answers<Ops>;
  const unexpected: string[] = [];
  for (const round of runs) {
    const shop = await shops.take(task);
    let settled = 0;
    let killed = false;
    await Promise.all(
      round.prepared.map(async ({ kind, run }) => {
        try {
          (answered[kind] as unknown[]).push(await run(shop));
        } catch (error) {
          // After the kill a network error is the kill's; before it, or a refusal, it is not.
          if (error instanceof Refused || !killed) unexpected.push(`${kind}: ${String(error)}`);
        }
        if (++settled === round.killAt) {
          killed = true;
          shop.child.kill('SIGKILL');
        }
      }),
    );
    await stopChild(shop.child, 'SIGKILL');
  }
  return { answered, unexpected };
}
