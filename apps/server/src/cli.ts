/**
 * Operations from the command line:
 * `node apps/server/dist/cli.mjs migrate|seed|oidc rotate-keys|admin grant <email>|admin revoke <email>`.
 */
import { userInfo } from 'node:os';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { rotateSigningKeys } from './features/identity/oidc-keys.ts';
import { setOperatorRole } from './features/customers/operator-roles.ts';
import { recordOperatorAction } from './features/operators/operator-actions.ts';

const USAGE = 'usage: cli <migrate|seed|oidc rotate-keys|admin grant <email>|admin revoke <email>>';

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
