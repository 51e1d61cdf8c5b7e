/**
 * Operations from the command line: `node apps/server/dist/cli.mjs migrate|seed|oidc rotate-keys`.
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { rotateSigningKeys } from './features/identity/oidc-keys.ts';

const USAGE = 'usage: cli <migrate|seed|oidc rotate-keys>';

async function run(command: string | undefined): Promise<void> {
  const config = loadConfig();
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
        const inserted = await seed(database.db, { shopName: config.shopName });
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
