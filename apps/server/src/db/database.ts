import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { GroupCommit, GroupCommitSqliteDialect, syncOfFile } from './group-commit.ts';
import {
  STATEMENTS_PREPARED,
  StatementNames,
  withPreparedStatements,
} from './prepared-statements.ts';
import { withStatementCache } from './statement-cache.ts';
import { StatementCounts } from './statement-counts.ts';
import { openSqliteFile } from './sqlite-driver.ts';
import type { CatalogTables } from '../features/catalog/catalog.table.ts';
import type { CustomerTables } from '../features/customers/customers.table.ts';
import type { CartTables } from '../features/cart/cart.table.ts';
import type { CheckoutTables } from '../features/checkout/checkout.table.ts';
import type { PaymentTables } from '../features/payments/payments.table.ts';
import type { OrderTables } from '../features/orders/orders.table.ts';
import type { OrderNoteTables } from '../features/console-orders/order-notes.table.ts';
import type { ReturnTables } from '../features/returns/returns.table.ts';
import type { SupportTables } from '../features/support/support.table.ts';
import type { LabelTables } from '../features/labels/return-labels.table.ts';
import type { OutboundLabelTables } from '../features/labels/outbound-labels.table.ts';
import type { ClientErrorTables } from '../features/client-errors/client-errors.table.ts';
import type { EmailTables } from '../features/email/email.table.ts';
import type { RateLimitTables } from '../plugins/rate-limit-store.table.ts';
import type { AppSecretTables } from '../lib/app-secrets.table.ts';
import type { SettingsTables } from '../features/settings/settings.table.ts';
import type { IdentityTables } from '../features/identity/identity.table.ts';
import type { OperatorTables } from '../features/operators/operator-actions.table.ts';
import type { JobTables } from '../lib/jobs/jobs.table.ts';
import type { ReconciliationTables } from '../features/reconciliation/reconciliation.table.ts';
import type { TrackingTables } from '../features/tracking/tracking.table.ts';
import type { DiscountTables } from '../features/discounts/discounts.table.ts';
import type { MarketingTables } from '../features/marketing/marketing.table.ts';
import type { ReviewTables } from '../features/reviews/reviews.table.ts';
import type { BackInStockTables } from '../features/marketing/back-in-stock.table.ts';
import type { PaymentPageTables } from '../features/payment-page/payment-page.table.ts';

/** The whole schema, composed from the table types that live with each feature. */
export interface Database
  extends
    CatalogTables,
    SettingsTables,
    CustomerTables,
    CartTables,
    CheckoutTables,
    MarketingTables,
    ReviewTables,
    BackInStockTables,
    PaymentTables,
    OrderTables,
    OrderNoteTables,
    ReturnTables,
    LabelTables,
    OutboundLabelTables,
    SupportTables,
    ClientErrorTables,
    EmailTables,
    RateLimitTables,
    AppSecretTables,
    IdentityTables,
    OperatorTables,
    JobTables,
    ReconciliationTables,
    PaymentPageTables,
    TrackingTables,
    DiscountTables {}

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

/** Whether `db` (or a transaction of it) runs on PostgreSQL: several writers at once, row locks. */
export const isPostgres = (db: Pick<Db, 'getExecutor'>): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Runs `work` in the caller's transaction when `db` is one (its writes commit or roll back with the
 * caller's), else in a transaction of its own.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  ping(): Promise<void>;
  /** SQLite at FULL: the log's syncs shared by the commits (db/group-commit.ts). */
  commits?: GroupCommit;
  /** With `countStatements`: the statements run on it so far, by kind, and their time. */
  statements?: StatementCounts;
  close(): Promise<void>;
}

export function dialectOf(url: string): DialectName {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  if (url.startsWith('sqlite:') || url === ':memory:') return 'sqlite';
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got "${url}")`);
}

export interface DatabaseOptions {
  /** PostgreSQL connections per process (PG_POOL_MAX). */
  pgPoolMax?: number;
  /** Distinct statements each PostgreSQL connection keeps prepared; 0: none (PG_PREPARED_STATEMENTS). */
  pgPreparedStatements?: number;
  /** SQLite's durability level (SQLITE_SYNCHRONOUS, docs/decisions/002). */
  sqliteSynchronous?: 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA';
  /**
   * Count the statements, by kind, and time them (statement-counts.ts, for `/metrics`): on with
   * METRICS_TOKEN only, as everything measured (docs/decisions/035, 061).
   */
  countStatements?: boolean;
}

export async function openDatabase(
  url: string,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  const dialect = dialectOf(url);
  const statements = options.countStatements ? new StatementCounts() : undefined;
  const log = statements ? { log: statements.log } : {};
  if (dialect === 'postgres') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, max: options.pgPoolMax ?? 10 });
    // An idle client's connection can drop (PostgreSQL restarted, a failover): the pool discards it and
    // opens a new one on demand. Without this listener the error would crash the process.
    pool.on('error', (err) => console.error(`PostgreSQL idle connection error: ${err.message}`));
    // The texts run often are prepared once per connection (prepared-statements.ts, decision 060).
    const prepared = withPreparedStatements(
      pool,
      new StatementNames(options.pgPreparedStatements ?? STATEMENTS_PREPARED),
    );
    return handleFor(
      new Kysely<Database>({ dialect: new PostgresDialect({ pool: prepared }), ...log }),
      dialect,
      statements,
    );
  }

  const file = url === ':memory:' ? ':memory:' : url.slice('sqlite:'.length);
  if (file !== ':memory:') {
    const { mkdirSync } = await import('node:fs');
    const { dirname } = await import('node:path');
    mkdirSync(dirname(file), { recursive: true });
  }
  const sqlite = openSqliteFile(file);
  const wal = sqlite.pragma('journal_mode = WAL', { simple: true }) === 'wal';
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const synchronous = options.sqliteSynchronous ?? 'FULL';
  const database = withStatementCache(sqlite);
  if (synchronous !== 'FULL' || !wal) {
    sqlite.pragma(`synchronous = ${synchronous}`);
    return handleFor(
      new Kysely<Database>({ dialect: new SqliteDialect({ database }), ...log }),
      dialect,
      statements,
    );
  }
  // FULL: an acknowledged commit survives a killed process and a power cut (docs/decisions/002),
  // made by syncing the log once for the commits that arrive together (group-commit.ts, decision 059).
  sqlite.pragma('synchronous = NORMAL');
  const walFile = syncOfFile(`${file}-wal`);
  const commits = new GroupCommit(walFile.sync);
  const groupCommit = new GroupCommitSqliteDialect(
    { database },
    { inTransaction: () => sqlite.inTransaction, commits, close: walFile.close },
  );
  return {
    ...handleFor(new Kysely<Database>({ dialect: groupCommit, ...log }), dialect, statements),
    commits,
  };
}

function handleFor(
  db: Db,
  dialect: DialectName,
  statements: StatementCounts | undefined,
): DatabaseHandle {
  return {
    db,
    dialect,
    ...(statements ? { statements } : {}),
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
  };
}
