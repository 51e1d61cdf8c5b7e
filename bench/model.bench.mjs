// The stateful model test at bench size (issue 31 item 1, docs/decisions/057):
// apps/server/test/model-walk.test.ts with ten times CI's walks (300 on SQLite, 250 on PostgreSQL
// when TEST_DATABASE_URL is set; BENCH_MODEL_RUNS per database instead) and a new seed each run
// (BENCH_MODEL_SEED to repeat one), printed so a failing walk can be replayed (MODEL_SEED and
// MODEL_PATH) and kept as a regression case.
import { runServerTestFile } from './lib.mjs';

export function runModelBench() {
  const seed = Number(process.env.BENCH_MODEL_SEED) || Math.floor(Math.random() * 2 ** 31);
  const runs = Number(process.env.BENCH_MODEL_RUNS) || 0;
  console.log(`\nmodel: seed ${seed}`);
  const result = {
    seed,
    walksPerDatabase: runs || 'CI x 10',
    ...runServerTestFile('apps/server/test/model-walk.test.ts', {
      MODEL_SEED: String(seed),
      ...(runs ? { MODEL_RUNS: String(runs) } : { MODEL_RUNS_SCALE: '10' }),
    }),
  };
  console.log(`\nmodel: ${JSON.stringify(result)}`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) runModelBench();
