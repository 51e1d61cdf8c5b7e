// One whole shopper journey, side by side with the Vendure peer (issue 26 item 5): server CPU per
// journey, the same steps on both. A benchmark, not a test.
//
// The journey, as a shopper makes it on each shop:
// - Sunward (production build, one process on SQLite): a design's page, the catalogue lists and the
//   shirt's stock; a guest payment intent for a bag of two lines (two designs, two sizes); the
//   address check; the address and ground shipping (which prices the bag and holds the stock); Place
//   Order with the sandbox's test card; the order.
// - Vendure 3 (../shared/peers/vendure, its README: one process on SQLite, the same 30 designs x 10
//   sizes): the design's product and the product list; two addItemToOrder; setCustomerForOrder;
//   setOrderShippingAddress; eligibleShippingMethods and setOrderShippingMethod;
//   transitionOrderToState(ArrangingPayment); addPaymentToOrder with its dummy payment method (the
//   order placed).
//
// Statements per journey (all, writes, commits, the mean time of one): the shop runs with METRICS_TOKEN
// (BENCH_METRICS_TOKEN) and its `/metrics` is read before and after each round
// (`sunward_db_statements_total`, counted by Kysely's query log: docs/decisions/061). The metrics cost
// the shop about 1.5% of its CPU (docs/benchmarks/load.md, 2026-11-29 ninth session);
// BENCH_METRICS_TOKEN= (empty) runs it without them, as before that session.
//
// BENCH_JOURNEY_POSTGRES=1: the shop on a scratch database of the PostgreSQL server at
// BENCH_DATABASE_URL (or TEST_DATABASE_URL), and PostgreSQL's own CPU per journey beside the shop's
// (every process of the server's user: backends, WAL writer, checkpointer).
//
// Method: a warm-up of BENCH_JOURNEY_WARMUP journeys, then BENCH_JOURNEYS journeys, BENCH_JOURNEY_CONCURRENCY
// at a time (a closed loop: the figure is CPU, not throughput), read from /proc as the server
// process's user + system time over the measured journeys. Rounds alternate the two servers so drift on
// a shared machine hits both. The peer is measured when it answers at BENCH_VENDURE_URL (default
// http://127.0.0.1:3100/shop-api) and its process id is in BENCH_VENDURE_PID or
// /tmp/peer-vendure/server.pid (`../shared/peers/vendure/setup-and-run.sh` starts it there).
//
//   node bench/journey.bench.mjs            (builds the server first)
//   node bench/journey.bench.mjs --no-build
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { cpuSeconds, root, startShop, withScratchPostgres, writeResult } from './lib.mjs';
import { address, cartLine, confirmBody, PRODUCT, updateBody } from './shopper.mjs';

const JOURNEYS = Number(process.env.BENCH_JOURNEYS ?? 200);
const WARMUP = Number(process.env.BENCH_JOURNEY_WARMUP ?? 120);
const CONCURRENCY = Number(process.env.BENCH_JOURNEY_CONCURRENCY ?? 4);
const ROUNDS = Number(process.env.BENCH_JOURNEY_ROUNDS ?? 3);
const VENDURE_URL = process.env.BENCH_VENDURE_URL ?? 'http://127.0.0.1:3100/shop-api';
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ON_POSTGRES = process.env.BENCH_JOURNEY_POSTGRES === '1';
const DESIGNS = ['alaska', 'key-west', 'grand-canyon', 'sunset-cove', 'hawaiian-islands'];
/** The shop's `/metrics` token: its statement counts give the statements per journey. */
const METRICS_TOKEN = process.env.BENCH_METRICS_TOKEN ?? 'bench-journey-metrics-token-0123456789';

async function answer(res, what) {
  const text = await res.body.text();
  if (res.statusCode >= 400) throw new Error(`${what}: ${res.statusCode} ${text.slice(0, 200)}`);
  return text;
}

/** Sunward's journey over its HTTP API, as the storefront makes it. */
function sunwardJourney(url) {
  const pool = new Pool(url, { connections: CONCURRENCY * 2 });
  const get = async (path) =>
    answer(await pool.request({ method: 'GET', path, headers: { 'accept-encoding': 'br' } }), path);
  const post = async (path, body) =>
    JSON.parse(
      await answer(
        await pool.request({
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
          body: JSON.stringify(body),
        }),
        path,
      ),
    );
  let n = 0;
  return {
    pool,
    async run() {
      const i = n++;
      const design = DESIGNS[i % DESIGNS.length];
      await get(`/designs/${design}`);
      await Promise.all([get('/api/products'), get('/api/designs'), get('/api/configuration')]);
      await get(`/api/inventory/${PRODUCT}`);
      const cart = [
        cartLine({ design, size: 'mdr' }),
        cartLine({ id: 'l2', itemId: 2, design: DESIGNS[(i + 1) % DESIGNS.length], size: 'lgr' }),
      ];
      const pi = await post('/api/orders/create-pi-guest', { cart });
      const keys = { paymentIntentId: pi.paymentIntentId, clientSecret: pi.clientSecret };
      await get(`/api/usps/address-check/${encodeURIComponent(JSON.stringify(address))}`);
      const totals = await post('/api/orders/update-pi', updateBody(keys, 'Journey Shopper'));
      await post(
        '/api/orders/confirm-pi',
        confirmBody(keys, totals.total, 'Journey Shopper', 'http://127.0.0.1/success'),
      );
      await post('/api/orders', keys);
    },
  };
}

/** Vendure's journey over its Shop API (GraphQL), a session per shopper (bearer token). */
function vendureJourney(shopApi) {
  const target = new URL(shopApi);
  const pool = new Pool(target.origin, { connections: CONCURRENCY * 2 });
  let variants = null;
  let paymentCode = null;
  let n = 0;
  async function gql(token, query, variables = {}) {
    const res = await pool.request({
      method: 'POST',
      path: target.pathname,
      headers: {
        'content-type': 'application/json',
        ...(token.value ? { authorization: `Bearer ${token.value}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    token.value = res.headers['vendure-auth-token'] ?? token.value;
    const json = JSON.parse(await answer(res, 'shop-api'));
    if (json.errors) throw new Error(`shop-api: ${JSON.stringify(json.errors).slice(0, 300)}`);
    const result = Object.values(json.data)[0];
    if (result?.errorCode) throw new Error(`shop-api: ${result.errorCode} ${result.message}`);
    return json.data;
  }
  return {
    pool,
    async run() {
      const i = n++;
      const design = DESIGNS[i % DESIGNS.length];
      const other = DESIGNS[(i + 1) % DESIGNS.length];
      const token = { value: null };
      const page = await gql(
        token,
        `query ($slug: String!) { product(slug: $slug) { id name slug variants { id sku priceWithTax } } }`,
        { slug: design },
      );
      await gql(token, `{ products(options: { take: 30 }) { items { id name slug } } }`);
      variants ??= new Map();
      for (const v of page.product.variants) variants.set(v.sku, v.id);
      if (!variants.has(`${other}-lgr`)) {
        const more = await gql(
          token,
          `query ($slug: String!) { product(slug: $slug) { variants { id sku } } }`,
          { slug: other },
        );
        for (const v of more.product.variants) variants.set(v.sku, v.id);
      }
      const add = `mutation ($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) {
        ... on Order { id code totalWithTax } ... on ErrorResult { errorCode message } } }`;
      await gql(token, add, { id: variants.get(`${design}-mdr`) });
      await gql(token, add, { id: variants.get(`${other}-lgr`) });
      await gql(
        token,
        `mutation ($input: CreateCustomerInput!) { setCustomerForOrder(input: $input) {
          ... on Order { id } ... on ErrorResult { errorCode message } } }`,
        {
          input: {
            emailAddress: `journey-${process.pid}-${i}@example.com`,
            firstName: 'Journey',
            lastName: 'Shopper',
          },
        },
      );
      await gql(
        token,
        `mutation ($input: CreateAddressInput!) { setOrderShippingAddress(input: $input) {
          ... on Order { id } ... on ErrorResult { errorCode message } } }`,
        {
          input: {
            fullName: 'Journey Shopper',
            streetLine1: address.line1,
            city: address.city,
            province: address.state,
            postalCode: address.postal_code,
            countryCode: 'US',
          },
        },
      );
      const methods = await gql(token, `{ eligibleShippingMethods { id name priceWithTax } }`);
      await gql(
        token,
        `mutation ($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) {
          ... on Order { id } ... on ErrorResult { errorCode message } } }`,
        { id: [methods.eligibleShippingMethods[0].id] },
      );
      await gql(
        token,
        `mutation { transitionOrderToState(state: "ArrangingPayment") {
          ... on Order { id state } ... on OrderStateTransitionError { errorCode message } } }`,
      );
      if (!paymentCode) {
        const eligible = await gql(token, `{ eligiblePaymentMethods { code isEligible } }`);
        paymentCode = eligible.eligiblePaymentMethods.find((m) => m.isEligible).code;
      }
      const paid = await gql(
        token,
        `mutation ($input: PaymentInput!) { addPaymentToOrder(input: $input) {
          ... on Order { id state code } ... on ErrorResult { errorCode message } } }`,
        { input: { method: paymentCode, metadata: {} } },
      );
      if (!['PaymentAuthorized', 'PaymentSettled'].includes(paid.addPaymentToOrder.state)) {
        throw new Error(`vendure: order left in ${paid.addPaymentToOrder.state}`);
      }
    },
  };
}

/** The processes of the user that runs PostgreSQL (`postgres`): its backends and helpers. */
function postgresPids() {
  const found = spawnSync('pgrep', ['-u', 'postgres'], { encoding: 'utf8' }).stdout ?? '';
  return found.split('\n').filter(Boolean).map(Number);
}

/** CPU seconds used so far by each of PostgreSQL's processes, by process id. */
function postgresCpu() {
  return new Map(postgresPids().map((pid) => [pid, cpuSeconds(pid) ?? 0]));
}

/** PostgreSQL's CPU seconds since `before`: a backend started since counts whole (the pool grows). */
function postgresCpuSince(before) {
  let sum = 0;
  for (const [pid, cpu] of postgresCpu()) sum += cpu - (before.get(pid) ?? 0);
  return sum;
}

/**
 * The shop's statements so far, from its `/metrics` (`sunward_db_statements_total` by kind and
 * `sunward_db_statement_seconds_total`); null when it has none (no METRICS_TOKEN).
 */
async function statementsOf(url) {
  const res = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!res.ok) return null;
  const text = await res.text();
  const byKind = {};
  for (const [, kind, value] of text.matchAll(
    /^sunward_db_statements_total\{kind="(\w+)"\} (\S+)$/gm,
  )) {
    byKind[kind] = Number(value);
  }
  const seconds = /^sunward_db_statement_seconds_total (\S+)$/m.exec(text);
  return Object.keys(byKind).length && seconds ? { byKind, seconds: Number(seconds[1]) } : null;
}

/**
 * Statements per journey between two readings of `statementsOf`: all of them, the writes, the
 * transactions (commits), and the mean time of one in microseconds. The first reading's scrape reads
 * the shop's figures (about ten statements), counted in the round: 0.03 a journey at 300.
 */
function statementsPerJourney(before, after, count) {
  if (!before || !after) return undefined;
  const grown = (kind) => (after.byKind[kind] ?? 0) - (before.byKind[kind] ?? 0);
  const all = Object.keys(after.byKind).reduce((sum, kind) => sum + grown(kind), 0);
  const per = (n) => Number((n / count).toFixed(1));
  return {
    all: per(all),
    writes: per(grown('insert') + grown('update') + grown('delete')),
    commits: per(grown('commit')),
    meanMicros: Number((((after.seconds - before.seconds) * 1e6) / all).toFixed(1)),
    byKind: Object.fromEntries(Object.keys(after.byKind).map((kind) => [kind, per(grown(kind))])),
  };
}

/**
 * `count` journeys, `CONCURRENCY` at a time; the server's CPU seconds and the wall time they took, and
 * PostgreSQL's CPU seconds when the shop runs on it, and the statements the shop counted (`url`).
 */
async function journeys(side, pid, count, { onPostgres = false, url } = {}) {
  let next = 0;
  const statements0 = url ? await statementsOf(url) : null;
  const cpu0 = cpuSeconds(pid);
  const db0 = onPostgres ? postgresCpu() : null;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < count) await side.run();
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpu = cpuSeconds(pid) - cpu0;
  const databaseCpu = db0 ? postgresCpuSince(db0) : undefined;
  const statements = statementsPerJourney(statements0, url ? await statementsOf(url) : null, count);
  return {
    cpu,
    seconds,
    ...(databaseCpu === undefined ? {} : { databaseCpu }),
    ...(statements ? { statements } : {}),
  };
}

function vendurePid() {
  if (process.env.BENCH_VENDURE_PID) return Number(process.env.BENCH_VENDURE_PID);
  const file = '/tmp/peer-vendure/server.pid';
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : null;
}

async function vendureAnswers() {
  try {
    const res = await fetch(VENDURE_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ products(options: { take: 1 }) { totalItems } }' }),
    });
    return res.ok;
  } catch {
    return false;
  }
}

export async function runJourneyBench() {
  if (ON_POSTGRES) {
    if (!PG_ADMIN)
      throw new Error('BENCH_JOURNEY_POSTGRES needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
    return withScratchPostgres(PG_ADMIN, `sunward_bench_journey_${process.pid}`, (url) =>
      journeyBench(url),
    );
  }
  return journeyBench(null);
}

async function journeyBench(databaseUrl) {
  // A shop already running (e.g. under `node --cpu-prof`): BENCH_SUNWARD_URL and BENCH_SUNWARD_PID.
  const shop = process.env.BENCH_SUNWARD_URL
    ? {
        url: process.env.BENCH_SUNWARD_URL,
        pid: Number(process.env.BENCH_SUNWARD_PID),
        stop: async () => {},
      }
    : await startShop({
        LOG_LEVEL: 'warn',
        METRICS_TOKEN,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
  const sides = [
    {
      name: 'sunward',
      pid: shop.pid,
      side: sunwardJourney(shop.url),
      options: { onPostgres: !!databaseUrl, url: shop.url },
    },
  ];
  const peerPid = vendurePid();
  if (peerPid && cpuSeconds(peerPid) !== null && (await vendureAnswers())) {
    sides.push({ name: 'vendure', pid: peerPid, side: vendureJourney(VENDURE_URL) });
  } else {
    console.log(`journey: the Vendure peer is not running at ${VENDURE_URL}; Sunward alone`);
  }
  const results = Object.fromEntries(sides.map((s) => [s.name, []]));
  try {
    for (const s of sides) await journeys(s.side, s.pid, WARMUP);
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of sides) {
        const r = await journeys(s.side, s.pid, JOURNEYS, s.options);
        results[s.name].push({
          cpuMsPerJourney: Number(((r.cpu * 1000) / JOURNEYS).toFixed(2)),
          journeysPerSecond: Number((JOURNEYS / r.seconds).toFixed(1)),
          ...(r.databaseCpu === undefined
            ? {}
            : { databaseCpuMsPerJourney: Number(((r.databaseCpu * 1000) / JOURNEYS).toFixed(2)) }),
          ...(r.statements ? { statements: r.statements } : {}),
        });
      }
    }
  } finally {
    await Promise.all(sides.map((s) => s.side.pool.close()));
    await shop.stop();
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const summary = Object.fromEntries(
    Object.entries(results).map(([name, runs]) => [
      name,
      { cpuMsPerJourney: median(runs.map((r) => r.cpuMsPerJourney)), runs },
    ]),
  );
  console.log(
    `One shopper journey (browse, two lines, address, shipping, pay, order), ${JOURNEYS} x ${ROUNDS} rounds, ${CONCURRENCY} at a time${databaseUrl ? ', the shop on PostgreSQL' : ''}`,
  );
  for (const [name, s] of Object.entries(summary)) {
    console.log(
      `${name.padEnd(8)} ${s.cpuMsPerJourney} ms of server CPU per journey (rounds: ${s.runs
        .map(
          (r) =>
            `${r.cpuMsPerJourney} ms${r.databaseCpuMsPerJourney === undefined ? '' : ` + PostgreSQL ${r.databaseCpuMsPerJourney} ms`}, ${r.journeysPerSecond}/s${r.statements ? `, ${r.statements.all} statements (${r.statements.writes} writes, ${r.statements.commits} commits, ${r.statements.meanMicros} µs each)` : ''}`,
        )
        .join('; ')})`,
    );
  }
  if (summary.vendure) {
    console.log(
      `vendure / sunward: ${(summary.vendure.cpuMsPerJourney / summary.sunward.cpuMsPerJourney).toFixed(1)}x the CPU per journey`,
    );
  }
  writeResult('journey', {
    journeys: JOURNEYS,
    rounds: ROUNDS,
    concurrency: CONCURRENCY,
    database: databaseUrl ? 'postgresql' : 'sqlite',
    summary,
  });
  return summary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  await runJourneyBench();
}
