// The crash test at bench size (issue 25): the shop SIGKILLed 100 times per database while shoppers
// return, cancel and check out and operators refund in the console (apps/server/test/crash.test.ts;
// CI runs 10 per database). PostgreSQL too when TEST_DATABASE_URL is set. Answers the kills and
// whether everything held: every return recorded got its label and label email, every email was sent
// once, every paid intent has one order or a refund, every refund is the provider's, stock adds up,
// and no stock hold outlived its expiry by more than a purge period.
import { runServerTestFile } from './lib.mjs';

const KILLS = Number(process.env.BENCH_CRASH_KILLS) || 100;

export function runCrashBench() {
  const result = {
    killsPerDatabase: KILLS,
    ...runServerTestFile('apps/server/test/crash.test.ts', { CRASH_KILLS: String(KILLS) }),
  };
  console.log(`\ncrash: ${JSON.stringify(result)}`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) runCrashBench();
