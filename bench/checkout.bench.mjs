// The checkout path on the production build over HTTP: create intent, set address and shipping,
// confirm with the sandbox test card, create the order. Reports orders per second on SQLite next to
// the database's own single-row commit rate (WAL, synchronous=FULL), measured in the same run.
// Run alone with `node bench/checkout.bench.mjs`; `npm run bench` calls runCheckoutBench().
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, openSqlite, root, startShop } from './lib.mjs';
import { cartLine, confirmBody, updateBody } from './shopper.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CHECKOUT_CONCURRENCY ?? 8);
const COMMIT_SECONDS = Number(process.env.BENCH_COMMIT_SECONDS ?? 3);

// Two shirts of one size and design: one bag line.
const line = cartLine({ quantity: 2 });

async function post(url, body) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const STEPS = ['createIntent', 'updateIntent', 'confirm', 'createOrder'];

async function oneCheckout(base, timings) {
  let t = performance.now();
  const lap = (step) => {
    const now = performance.now();
    timings[step].push(now - t);
    t = now;
  };
  const pi = await post(`${base}/api/orders/create-pi-guest`, { cart: [line] });
  lap('createIntent');
  const keys = { paymentIntentId: pi.paymentIntentId, clientSecret: pi.clientSecret };
  const totals = await post(`${base}/api/orders/update-pi`, updateBody(keys, 'Bench Shopper'));
  lap('updateIntent');
  // Place Order: the server confirms for the option, address and total the page shows (decision 009).
  await post(
    `${base}/api/orders/confirm-pi`,
    confirmBody(keys, totals.total, 'Bench Shopper', `${base}/success`),
  );
  lap('confirm');
  const order = await post(`${base}/api/orders`, keys);
  lap('createOrder');
  return order.orderNumber;
}

/** Single-row insert transactions on a fresh file with the server's pragmas. */
function measureCommits(seconds) {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-commits-'));
  const db = openSqlite(path.join(dir, 'commits.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
    const commit = db.transaction((v) => insert.run(v));
    const until = performance.now() + seconds * 1000;
    const start = performance.now();
    let n = 0;
    while (performance.now() < until) {
      commit(`row ${n}`);
      n++;
    }
    return n / ((performance.now() - start) / 1000);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};

function build() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('server build failed');
}

/** `npm run bench` builds the server first; alone, this file builds it too (see the bottom). */
export async function runCheckoutBench() {
  if (!existsSync(path.join(root, 'apps/server/dist/main.mjs'))) build();
  const commitsPerSecond = measureCommits(COMMIT_SECONDS);
  const shop = await startShop({ LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' });
  const timings = Object.fromEntries(STEPS.map((s) => [s, []]));
  let elapsed;
  let serverCpuMsPerOrder = null;
  try {
    // Warm up (JIT, caches, first connections) outside the measurement.
    for (let i = 0; i < 10; i++)
      await oneCheckout(shop.url, Object.fromEntries(STEPS.map((s) => [s, []])));
    let next = 0;
    const cpuBefore = cpuSeconds(shop.pid);
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ORDERS) {
          next++;
          await oneCheckout(shop.url, timings);
        }
      }),
    );
    elapsed = (performance.now() - start) / 1000;
    // The shop's own CPU per order: steadier than orders/s, which waits on the disk's fsyncs.
    const cpuAfter = cpuSeconds(shop.pid);
    if (cpuBefore !== null && cpuAfter !== null)
      serverCpuMsPerOrder = ((cpuAfter - cpuBefore) * 1000) / ORDERS;
  } finally {
    await shop.stop();
  }
  const result = {
    database: 'sqlite (WAL, synchronous=FULL)',
    orders: ORDERS,
    concurrency: CONCURRENCY,
    seconds: Number(elapsed.toFixed(2)),
    ordersPerSecond: Number((ORDERS / elapsed).toFixed(1)),
    serverCpuMsPerOrder:
      serverCpuMsPerOrder === null ? null : Number(serverCpuMsPerOrder.toFixed(2)),
    commitsPerSecond: Number(commitsPerSecond.toFixed(0)),
    stepMedianMs: Object.fromEntries(STEPS.map((s) => [s, Number(median(timings[s]).toFixed(2))])),
  };
  // How many single-row commits one whole checkout costs in wall time.
  result.commitsPerOrder = Number((result.commitsPerSecond / result.ordersPerSecond).toFixed(1));
  console.log(
    `\nCheckout path (create intent, update, confirm, create order): ${ORDERS} orders, ${CONCURRENCY} at a time`,
  );
  console.log(`  orders per second          ${result.ordersPerSecond}`);
  if (result.serverCpuMsPerOrder !== null)
    console.log(`  shop CPU per order         ${result.serverCpuMsPerOrder} ms`);
  console.log(
    `  SQLite single-row commits  ${result.commitsPerSecond} per second (same run, same pragmas)`,
  );
  console.log(`  one order costs the time of ${result.commitsPerOrder} single-row commits`);
  console.log(
    `  median step ms             ${STEPS.map((s) => `${s} ${result.stepMedianMs[s]}`).join(', ')}`,
  );
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  build();
  const result = await runCheckoutBench();
  console.log(JSON.stringify(result, null, 2));
}
