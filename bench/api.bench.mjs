// `npm run bench`: API throughput of the production build against a bare node:http baseline answering
// the same bytes, side by side in one run; then the checkout path. A benchmark, not a test.
import { fork, spawnSync } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, root, startShop, writeResult } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PATHS = ['/api/products', '/api/designs'];

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function startBaseline(responses) {
  const port = await freePort();
  const child = fork(path.join(root, 'bench/baseline-server.mjs'), [
    JSON.stringify({ port, responses }),
  ]);
  await new Promise((resolve) => child.once('message', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

console.log('> building the server');
const build = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);

const shop = await startShop({ LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' });
// Capture what the shop answers, so the baseline sends the same status, headers and bytes.
const responses = {};
for (const p of PATHS) {
  const res = await fetch(shop.url + p);
  const headers = Object.fromEntries(
    [...res.headers.entries()].filter(
      ([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k),
    ),
  );
  responses[p] = { status: res.status, headers, body: await res.text() };
}
const baseline = await startBaseline(responses);

const results = [];
try {
  for (const p of PATHS) {
    const rows = { path: p, bytes: responses[p].body.length, baseline: [], shop: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate so drift (thermal, other load) hits both sides alike.
      for (const [side, base] of [
        ['baseline', baseline.url],
        ['shop', shop.url],
      ]) {
        const r = await run(base + p);
        if (r.non2xx || r.errors)
          throw new Error(`${side} ${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        rows[side].push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
      }
    }
    const avg = (xs, k) => Math.round((xs.reduce((s, x) => s + x[k], 0) / xs.length) * 10) / 10;
    const summary = {
      path: p,
      bytes: rows.bytes,
      baseline: {
        rps: avg(rows.baseline, 'rps'),
        p50: avg(rows.baseline, 'p50'),
        p99: avg(rows.baseline, 'p99'),
      },
      shop: { rps: avg(rows.shop, 'rps'), p50: avg(rows.shop, 'p50'), p99: avg(rows.shop, 'p99') },
    };
    summary.ratio = summary.shop.rps / summary.baseline.rps;
    results.push(summary);
  }
} finally {
  baseline.stop();
  await shop.stop();
}

console.log(
  `\nAPI throughput (${CONNECTIONS} connections, ${DURATION} s x ${ROUNDS} rounds per side)`,
);
console.log('path              side       req/s     p50 ms  p99 ms');
for (const r of results) {
  for (const side of ['baseline', 'shop']) {
    const s = r[side];
    console.log(
      `${r.path.padEnd(17)} ${side.padEnd(9)} ${s.rps.toFixed(0).padStart(7)} ${String(s.p50).padStart(8)} ${String(s.p99).padStart(7)}`,
    );
  }
  console.log(`${r.path.padEnd(17)} ratio     ${(r.ratio * 100).toFixed(1)}% of baseline`);
}

// BENCH_ONLY=api skips the checkout path.
const { runCheckoutBench } = await import('./checkout.bench.mjs');
const checkout = process.env.BENCH_ONLY === 'api' ? null : await runCheckoutBench();

const file = writeResult('api', {
  date: new Date().toISOString(),
  connections: CONNECTIONS,
  duration: DURATION,
  rounds: ROUNDS,
  results,
  checkout,
});
console.log(`\nwrote ${path.relative(root, file)}`);
