/**
 * What a process asks of its database: the statements it ran, by kind, the ones that failed, and the
 * time they took (docs/decisions/061). Counted by Kysely's own query log (its `log` option times each
 * statement on its connection, a transaction's `begin` and `commit` included), read by `/metrics`
 * (plugins/metrics.ts) and, through it, by `bench/journey.bench.mjs` (statements per journey).
 */
import type { CompiledQuery, LogEvent } from 'kysely';

export const STATEMENT_KINDS = [
  'select',
  'insert',
  'update',
  'delete',
  'begin',
  'commit',
  'rollback',
  'other',
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/** A raw statement's kind by its first word (`with`, `pragma`, DDL, savepoints: other). */
const RAW_KINDS = new Map<string, StatementKind>([
  ['select', 'select'],
  ['insert', 'insert'],
  ['update', 'update'],
  ['delete', 'delete'],
  ['begin', 'begin'],
  ['start', 'begin'],
  ['commit', 'commit'],
  ['end', 'commit'],
  ['rollback', 'rollback'],
]);

const FIRST_WORD = /^\s*([a-z]+)/i;

/** The kind of a statement: a built query's by its node, a raw one's by its first word. */
export function statementKind(query: CompiledQuery): StatementKind {
  switch (query.query.kind) {
    case 'SelectQueryNode':
      return 'select';
    case 'InsertQueryNode':
      return 'insert';
    case 'UpdateQueryNode':
      return 'update';
    case 'DeleteQueryNode':
      return 'delete';
    case 'RawNode': {
      const word = FIRST_WORD.exec(query.sql)?.[1]?.toLowerCase();
      return (word !== undefined && RAW_KINDS.get(word)) || 'other';
    }
    default:
      return 'other';
  }
}

/** Running totals since the database was opened: plain numbers, added to as each statement ends. */
export class StatementCounts {
  readonly byKind: Record<StatementKind, number> = {
    select: 0,
    insert: 0,
    update: 0,
    delete: 0,
    begin: 0,
    commit: 0,
    rollback: 0,
    other: 0,
  };
  /** Statements the database refused or that failed on the way (counted in `byKind` too). */
  errors = 0;
  /** Seconds from handing each statement to the driver to its result (on PostgreSQL, a round trip). */
  seconds = 0;

  /** Kysely's `log` option. */
  readonly log = (event: LogEvent): void => {
    this.byKind[statementKind(event.query)]++;
    this.seconds += event.queryDurationMillis / 1000;
    if (event.level === 'error') this.errors++;
  };
}
