// Shoppers at a fixed arrival rate (an open loop: a new shopper arrives on schedule whether or not the
// others are done, as real traffic does), against one shop process on SQLite and against N processes on
// one PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), at rising rates. Each shopper walks the
// API as the storefront does:
//   70% browse: a design's page, the three catalogue lists, the size's stock;
//   20% leave at checkout: browse, then open checkout (create-pi) and give an address and shipping
//       (update-pi, which holds the stock) and go;
//   10% buy: the same, then Place Order (confirm-pi) and the order (POST /api/orders).
// Reported per rate: each step's p50 and p99, errors, the shoppers who finished, and the shops' CPU
// per shopper. A rate is held when every step's p99 is within BENCH_LOAD_P99_MS and nothing failed.
// Sizes follow the spread of a shirt shop's sales, so buyers of one size meet as they would.
//
//   node bench/load.bench.mjs                      one SQLite process, then 2 and 4 on PostgreSQL
//   BENCH_LOAD_RATES=200,400,600 BENCH_LOAD_SECONDS=10 BENCH_LOAD_PROCESSES=2 node bench/load.bench.mjs
//
// The load generator runs on the same machine (127.0.0.1 only, bounded duration): the figures are
// for comparing builds and set-ups side by side, not a capacity promise.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { PRODUCT, cartLine, confirmBody, updateBody } from './shopper.mjs';

// Processes share the cores with PostgreSQL and this client: not pinned (bench/lib.mjs `pinning`).
process.env.BENCH_PIN ??= '0';
const { cpuSeconds, openSqlite, root, startShop, withScratchPostgres, writeResult } =
  await import('./lib.mjs');

const RATES = (process.env.BENCH_LOAD_RATES ?? '200,400,600,800').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const P99_MS = Number(process.env.BENCH_LOAD_P99_MS ?? 100);
const PG_PROCESSES = (process.env.BENCH_LOAD_PROCESSES ?? '2,4').split(',').map(Number);
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** Counted stock large enough never to sell out: the holds and takes run as in a shop that counts. */
const STOCK = 10_000_000;

// The spread of a shirt shop's sales by size (regular and short), and 30 designs.
const SIZES = [
  ['smr', 8],
  ['mdr', 20],
  ['lgr', 22],
  ['xlr', 15],
  ['xxlr', 7],
  ['sms', 5],
  ['mds', 9],
  ['lgs', 8],
  ['xls', 4],
  ['xss', 2],
];
const SIZE_WEIGHT = SIZES.reduce((s, [, w]) => s + w, 0);
const STEPS = ['page', 'lists', 'stock', 'createIntent', 'updateIntent', 'confirm', 'createOrder'];

function pickSize(random) {
  let n = random * SIZE_WEIGHT;
  for (const [size, weight] of SIZES) {
    n -= weight;
    if (n < 0) return size;
  }
  return SIZES[0][0];
}

class Shoppers {
  constructor(urls, designs) {
    // One connection pool per process; each request goes to the next process (a round-robin balancer).
    this.pools = urls.map((url) => new Pool(url, { connections: 64, pipelining: 1 }));
    this.designs = designs;
    this.turn = 0;
    this.reset();
  }

  reset() {
    this.timings = Object.fromEntries(STEPS.map((s) => [s, []]));
    this.errors = {};
    this.finished = 0;
  }

  async request(method, pathname, body) {
    const pool = this.pools[this.turn++ % this.pools.length];
    const res = await pool.request({
      method,
      path: pathname,
      headers: body
        ? { 'content-type': 'application/json', 'accept-encoding': 'br' }
        : { 'accept-encoding': 'br' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.body.text();
    if (res.statusCode >= 400) {
      let code = '';
      try {
        code = ` ${JSON.parse(text).code}`;
      } catch {
        // not JSON
      }
      throw new Error(`${method} ${pathname}: ${res.statusCode}${code}`);
    }
    return { status: res.statusCode, text };
  }

  async step(name, work) {
    const start = performance.now();
    try {
      const result = await work();
      this.timings[name].push(performance.now() - start);
      return result;
    } catch (err) {
      const key = `${name}: ${err.message.split(':').slice(1).join(':').trim() || err.message}`;
      this.errors[key] = (this.errors[key] ?? 0) + 1;
      throw err;
    }
  }

  async browse(design) {
    await this.step('page', () => this.request('GET', `/designs/${design}`));
    await this.step('lists', () =>
      Promise.all([
        this.request('GET', '/api/products'),
        this.request('GET', '/api/designs'),
        this.request('GET', '/api/configuration'),
      ]),
    );
    await this.step('stock', () => this.request('GET', `/api/inventory/${PRODUCT}`));
  }

  async checkout(design, size, buy) {
    const line = cartLine({ size, design });
    const json = (r) => JSON.parse(r.text);
    const pi = json(
      await this.step('createIntent', () =>
        this.request('POST', '/api/orders/create-pi-guest', { cart: [line] }),
      ),
    );
    const keys = { paymentIntentId: pi.paymentIntentId, clientSecret: pi.clientSecret };
    const totals = json(
      await this.step('updateIntent', () =>
        this.request('POST', '/api/orders/update-pi', updateBody(keys, 'Load Shopper')),
      ),
    );
    if (!buy) return;
    await this.step('confirm', () =>
      this.request(
        'POST',
        '/api/orders/confirm-pi',
        confirmBody(keys, totals.total, 'Load Shopper', 'http://127.0.0.1/success'),
      ),
    );
    await this.step('createOrder', () => this.request('POST', '/api/orders', keys));
  }

  async shopper() {
    const r = Math.random();
    const design = this.designs[Math.floor(Math.random() * this.designs.length)];
    const size = pickSize(Math.random());
    try {
      await this.browse(design);
      if (r >= 0.7) await this.checkout(design, size, r >= 0.9);
      this.finished++;
    } catch {
      // Counted in errors by the step that failed.
    }
  }

  /** Shoppers arrive every 1/rate s for `seconds`; resolves when the last one is done. */
  async run(rate, seconds) {
    const total = Math.round(rate * seconds);
    const interval = 1000 / rate;
    const start = performance.now();
    const running = [];
    let lag = 0;
    for (let i = 0; i < total; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      else lag = Math.max(lag, -wait);
      running.push(this.shopper());
    }
    await Promise.all(running);
    return { shoppers: total, clientLagMs: Math.round(lag) };
  }

  close() {
    return Promise.all(this.pools.map((p) => p.close()));
  }
}

const quantile = (xs, q) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(1));
};

/**
 * Samples what the database's active backends wait on, every 20 ms while a rate runs (PostgreSQL's
 * pg_stat_activity): the share of backend samples waiting on a lock is the figure issue 26 asks about.
 */
function waitSampler(client, database) {
  // Commits and WAL flushes by PostgreSQL's own counters (each backend reports them at most once a
  // second while busy): what the checkout's durability costs the disk.
  const counters = async () => {
    const { rows } = await client.query(
      `select (select xact_commit from pg_stat_database where datname = $1) as commits,
              (select wal_sync from pg_stat_wal) as wal_syncs`,
      [database],
    );
    return { commits: Number(rows[0].commits), walSyncs: Number(rows[0].wal_syncs) };
  };
  const before = counters();
  const counts = {};
  /** The statements found waiting on a lock, by their first words. */
  const lockedStatements = {};
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 60) as statement
           from pg_stat_activity
          where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
        [database],
      );
      for (const { wait, statement } of rows) {
        counts[wait] = (counts[wait] ?? 0) + 1;
        if (wait.startsWith('Lock:'))
          lockedStatements[statement] = (lockedStatements[statement] ?? 0) + 1;
      }
      samples += rows.length;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    const [start, end] = [await before, await counters()];
    const locks = Object.entries(counts)
      .filter(([w]) => w.startsWith('Lock:'))
      .reduce((n, [, c]) => n + c, 0);
    const top = Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5);
    return {
      backendSamples: samples,
      lockWaitShare: samples ? Number((locks / samples).toFixed(3)) : 0,
      commits: end.commits - start.commits,
      walSyncs: end.walSyncs - start.walSyncs,
      top: Object.fromEntries(top),
      lockedStatements: Object.fromEntries(
        Object.entries(lockedStatements)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8),
      ),
    };
  };
}

/**
 * The machine's busy time from /proc/stat (every core: user, nice, system, irq, softirq, steal), as
 * a mark; given an earlier mark, the cores busy on average since then and how many there are.
 */
function machineCpu(since) {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  const mark = { busy, all: busy + idle + iowait };
  if (!since) return mark;
  const share = (mark.busy - since.busy) / (mark.all - since.all);
  const cores = availableParallelism();
  return { busy: Number((share * cores).toFixed(2)), cores };
}

/** Runs the rates against shops at `urls` (their pids for CPU), stopping after the first rate lost. */
async function runRates(label, urls, pids, sampleWaits) {
  const designs = JSON.parse(await fetch(`${urls[0]}/api/designs`).then((r) => r.text())).map(
    (d) => d.designName,
  );
  const shoppers = new Shoppers(urls, designs);
  const results = [];
  try {
    await shoppers.run(50, 3); // warm-up: JIT, caches, connections
    for (const rate of RATES) {
      shoppers.reset();
      const cpuBefore = pids.map(cpuSeconds);
      const machineBefore = machineCpu();
      const clientBefore = process.cpuUsage();
      const stopSampling = sampleWaits?.();
      const { shoppers: n, clientLagMs } = await shoppers.run(rate, SECONDS);
      const cpu = pids.map((pid, i) => cpuSeconds(pid) - cpuBefore[i]);
      const machine = machineCpu(machineBefore);
      const client = process.cpuUsage(clientBefore);
      const waits = stopSampling ? await stopSampling() : null;
      const steps = Object.fromEntries(
        STEPS.map((s) => [
          s,
          {
            n: shoppers.timings[s].length,
            p50: quantile(shoppers.timings[s], 0.5),
            p99: quantile(shoppers.timings[s], 0.99),
          },
        ]),
      );
      const errors = Object.values(shoppers.errors).reduce((a, b) => a + b, 0);
      const worstP99 = Math.max(...Object.values(steps).map((s) => s.p99 ?? 0));
      const result = {
        rate,
        shoppers: n,
        finished: shoppers.finished,
        errors,
        errorKinds: shoppers.errors,
        steps,
        worstP99,
        held: errors === 0 && worstP99 <= P99_MS,
        cpuMsPerShopper: Number(((cpu.reduce((a, b) => a + b, 0) * 1000) / n).toFixed(2)),
        cpuCoresPerProcess: cpu.map((c) => Number((c / SECONDS).toFixed(2))),
        // The whole machine (shops, database, this client, anything else) and this client alone.
        machineCoresBusy: machine,
        clientCores: Number(((client.user + client.system) / 1e6 / SECONDS).toFixed(2)),
        clientLagMs,
        waits,
      };
      results.push(result);
      console.log(
        `${label.padEnd(14)} ${String(rate).padStart(5)}/s  ${result.held ? 'held' : 'LOST'}  worst p99 ${worstP99} ms  errors ${errors}  ` +
          `CPU ${result.cpuMsPerShopper} ms/shopper (${result.cpuCoresPerProcess.join(' + ')} cores)  ` +
          `machine ${result.machineCoresBusy.busy} of ${result.machineCoresBusy.cores} cores busy (client ${result.clientCores})  ` +
          (waits
            ? `lock waits ${(waits.lockWaitShare * 100).toFixed(0)}% of backend samples  ` +
              `${(waits.commits / n).toFixed(1)} commits and ${(waits.walSyncs / n).toFixed(1)} WAL flushes per shopper  `
            : '') +
          STEPS.filter((s) => steps[s].n)
            .map((s) => `${s} ${steps[s].p50}/${steps[s].p99}`)
            .join(' '),
      );
      if (!result.held) break;
    }
  } finally {
    await shoppers.close();
  }
  return results;
}

async function sqliteRun() {
  const shop = await startShop({ LOG_LEVEL: 'warn' });
  try {
    const db = openSqlite(path.join(shop.dir, 'shop.db'));
    db.prepare('UPDATE inventory SET stock = ?').run(STOCK);
    db.close();
    return { setup: 'sqlite x1', results: await runRates('sqlite x1', [shop.url], [shop.pid]) };
  } finally {
    await shop.stop();
  }
}

async function postgresRun(processes) {
  const { default: pg } = await import('pg');
  const name = `sunward_bench_load_${process.pid}_${processes}`;
  return withScratchPostgres(PG_ADMIN, name, async (url) => {
    const shops = [];
    try {
      // The first process migrates and seeds; the others join the database as it is.
      for (let i = 0; i < processes; i++) {
        shops.push(await startShop({ LOG_LEVEL: 'warn', DATABASE_URL: url }));
      }
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('UPDATE inventory SET stock = $1', [STOCK]);
        const label = `postgres x${processes}`;
        const results = await runRates(
          label,
          shops.map((s) => s.url),
          shops.map((s) => s.pid),
          () => waitSampler(client, name),
        );
        return { setup: label, results };
      } finally {
        await client.end();
      }
    } finally {
      for (const shop of shops) await shop.stop();
    }
  });
}

export async function runLoadBench() {
  console.log(
    `\nShoppers at fixed arrival rates (70% browse, 20% leave at checkout, 10% buy), ${SECONDS} s per rate; held = every step's p99 <= ${P99_MS} ms, 0 errors`,
  );
  // BENCH_LOAD_SQLITE=0 measures PostgreSQL only.
  const runs = process.env.BENCH_LOAD_SQLITE === '0' ? [] : [await sqliteRun()];
  if (PG_ADMIN) for (const n of PG_PROCESSES) runs.push(await postgresRun(n));
  for (const run of runs) {
    const held = run.results.filter((r) => r.held).map((r) => r.rate);
    run.heldRate = held.length ? Math.max(...held) : 0;
    console.log(`${run.setup.padEnd(14)} holds ${run.heldRate} shoppers/s`);
  }
  return runs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(1);
  }
  const runs = await runLoadBench();
  const file = writeResult('load', {
    date: new Date().toISOString(),
    seconds: SECONDS,
    p99Ms: P99_MS,
    runs,
  });
  console.log(`\nwrote ${path.relative(root, file)}`);
}
