// `npm run bench`: API throughput of the production build against a bare node:http baseline answering
// the same bytes, side by side in one run; then the checkout path. A benchmark, not a test.
//
// Two more sides show where the cost lies: a plain Fastify route sending the same bytes (the framework's
// own cost), and the shop's Fastify route itself, reached past the fast lane (docs/decisions/008) by a
// query string the route ignores.
//
// Method: the servers run on one CPU and the load generator (autocannon, in this process) on another
// (bench/lib.mjs `pinning`), so the client never steals the server's core. After a warm-up run per
// side, short runs alternate baseline/shop, so drift on a shared machine hits both alike; the summary
// takes medians. Besides req/s it reports the server's CPU time per request (Linux), which does not
// depend on how fast the client can push.
import { fork, spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  cpuSeconds,
  freePort,
  pinClient,
  pinning,
  root,
  serverCommand,
  startShop,
  writeResult,
} from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
// The catalogue lists and two prerendered pages (a design's, the home page), asked for as a browser
// asks (Accept-Encoding), so every side sends the bytes a browser gets: brotli.
// BENCH_PATHS (comma-separated) measures only those.
const PATHS = process.env.BENCH_PATHS?.split(',') ?? [
  '/api/products',
  '/api/designs',
  '/designs/alaska',
  '/',
];
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

function load(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration,
        pipelining: 1,
        headers: { 'accept-encoding': ACCEPT_ENCODING },
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** The shop's answer to `url` as sent (fetch would inflate a compressed body). */
function capture(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** Starts bench/<script> (the node:http baseline or the plain Fastify reference) on the server CPU. */
async function startReference(script, responses) {
  const port = await freePort();
  const { command, args } = serverCommand([]);
  const child = fork(path.join(root, 'bench', script), [JSON.stringify({ port, responses })], {
    execPath: command,
    execArgv: args,
  });
  await new Promise((resolve) => child.once('message', resolve));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill() };
}

/** One measured run: req/s, latency and, where the OS tells, server CPU µs per request. */
async function measure(side, url, pid) {
  const before = cpuSeconds(pid);
  const r = await load(url, DURATION);
  const after = cpuSeconds(pid);
  if (r.non2xx || r.errors)
    throw new Error(`${side} ${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUs: before === null ? null : ((after - before) * 1e6) / r.requests.total,
  };
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round1 = (x) => (x === null ? null : Math.round(x * 10) / 10);

// `-- --no-build` measures the server as built (another build's dist put in place, side by side).
if (!process.argv.includes('--no-build')) {
  console.log('> building the server');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(1);
}

pinClient();
const shop = await startShop({ LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' });
// Capture what the shop answers, so the baseline sends the same status, headers and bytes.
const responses = {};
for (const p of PATHS) {
  const { res, body } = await capture(shop.url + p);
  const headers = Object.fromEntries(
    Object.entries(res.headers).filter(
      ([k]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k),
    ),
  );
  responses[p] = { status: res.statusCode, headers, body: body.toString('base64') };
}
const baseline = await startReference('baseline-server.mjs', responses);
const fastify = await startReference('fastify-server.mjs', responses);
const route = { ...shop, url: shop.url, query: '?via=route' };
const sides = [
  ['baseline', baseline],
  ['fastify', fastify],
  ['route', route],
  ['shop', shop],
];
const SIDES = sides.map(([side]) => side);

const results = [];
try {
  for (const p of PATHS) {
    for (const [, server] of sides) await load(server.url + p + (server.query ?? ''), WARMUP);
    const runs = Object.fromEntries(SIDES.map((side) => [side, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [side, server] of sides)
        runs[side].push(await measure(side, server.url + p + (server.query ?? ''), server.pid));
    }
    const summary = {
      path: p,
      bytes: Buffer.from(responses[p].body, 'base64').length,
      encoding: responses[p].headers['content-encoding'] ?? null,
      runs,
    };
    for (const side of SIDES) {
      summary[side] = Object.fromEntries(
        ['rps', 'p50', 'p99', 'cpuUs'].map((k) => [k, round1(median(runs[side].map((r) => r[k])))]),
      );
    }
    // Throughput ratio of the medians, and the spread of the per-round (adjacent runs) ratios.
    summary.ratio = summary.shop.rps / summary.baseline.rps;
    const paired = runs.shop.map((s, i) => s.rps / runs.baseline[i].rps).sort((a, b) => a - b);
    summary.pairedRatios = { min: paired[0], median: median(paired), max: paired.at(-1) };
    summary.fastifyRatio = summary.fastify.rps / summary.baseline.rps;
    summary.routeRatio = summary.route.rps / summary.baseline.rps;
    summary.cpuRatio =
      summary.shop.cpuUs && summary.baseline.cpuUs
        ? summary.baseline.cpuUs / summary.shop.cpuUs
        : null;
    results.push(summary);
  }
} finally {
  baseline.stop();
  fastify.stop();
  await shop.stop();
}

const pct = (x) => (x === null ? '  n/a' : `${(x * 100).toFixed(1)}%`);
console.log(
  `\nAPI throughput: ${CONNECTIONS} connections, ${ROUNDS} alternating runs of ${DURATION} s per side, medians; ` +
    (pinning ? `servers on CPU ${pinning.server}, client on CPU ${pinning.client}` : 'not pinned'),
);
console.log('path              side        req/s   p50 ms  p99 ms  CPU µs/req');
for (const r of results) {
  for (const side of SIDES) {
    const s = r[side];
    console.log(
      `${r.path.padEnd(17)} ${side.padEnd(9)} ${s.rps.toFixed(0).padStart(7)} ${String(s.p50).padStart(8)} ${String(s.p99).padStart(7)} ${String(s.cpuUs ?? 'n/a').padStart(11)}`,
    );
  }
  const { min, max } = r.pairedRatios;
  console.log(
    `${r.path.padEnd(17)} shop/baseline: ${pct(r.ratio)} of the req/s (runs ${pct(min)} to ${pct(max)}), ` +
      `${pct(r.cpuRatio)} by CPU per request; the shop's Fastify route: ${pct(r.routeRatio)}; ` +
      `plain Fastify: ${pct(r.fastifyRatio)}`,
  );
}

// BENCH_ONLY=api skips the checkout path, the journey beside Vendure's, the orders list, the job engine, SQLite's commits, the crash test, the fuzzing, the model test and the open-loop load.
const { runCheckoutBench } = await import('./checkout.bench.mjs');
const checkout = process.env.BENCH_ONLY === 'api' ? null : await runCheckoutBench();
const { runJourneyBench } = await import('./journey.bench.mjs');
const journey = process.env.BENCH_ONLY === 'api' ? null : await runJourneyBench();
const { runOrdersBench } = await import('./orders.bench.mjs');
const orders = process.env.BENCH_ONLY === 'api' ? null : await runOrdersBench();
const { runJobsBench } = await import('./jobs.bench.mjs');
const jobs = process.env.BENCH_ONLY === 'api' ? null : await runJobsBench();
const { runCommitsBench } = await import('./commits.bench.mjs');
const commits = process.env.BENCH_ONLY === 'api' ? null : await runCommitsBench();
const { runCrashBench } = await import('./crash.bench.mjs');
const crash = process.env.BENCH_ONLY === 'api' ? null : runCrashBench();
const { runFuzzBench } = await import('./fuzz.bench.mjs');
const fuzz = process.env.BENCH_ONLY === 'api' ? null : runFuzzBench();
const { runModelBench } = await import('./model.bench.mjs');
const model = process.env.BENCH_ONLY === 'api' ? null : runModelBench();
const { runLoadBench } = await import('./load.bench.mjs');
const loadRuns = process.env.BENCH_ONLY === 'api' ? null : await runLoadBench();

const file = writeResult('api', {
  date: new Date().toISOString(),
  connections: CONNECTIONS,
  duration: DURATION,
  rounds: ROUNDS,
  pinning,
  results,
  checkout,
  journey,
  orders,
  jobs,
  commits,
  crash,
  fuzz,
  model,
  load: loadRuns,
});
console.log(`\nwrote ${path.relative(root, file)}`);
