// The schema fuzzing at bench size (issue 31 item 1): apps/server/test/schema-fuzz.test.ts (and the
// hosted identity forms' fuzzing, identity-forms-fuzz.test.ts, scaled alike) with many
// more seeded cases than CI's 10,000: seven times as many (49,000 on SQLite, 21,000 on PostgreSQL when
// TEST_DATABASE_URL is set; BENCH_FUZZ_RUNS per database instead) and a new seed each run
// (BENCH_FUZZ_SEED to repeat one), printed so a failure can be replayed and kept as a regression case.
import { runServerTestFile } from './lib.mjs';

export function runFuzzBench() {
  const seed = Number(process.env.BENCH_FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
  const runs = Number(process.env.BENCH_FUZZ_RUNS) || 0;
  console.log(`\nfuzz: seed ${seed}`);
  const result = {
    seed,
    casesPerDatabase: runs || 'CI x 7',
    ...runServerTestFile('apps/server/test/schema-fuzz.test.ts', {
      FUZZ_SEED: String(seed),
      ...(runs ? { FUZZ_RUNS: String(runs) } : { FUZZ_RUNS_SCALE: '7' }),
    }),
    identityForms: runServerTestFile('apps/server/test/identity-forms-fuzz.test.ts', {
      FUZZ_SEED: String(seed),
      FUZZ_RUNS_SCALE: '7',
    }),
  };
  console.log(`\nfuzz: ${JSON.stringify(result)}`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) runFuzzBench();
