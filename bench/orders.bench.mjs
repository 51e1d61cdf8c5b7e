// The console's orders list at scale (issue 15): the production build answering an operator's
// GET /api/admin/orders on a shop of 10 thousand orders and on one of a million, side by side, for
// the first page, a deep page (page 200, by its cursor), filtered pages and searches. The figure that
// matters is the ratio of the medians, 1M / 10k (target: within 2x): a keyset page and an indexed
// filter or search should cost the same whatever the table's size.
//
// The two databases are seeded once by bench/seed-orders.mjs and cached (under /tmp/sunward-bench, or
// BENCH_CACHE_DIR, keyed by N and the migrations; on PostgreSQL as databases named by N and that key),
// so only the first run pays for the million (a few minutes). Each server runs on the server CPU
// (bench/lib.mjs pinning), the client here; after a warm-up the sides alternate in short runs, so
// drift on a shared machine hits both alike. With BENCH_DATABASE_URL (or TEST_DATABASE_URL), a
// PostgreSQL server the user may create databases on, the same runs on PostgreSQL.
// Run alone with `node bench/orders.bench.mjs`; `npm run bench` calls runOrdersBench().
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SignJWT, importJWK } from 'jose';
import { freePort, openSqlite, pinClient, root, startShop, writeResult } from './lib.mjs';
import { cachedPostgresOrders, cachedSqliteOrders } from './seed-orders.mjs';

const SIZES = [10_000, 1_000_000];
const DURATION = Number(process.env.BENCH_ORDERS_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ORDERS_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_ORDERS_CONNECTIONS ?? 4);
const OPERATOR = 'bench-operator@example.com';
const PAGE = 50;
const DEEP_PAGE = 200;

/** Reads one row from the bench database (SQLite file or PostgreSQL). */
async function queryOne(url, text, params = []) {
  if (url.startsWith('sqlite:')) {
    const db = openSqlite(url.slice('sqlite:'.length));
    try {
      return db.prepare(text.replace(/\$\d+/g, '?')).get(...params);
    } finally {
      db.close();
    }
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows[0];
  } finally {
    await client.end();
  }
}

/** The cursor of the page after the `n`th newest order, as the server makes it (opaque to clients). */
async function cursorAfter(url, n) {
  const row = await queryOne(
    url,
    'select created_at, id from orders order by created_at desc, id desc limit 1 offset $1',
    [n - 1],
  );
  return Buffer.from(JSON.stringify({ createdAt: row.created_at, id: row.id })).toString(
    'base64url',
  );
}

/** An operator's access token, signed with the shop's own current key (as its provider would). */
async function operatorToken(url, siteUrl) {
  // The provider makes its keys on first use: ask for them once.
  await fetch(`${siteUrl}/oidc/jwks`);
  const row = await queryOne(url, "select value from app_secrets where name = 'oidc-signing-keys'");
  const jwk = JSON.parse(row.value).keys[0].jwk;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: OPERATOR,
    email_verified: true,
    name: 'Bench Operator',
    client_id: 'sunward-web',
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
    .setIssuer(`${siteUrl}/oidc`)
    .setAudience(`${siteUrl}/api`)
    .setSubject('bench-operator')
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(await importJWK(jwk, 'RS256'));
}

/** The requests measured on a shop: what an operator asks for most, by the same rules at any size. */
async function scenarios(url) {
  const newest = await queryOne(
    url,
    'select order_number, email, shipping_name from orders order by created_at desc, id desc limit 1',
  );
  const surname = newest.shipping_name.split(' ').at(-1).toLowerCase();
  const year = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  return [
    ['first page', '/api/admin/orders'],
    [
      `page ${DEEP_PAGE}`,
      `/api/admin/orders?cursor=${await cursorAfter(url, PAGE * (DEEP_PAGE - 1))}`,
    ],
    ['shipped', '/api/admin/orders?status=shipped'],
    ['partly refunded', '/api/admin/orders?payment=partly-refunded'],
    [
      'completed + refunded + year',
      `/api/admin/orders?status=completed&payment=refunded&from=${year}`,
    ],
    ['search email', `/api/admin/orders?q=${encodeURIComponent(newest.email)}`],
    ['search number', `/api/admin/orders?q=${newest.order_number.slice(0, 6)}`],
    ['search surname', `/api/admin/orders?q=${surname}`],
  ];
}

function load(url, token, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration,
        headers: { authorization: `Bearer ${token}` },
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** One database kind: both sizes' servers, each scenario measured in alternating rounds. */
async function benchKind(kind, databases) {
  const shops = [];
  try {
    for (const [n, url] of databases) {
      const port = await freePort();
      const siteUrl = `http://127.0.0.1:${port}`;
      const shop = await startShop({
        PORT: String(port),
        SITE_URL: siteUrl,
        DATABASE_URL: url,
        ADMIN_EMAILS: OPERATOR,
        LOG_LEVEL: 'warn',
        SEED_ON_START: '0',
      });
      shops.push({
        n,
        url,
        shop,
        token: await operatorToken(url, siteUrl),
        cases: await scenarios(url),
      });
    }
    const results = [];
    for (let i = 0; i < shops[0].cases.length; i++) {
      const name = shops[0].cases[i][0];
      const runs = shops.map(() => []);
      for (const [s, side] of shops.entries()) {
        const target = side.shop.url + side.cases[i][1];
        const check = await fetch(target, { headers: { authorization: `Bearer ${side.token}` } });
        if (!check.ok)
          throw new Error(`${kind} ${side.n} ${name}: ${check.status} ${await check.text()}`);
        await load(target, side.token, 1);
        runs[s] = [];
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (const [s, side] of shops.entries()) {
          const r = await load(side.shop.url + side.cases[i][1], side.token, DURATION);
          if (r.non2xx || r.errors)
            throw new Error(`${kind} ${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
          runs[s].push({ p50: r.latency.p50, mean: r.latency.average, rps: r.requests.average });
        }
      }
      const sides = shops.map((side, s) => ({
        orders: side.n,
        p50: median(runs[s].map((r) => r.p50)),
        mean: median(runs[s].map((r) => r.mean)),
        rps: median(runs[s].map((r) => r.rps)),
      }));
      results.push({ kind, name, sides, ratio: sides[1].mean / sides[0].mean });
    }
    return results;
  } finally {
    for (const { shop } of shops) await shop.stop();
  }
}

export async function runOrdersBench() {
  const kinds = [];
  console.log('\n> orders: seeding (or finding) 10k and 1M orders on SQLite');
  const sqlite = [];
  for (const n of SIZES) {
    const { url, seconds } = await cachedSqliteOrders(n);
    if (seconds !== null) console.log(`  seeded ${n} orders in ${seconds.toFixed(0)} s`);
    sqlite.push([n, url]);
  }
  kinds.push(['sqlite', sqlite]);
  const pgAdmin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgAdmin) {
    console.log('> orders: seeding (or finding) 10k and 1M orders on PostgreSQL');
    const pg = [];
    for (const n of SIZES) {
      const { url, seconds } = await cachedPostgresOrders(pgAdmin, n);
      if (seconds !== null) console.log(`  seeded ${n} orders in ${seconds.toFixed(0)} s`);
      pg.push([n, url]);
    }
    kinds.push(['postgres', pg]);
  }
  const results = [];
  for (const [kind, databases] of kinds) results.push(...(await benchKind(kind, databases)));

  console.log(
    `\nConsole orders list: ${CONNECTIONS} connections, ${ROUNDS} alternating runs of ${DURATION} s per side, medians (ms per request)`,
  );
  console.log(
    'db        request                         10k mean   1M mean   10k p50   1M p50   1M/10k',
  );
  for (const r of results) {
    const [small, large] = r.sides;
    console.log(
      `${r.kind.padEnd(9)} ${r.name.padEnd(31)} ${small.mean.toFixed(2).padStart(8)} ${large.mean
        .toFixed(2)
        .padStart(9)} ${String(small.p50).padStart(9)} ${String(large.p50).padStart(8)} ${r.ratio
        .toFixed(2)
        .padStart(8)}x`,
    );
  }
  return { connections: CONNECTIONS, duration: DURATION, rounds: ROUNDS, results };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('> building the server');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(1);
  pinClient();
  const orders = await runOrdersBench();
  const file = writeResult('orders', { date: new Date().toISOString(), ...orders });
  console.log(`\nwrote ${path.relative(root, file)}`);
}
