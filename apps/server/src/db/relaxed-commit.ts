/**
 * Writes that may be lost to a power cut, committed on SQLite without waiting for the disk.
 *
 * An acknowledged write on the shop's SQLite survives a power cut (docs/decisions/002): the writer
 * waits for the log's sync after its commit (db/group-commit.ts, decision 059). Some writes can afford
 * to be lost to a power cut because losing one only repeats work: a rate limit's count, a job's claim
 * (the job is claimed again) or its completion (it runs again; handlers are idempotent, decision 029).
 * Their writers do not wait (decision 058). In WAL mode the log is written in order, so the next sync
 * makes such a write durable too, and a write the shop must keep is never behind one it may lose.
 */
import { isPostgres, type Db } from './database.ts';
import { losableView } from './group-commit.ts';

/**
 * A write whose loss to a power cut only repeats work or forgets something short-lived (a checkout's
 * update lease, the sandbox's intent before its checkout is written, a webhook's de-duplication record
 * written after its handling): on SQLite it does not wait for the log's sync, as above; on PostgreSQL
 * it is any other write, where waiting for the disk holds only the request that writes (and commits
 * share their flushes), not the whole process. Inside a transaction it is just part of that
 * transaction.
 */
export function losableWrite<T>(db: Db, write: (executor: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction || isPostgres(db)) return write(db);
  return write(losableView(db));
}
