/**
 * Events in the transaction (issue 25 item 3, docs/decisions/031): what one feature does because
 * another changed something is an event the writer publishes inside the transaction of that change,
 * and a reaction the owning feature declares. Each reaction is a job of its own on the job engine
 * (job-queue.ts), so it runs at least once if and only if the change commits, is retried with backoff
 * on its own, and never holds up the request. The writer names the event and its data; it does not
 * import, or know, who reacts.
 *
 * Every process builds the same app, so every process knows the same reactions: one declared in any
 * is declared in all before the queue starts.
 */
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { checkJobName } from './job-definitions.ts';
import type { JobHandler, JobQueue, WorkOptions } from './job-queue.ts';
import { PerDatabase } from './per-database.ts';

export interface DomainEvent<T> {
  /** `feature.past-tense-verb`: `return.recorded`. */
  name: string;
  /** JSON: ids, not rows (a reaction reads the state as it is when it runs). */
  data: T;
  /** Unique per occurrence (the return's id): a second publish with it enqueues nothing more. */
  key: string;
}

interface Reaction {
  name: string;
  when?: (data: unknown) => boolean;
  /** Run no sooner than this long after the change commits (a review invitation days after delivery). */
  delayMs?: number;
}

export class EventBus {
  private readonly reactions = new Map<string, Reaction[]>();

  constructor(private readonly jobs: Pick<JobQueue, 'work' | 'enqueue'>) {}

  /**
   * Declares `reaction` (a job name owned by the reacting feature) to every `event`, with its own
   * retries and lease. Declared while the app registers, before the queue starts. `when` picks the
   * occurrences that concern it, from the event's data at publish: the others enqueue nothing (a
   * guest's order has no bag to settle), so they cost no job. `delayMs` holds the reaction back that
   * long after the change (by the engine's clock).
   */
  on<T>(
    event: string,
    reaction: string,
    handler: JobHandler<T>,
    options: WorkOptions & { when?: (data: T) => boolean; delayMs?: number } = {},
  ): void {
    checkJobName(event);
    const list = this.reactions.get(event) ?? [];
    if (list.some((r) => r.name === reaction)) {
      throw new TypeError(`${reaction} already reacts to ${event}`);
    }
    const { when, delayMs, ...work } = options;
    this.jobs.work(reaction, handler, work);
    const entry: Reaction = {
      name: reaction,
      ...(when ? { when: when as Reaction['when'] } : {}),
      ...(delayMs ? { delayMs } : {}),
    };
    this.reactions.set(event, [...list, entry]);
  }

  /** The reactions to `event`, in the order declared. */
  reactionsTo(event: string): readonly string[] {
    return (this.reactions.get(event) ?? []).map((r) => r.name);
  }

  /** Enqueues each reaction in the caller's transaction; answers how many were new (not replays). */
  async publish<T>(trx: Transaction<Database>, event: DomainEvent<T>): Promise<number> {
    let enqueued = 0;
    for (const { name: reaction, when, delayMs } of this.reactions.get(event.name) ?? []) {
      if (when && !when(event.data)) continue;
      const fresh = await this.jobs.enqueue(trx, {
        name: reaction,
        data: event.data,
        key: `${event.name}:${event.key}:${reaction}`,
        ...(delayMs ? { delayMs } : {}),
      });
      if (fresh) enqueued++;
    }
    return enqueued;
  }
}

const buses = new PerDatabase<EventBus>('event bus');

/** Makes `publishEvent` on this database use `bus` (plugins/jobs.ts, one bus per opened database). */
export function bindEvents(db: Db, bus: EventBus): void {
  buses.bind(db, bus);
}

/**
 * Publishes `event` in `trx`. Writers hold only a transaction, so the bus is found by the database
 * the transaction belongs to (per-database.ts).
 */
export function publishEvent<T>(
  trx: Transaction<Database>,
  event: DomainEvent<T>,
): Promise<number> {
  return buses.of(trx, `${event.name} is published by a built app`).publish(trx, event);
}
