import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { buildApp } from './app.ts';
import { drain } from './lib/graceful-shutdown.ts';

/** Starts the shop: open the database, migrate, seed on first run, serve; drain on SIGTERM. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl, config);
  await migrateToLatest(database.db);
  if (config.seedOnStart) await seed(database.db, { shopName: config.shopName });

  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish within 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await drain(app);
      await database.close();
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.shopName} is open at ${config.siteUrl} (database: ${database.dialect})`);
}

main().catch((err: unknown) => {
  // A bad environment is the operator's to fix: its lines say what, a stack trace would not help.
  if (err instanceof ConfigError) {
    for (const line of err.message.split('\n')) console.error(`Cannot start: ${line}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
