/**
 * A whole shop in a process of its own, for the crash test (crash-shops.ts): loads the app's modules
 * (seconds) and says so over IPC, then waits for its task, so a parent can start the next shop while
 * the current one serves. Given the task it opens the test's database with its own connections,
 * builds the app (web and job worker), listens on a free port and tells the parent the port. A parent
 * SIGKILLs it to crash it mid-request, mid-job; SIGTERM closes it as `npm start` would.
 */
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { buildApp } from '../src/app.ts';
import { FAST_JOBS } from '../src/lib/jobs/testing/job-test-kit.ts';

export interface ShopTask {
  url: string;
  /** Test caps on the job engine (leases, retry delays), as the parent's own app has them. */
  jobs: { maxLeaseMs?: number; maxBackoffMs?: number };
  /** The test's own settings (shorter stock holds), as the parent's own app has them. */
  config?: Partial<Config>;
}

// A shop outlives no test: when the parent goes (a test run stopped), so does it.
process.once('disconnect', () => process.exit(1));
process.send!({ loaded: true });
const {
  url,
  jobs,
  config: overrides,
} = await new Promise<ShopTask>((resolve) =>
  process.once('message', (task) => resolve(task as ShopTask)),
);
const database = await openDatabase(url);
const config: Config = {
  ...loadConfig({ NODE_ENV: 'test' }),
  databaseUrl: url,
  webDistDir: '/nonexistent',
  rateLimitMax: 10_000,
  ...overrides,
};
const app = await buildApp({
  config,
  database,
  logger: false,
  jobs: { ...FAST_JOBS, ...jobs, pgBoss: { ...FAST_JOBS.pgBoss, poolMax: 4 } },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
config.siteUrl = `http://127.0.0.1:${port}`;
process.send!({ port });
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
