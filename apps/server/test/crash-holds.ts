/**
 * The crash test's look at the stock holds (crash.test.ts), all through the run: while a shop runs, no
 * hold may outlive its expiry by more than one period of the purge (stock.expired-holds), counted from
 * the shop's start for a hold that expired while no shop ran (nobody could purge it then), and no hold
 * may outlive its checkout's order (the order's transaction drops it).
 */
import type { Db } from '../src/db/database.ts';
import { alive, type ShopLine } from './crash-shops.ts';

/** Every stock hold left, with its checkout's status. */
export function holdsLeft(db: Db) {
  return db
    .selectFrom('stock_reservations')
    .innerJoin('checkouts', 'checkouts.id', 'stock_reservations.checkout_id')
    .select(['stock_reservations.checkout_id', 'stock_reservations.expires_at', 'checkouts.status'])
    .execute();
}

/** Looks at the holds every `everyMs` from its start until `stop()`, and whenever asked (`look()`). */
export class HoldWatch {
  /** The holds seen past their purge (by checkout: how late, the last time seen), and failed looks. */
  readonly #overdue = new Map<string, string>();
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly shops: ShopLine,
    private readonly periodMs: number,
    /** What a busy machine may add: claiming the period's job, the delete itself. */
    private readonly slackMs: number,
    everyMs = 250,
  ) {
    this.#timer = setInterval(() => {
      this.look().catch((error: unknown) => this.#overdue.set('look', String(error)));
    }, everyMs);
  }

  /** One look; answers how many holds are left. */
  async look(): Promise<number> {
    const shop = this.shops.current;
    const now = Date.now();
    const holds = await holdsLeft(this.db);
    // Judged only if the shop ran from its start until the rows were read.
    if (!shop || !alive(shop)) return holds.length;
    for (const hold of holds) {
      const due = Math.max(Date.parse(hold.expires_at), shop.startedAt) + this.periodMs;
      if (hold.status === 'completed' || now > due + this.slackMs) {
        this.#overdue.set(hold.checkout_id, `${hold.status}, ${now - due} ms past its purge`);
      }
    }
    return holds.length;
  }

  /** Stops looking; answers the holds seen past their purge. */
  stop(): Record<string, string> {
    clearInterval(this.#timer);
    return Object.fromEntries(this.#overdue);
  }
}
