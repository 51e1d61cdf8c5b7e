/**
 * PostgreSQL statements prepared once per connection and run many times (issue 26 item 4,
 * docs/decisions/060), as statement-cache.ts does for SQLite.
 *
 * Kysely's PostgreSQL driver sends every query as an unnamed statement, so PostgreSQL parses and plans
 * it again each time. A query's text depends on its shape, not its values (Kysely binds values as
 * parameters), so the shop runs the same few hundred texts over and over. This pool gives a text that
 * runs often a name (a hash of the text): node-postgres prepares a named statement once per
 * connection, then only binds and executes it. Bounded: a text is named from its `NAMED_FROM`th run,
 * and at most `max` texts per process get a name, so no connection holds more than `max` prepared
 * statements (the rest, e.g. `in` lists of rare lengths, stay unnamed).
 *
 * A prepared statement's columns are fixed when it is prepared. After a migration adds a column to a
 * table that a `select *` of a process still running reads (a rolling upgrade), PostgreSQL refuses to
 * run the statement ("cached plan must not change result type", SQLSTATE 0A000): that text is then
 * never named again in the process, and a statement outside a transaction is sent once more unnamed.
 * Inside a transaction the error has failed the transaction, and goes to the caller like any other.
 */
import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';

/** Distinct texts named per process (each connection prepares at most these). */
export const STATEMENTS_PREPARED = 200;

/** A text is named from this run on: one-off texts (a report's filters) are not prepared. */
export const NAMED_FROM = 3;

/** Transaction control: never named; tells whether the connection is inside a transaction. */
const CONTROL = /^\s*(begin|start\s+transaction|commit|rollback|end|abort|savepoint|release)\b/i;
const BEGINS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|rollback|end|abort)\s*$/i;

function resultTypeChanged(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '0A000' && /cached plan must not change result type/i.test(String(e.message));
}

/** Counts texts' runs and names the frequent ones, for one database's pool (one per process). */
export class StatementNames {
  readonly #runs = new LRUCache<string, number>({ max: 1000 });
  readonly #names = new Map<string, string>();
  readonly #refused = new Set<string>();

  constructor(readonly max: number) {}

  /** The name to run `text` under, or undefined to send it unnamed. */
  nameFor(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined) return known;
    if (this.max === 0 || this.#names.size >= this.max || this.#refused.has(text)) return undefined;
    const runs = (this.#runs.get(text) ?? 0) + 1;
    if (runs < NAMED_FROM) {
      this.#runs.set(text, runs);
      return undefined;
    }
    this.#runs.delete(text);
    const name = `sunward_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    this.#names.set(text, name);
    return name;
  }

  /** PostgreSQL refused the prepared `text` (its table changed): send it unnamed from now on. */
  refuse(text: string): void {
    this.#names.delete(text);
    this.#refused.add(text);
  }

  get named(): number {
    return this.#names.size;
  }
}

/** The client Kysely is given: named statements for frequent texts, everything else as it was. */
function preparingClient(client: pg.PoolClient, names: StatementNames): PostgresPoolClient {
  let inTransaction = false;
  const query = async (text: string, values: unknown[]) => {
    if (CONTROL.test(text)) {
      if (BEGINS.test(text)) inTransaction = true;
      else if (ENDS.test(text)) inTransaction = false;
      return client.query(text, values);
    }
    // A text with a `;` may hold several statements, which only an unnamed, unparameterised query
    // may (node-postgres sends those with the simple protocol).
    const name = text.includes(';') ? undefined : names.nameFor(text);
    if (name === undefined) return client.query(text, values);
    try {
      return await client.query({ name, text, values });
    } catch (error) {
      if (!resultTypeChanged(error)) throw error;
      names.refuse(text);
      if (inTransaction) throw error;
      return client.query(text, values);
    }
  };
  return {
    query: ((textOrCursor: unknown, values?: readonly unknown[]) =>
      typeof textOrCursor === 'string'
        ? query(textOrCursor, (values ?? []) as unknown[])
        : client.query(textOrCursor as pg.Submittable)) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  };
}

/**
 * `pool` as Kysely's PostgreSQL dialect takes it, preparing the frequent statements (see above).
 * Each pooled connection keeps one wrapper, so Kysely keeps one connection object per connection.
 */
export function withPreparedStatements(pool: pg.Pool, names: StatementNames): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = preparingClient(client, names)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}
