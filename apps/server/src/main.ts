import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed.ts';
import { buildApp } from './app.ts';
import { InvalidSettingsError, loadSettings } from './features/settings/settings.ts';
import { drain } from './lib/graceful-shutdown.ts';

/** Starts the shop: open the database, migrate, seed on first run, serve; drain on SIGTERM. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl, {
    ...config,
    countStatements: config.metricsToken !== undefined,
  });
  await migrateToLatest(database.db);
  if (config.seedOnStart)
    await seed(database.db, { shopName: config.shopName, supportEmail: config.supportEmail });
  // A stored setting that is not valid stops the start (InvalidSettingsError, one line per setting).
  const { shopName } = await loadSettings(database.db);

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

  // PROCESS_ROLE=worker runs jobs and schedules only (plugins/jobs.ts): no HTTP port.
  if (config.processRole === 'worker') {
    // No server keeps the process up: the job engine's worker loops do (their idle waits are timers),
    // until shutdown exits.
    await app.ready();
    app.log.info(`${shopName} worker is running jobs (database: ${database.dialect})`);
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `${shopName} is open at ${config.siteUrl} (database: ${database.dialect}, role: ${config.processRole})`,
  );
}

main().catch((err: unknown) => {
  // A bad environment or stored setting is the operator's to fix: its lines say what, a stack would not.
  if (err instanceof ConfigError || err instanceof InvalidSettingsError) {
    const lines = err instanceof ConfigError ? err.message.split('\n') : err.describe();
    for (const line of lines) console.error(`Cannot start: ${line}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
