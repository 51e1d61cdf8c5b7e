/**
 * Operations from the command line:
 * `node apps/server/dist/cli.mjs migrate|seed|prerender|backup|restore <file> [--force]|oidc rotate-keys|
 * admin grant <email>|admin revoke <email>`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from './config.ts';
import { JsonCache } from './lib/cached-json.ts';
import { writeBuiltPages } from './features/pages/built-pages.ts';
import { catalogAnswers } from './features/pages/catalog-answers.ts';
import { loadWebBuild } from './features/pages/prerender-module.ts';
import { PrerenderedPages } from './features/pages/prerendered-pages.ts';
import { indexPages } from './plugins/discovery.ts';
import { sql } from 'kysely';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { backupSqlite, defaultBackupDir, restoreSqlite, sqliteFileOf } from './db/backup.ts';
import { seed } from './db/seed.ts';
import { rotateSigningKeys } from './features/identity/oidc-keys.ts';
import { setOperatorRole } from './features/customers/operator-roles.ts';
import { recordOperatorAction } from './features/operators/operator-actions.ts';

const USAGE =
  'usage: cli <migrate|seed|prerender|backup|restore <file> [--force]|oidc rotate-keys|admin grant <email>|admin revoke <email>>';

const ON_POSTGRES =
  'DATABASE_URL is PostgreSQL: back it up and restore it with pg_dump and pg_restore (README, "Backups").';

/** `npm run db:backup`: a backup of the SQLite database now, as the hourly job makes it. */
function backup(config: Config): void {
  const file = sqliteFileOf(config.databaseUrl);
  if (!file) throw new Error(ON_POSTGRES);
  if (!existsSync(file)) throw new Error(`There is no database at ${file} to back up.`);
  const dir = config.backups.dir ?? defaultBackupDir(file);
  const done = backupSqlite(file, { dir, keep: config.backups.keep });
  console.log(
    `backed up ${file} to ${done.file} (${done.bytes} bytes in ${done.ms} ms)` +
      (done.removed.length
        ? `; removed ${done.removed.length} older (BACKUP_KEEP=${config.backups.keep})`
        : ''),
  );
}

/** `npm run db:restore -- <file> [--force]`: the backup in place of the SQLite database. */
function restore(config: Config, args: string[]): void {
  const file = sqliteFileOf(config.databaseUrl);
  if (!file) throw new Error(ON_POSTGRES);
  const force = args.includes('--force');
  const from = args.find((a) => a !== '--force');
  if (!from) {
    console.error('usage: npm run db:restore -- <backup file> [--force]');
    process.exitCode = 2;
    return;
  }
  const done = restoreSqlite(path.resolve(from), file, force);
  if (!done.ok) {
    console.error(done.message);
    process.exitCode = 1;
    return;
  }
  console.log(
    `restored ${file} from ${from}` +
      (done.replaced ? '' : ' (there was no database)') +
      '. The next start migrates it if it is older than this version.',
  );
}

/**
 * The build's prerendered pages (docs/decisions/025): the seeded catalogue on a scratch database,
 * rendered by the built storefront into <WEB_DIST_DIR>/pages.
 */
async function prerender(config: Config): Promise<void> {
  const build = await loadWebBuild(config.webDistDir);
  if (!build)
    throw new Error(`No prerendering module in ${config.webDistDir}: build the storefront`);
  const dir = mkdtempSync(path.join(tmpdir(), 'sunward-prerender-'));
  const scratch = await openDatabase(`sqlite:${path.join(dir, 'shop.db')}`, config);
  try {
    await migrateToLatest(scratch.db);
    await seed(scratch.db, { shopName: config.shopName, supportEmail: config.supportEmail });
    const template = indexPages(
      readFileSync(path.join(config.webDistDir, 'index.html'), 'utf8'),
      config.siteUrl,
    );
    const catalogCache = new JsonCache({ ttlMs: 60_000, max: 10 });
    const catalog = catalogAnswers({ db: scratch.db, catalogCache }, config);
    const pages = new PrerenderedPages({
      build,
      template: (name) => template(name, 'shop'),
      siteUrl: config.siteUrl,
      readCatalog: catalog.read,
      peekCatalog: catalog.peek,
      log: { error: (details, message) => console.error(message, details) },
    });
    const started = Date.now();
    await pages.warm();
    writeBuiltPages(path.join(config.webDistDir, 'pages'), config.siteUrl, pages.pages());
    console.log(`prerendered ${pages.pages().size} pages in ${Date.now() - started} ms`);
  } finally {
    await scratch.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function run(command: string | undefined): Promise<void> {
  const config = loadConfig();
  if (command === 'prerender') return prerender(config);
  // Before the database is opened here: a restore refuses a database anyone has open.
  if (command === 'backup') return backup(config);
  if (command === 'restore') return restore(config, process.argv.slice(3));
  const database = await openDatabase(config.databaseUrl, config);
  try {
    switch (command) {
      case 'migrate': {
        const applied = await migrateToLatest(database.db);
        console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
        break;
      }
      case 'seed': {
        await migrateToLatest(database.db);
        const inserted = await seed(database.db, {
          shopName: config.shopName,
          supportEmail: config.supportEmail,
        });
        console.log(
          inserted ? `seeded ${inserted} rows` : 'nothing to seed: the catalogue is in place',
        );
        break;
      }
      case 'oidc': {
        if (process.argv[3] !== 'rotate-keys') {
          console.error(USAGE);
          process.exitCode = 2;
          break;
        }
        await migrateToLatest(database.db);
        const { current, published } = await rotateSigningKeys(database.db);
        console.log(
          `new signing key ${current}; published: ${published.join(', ')}. ` +
            'Running servers sign with it within a minute.',
        );
        break;
      }
      case 'admin': {
        const [verb, email] = process.argv.slice(3);
        if ((verb !== 'grant' && verb !== 'revoke') || !email) {
          console.error('usage: npm run admin -- grant <email> | revoke <email>');
          process.exitCode = 2;
          break;
        }
        await migrateToLatest(database.db);
        const grant = verb === 'grant';
        const result = await database.db.transaction().execute(async (trx) => {
          // A write first: on SQLite a transaction that reads and then writes fails at once
          // ("database is locked") when the running shop wrote in between, whatever the busy
          // timeout; one that starts by writing waits its turn. Changes no row.
          await sql`update customers set updated_at = updated_at where 1 = 0`.execute(trx);
          const changed = await setOperatorRole(trx, email, grant);
          if (changed.ok && changed.value.changed) {
            // The command line is an operator too: who ran it, on which machine account.
            await recordOperatorAction(
              trx,
              { customerId: 'cli', email: `cli:${userInfo().username}`, name: 'command line' },
              {
                action: grant ? 'role.grant' : 'role.revoke',
                targetType: 'customer',
                targetId: changed.value.email,
              },
            );
          }
          return changed;
        });
        if (!result.ok) {
          console.error(result.message);
          process.exitCode = 1;
          break;
        }
        const { email: who, changed } = result.value;
        console.log(
          grant
            ? changed
              ? `${who} is now an operator: the console is at /admin.`
              : `${who} is already an operator.`
            : changed
              ? `${who} is no longer an operator (from their next request).` +
                (config.adminEmails.includes(who)
                  ? ' ADMIN_EMAILS still names them: take them off it, or the role comes back at their next sign-in.'
                  : '')
              : `${who} was not an operator.`,
        );
        break;
      }
      default:
        console.error(USAGE);
        process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

run(process.argv[2]).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
