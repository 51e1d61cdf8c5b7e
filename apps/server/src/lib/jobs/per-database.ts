/**
 * What belongs to one opened database (its job queue, its event bus) found from any transaction or
 * connection of it: writers deep in a feature hold only a transaction. The key is the Kysely
 * adapter, one per opened database and shared by its transactions.
 */
import type { Db } from '../../db/database.ts';

export class PerDatabase<T> {
  readonly #values = new WeakMap<object, T>();

  constructor(
    /** Named in the error when nothing was bound: `No ${what} for this database`. */
    private readonly what: string,
  ) {}

  bind(db: Db, value: T): void {
    this.#values.set(db.getExecutor().adapter, value);
  }

  /** The value bound to `db`'s database; throws when none was (a defect: the app binds at build). */
  of(db: Db, hint: string): T {
    const value = this.#values.get(db.getExecutor().adapter);
    if (value === undefined) throw new Error(`No ${this.what} for this database: ${hint}`);
    return value;
  }
}
