/**
 * Group commit for the shop's SQLite (docs/decisions/059): an acknowledged write survives a power cut,
 * as with `synchronous = FULL`, without holding the event loop while the disk flushes.
 *
 * With `synchronous = FULL` SQLite calls fsync on the log inside every commit, and better-sqlite3 runs
 * the commit on the event loop: the whole process waits for the disk once per commit. Here the
 * connection runs `synchronous = NORMAL` (in WAL mode a commit is then atomic and consistent, and
 * durable at the next sync of the log) and the driver syncs the log itself, on libuv's thread pool,
 * before the writer's query returns to it:
 * - a write commits (a statement that changed rows outside a transaction, or a transaction's `commit`
 *   after such a statement), the connection goes back to the next caller at once, and the writer's
 *   promise settles once an fdatasync of the log that *started after its commit* has finished;
 * - commits that arrive while a sync runs share the next one (one sync in flight, one waiting), so the
 *   disk is flushed once for every writer that arrived in the meantime;
 * - a write a power cut may lose (`losableWrite`, decision 058) does not wait; the next sync makes it
 *   durable too, as it makes everything written before it.
 * A reader may see another request's commit up to one sync before it is durable; its writer has not
 * been answered yet.
 */
import { closeSync, fdatasync, openSync } from 'node:fs';
import {
  SqliteDialect,
  type Kysely,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type KyselyPlugin,
  type QueryCompiler,
  type QueryResult,
  type RootOperationNode,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';

/**
 * Syncs the log for every writer that asks, sharing each sync among those who asked before it started.
 * `requests` counts the writers that waited (tests read it), `syncs` the syncs made.
 */
export class GroupCommit {
  requests = 0;
  syncs = 0;
  #running: Promise<void> | undefined;
  #next: Promise<void> | undefined;

  constructor(private readonly sync: () => Promise<void>) {}

  /** Settles once a sync that started after this call has finished. */
  flush(): Promise<void> {
    this.requests++;
    return this.#flush();
  }

  #flush(): Promise<void> {
    if (!this.#running) {
      this.syncs++;
      const running = this.sync().finally(() => {
        this.#running = undefined;
      });
      this.#running = running;
      return running;
    }
    // The sync in flight may have started before this writer's commit: wait for the one after it.
    this.#next ??= this.#running
      .catch(() => undefined)
      .then(() => {
        this.#next = undefined;
        return this.#flush();
      });
    return this.#next;
  }
}

/** The fdatasync of one file (a SQLite database's `-wal` log), opened on first use. */
export function syncOfFile(file: string): {
  sync: () => Promise<void>;
  close: () => Promise<void>;
} {
  let fd: number | undefined;
  return {
    // The log exists from the first write in WAL mode, and SQLite removes it only when the last
    // connection to the database closes: this one stays open as long as the descriptor.
    sync: () =>
      new Promise<void>((resolve, reject) => {
        try {
          fd ??= openSync(file, 'r');
        } catch (error) {
          reject(error as Error);
          return;
        }
        fdatasync(fd, (error) => (error ? reject(error) : resolve()));
      }),
    close: async () => {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

const LOSABLE = Symbol('sunward.losable');

/** Marks every statement run through it as one a power cut may lose. */
const losablePlugin: KyselyPlugin = {
  transformQuery: ({ node }) => Object.freeze({ ...node, [LOSABLE]: true }) as RootOperationNode,
  transformResult: async ({ result }) => result,
};

const losableViews = new WeakMap<Kysely<never>, Kysely<never>>();

/** `db` whose writes commit without waiting for the log's sync (decision 058). */
export function losableView<D>(db: Kysely<D>): Kysely<D> {
  const key = db as unknown as Kysely<never>;
  let view = losableViews.get(key);
  if (!view) losableViews.set(key, (view = key.withPlugin(losablePlugin)));
  return view as unknown as Kysely<D>;
}

const CONTROL_OR_READ =
  /^\s*(select|pragma|begin|commit|end|rollback|savepoint|release|explain)\b/i;

/** Whether a statement changed the database (a DDL or an unknown raw statement counts as a change). */
function changed(query: CompiledQuery, result: QueryResult<unknown>): boolean {
  switch (query.query.kind) {
    case 'SelectQueryNode':
      return false;
    case 'InsertQueryNode':
    case 'UpdateQueryNode':
    case 'DeleteQueryNode':
    case 'MergeQueryNode':
      return (result.numAffectedRows ?? 0n) > 0n || result.rows.length > 0;
    case 'RawNode':
      // better-sqlite3 reports the last data change's count for any statement: a `begin` or `commit`
      // would repeat it, so only the text tells what a raw statement does.
      return !CONTROL_OR_READ.test(query.sql);
    default:
      return true;
  }
}

/**
 * Wraps Kysely's one SQLite connection: notes a committed change, and makes the caller that holds the
 * connection wait for the log's sync after giving the connection back.
 */
class GroupCommitDriver implements Driver {
  /** A change not yet committed (inside a transaction) that must be durable once it is. */
  #pending = false;
  /** A committed change whose writer has not yet waited for the sync. */
  #owed = false;
  #connection: DatabaseConnection | undefined;

  constructor(
    private readonly inner: Driver,
    private readonly inTransaction: () => boolean,
    private readonly commits: GroupCommit,
    private readonly closeLog: () => Promise<void>,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    this.#connection ??= {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const result = await connection.executeQuery<R>(query);
        if (changed(query, result) && !(LOSABLE in query.query)) this.#pending = true;
        if (this.#pending && !this.inTransaction()) {
          this.#pending = false;
          // A rollback undid what was pending: nothing to wait for.
          if (!/^\s*rollback\b/i.test(query.sql)) this.#owed = true;
        }
        return result;
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    return this.#connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.savepoint!(connection, name, compileQuery);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.rollbackToSavepoint!(connection, name, compileQuery);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.releaseSavepoint!(connection, name, compileQuery);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const owed = this.#owed;
    this.#owed = false;
    await this.inner.releaseConnection(connection);
    // The next caller has the connection already; this one waits for the disk.
    if (owed) await this.commits.flush();
  }

  async destroy(): Promise<void> {
    await this.inner.destroy();
    await this.closeLog();
  }
}

/** Kysely's SQLite dialect with the driver above; `database` must run `synchronous = NORMAL`. */
export class GroupCommitSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly log: {
      inTransaction: () => boolean;
      commits: GroupCommit;
      close: () => Promise<void>;
    },
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const { inTransaction, commits, close } = this.log;
    return new GroupCommitDriver(super.createDriver(), inTransaction, commits, close);
  }
}
