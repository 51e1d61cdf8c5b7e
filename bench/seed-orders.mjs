// `node bench/seed-orders.mjs --orders 1000000 [--database sqlite:/tmp/orders.db | postgres://...]`:
// fills a shop database with N realistic orders for the console's benchmarks (bench/orders.bench.mjs)
// or for trying the console at scale. The database is migrated and its catalogue seeded first (the
// server's own CLI), then the orders go in with prepared batched inserts in one transaction.
//
// The orders span the two years before now, oldest first: 1 to 3 lines of 1 to 3 shirts, shipping
// free from $100, 7% tax; statuses by age (recent ones pending, in progress or shipped; older ones
// mostly completed, some cancelled, returned or refunded), their status events, refunds (cancelled and
// refunded orders in full, some completed ones in part), return records, tracking numbers, a few
// exchange replacements that cost nothing; customers (about 1.6 orders each) with names from 120
// first names and 250 surnames and their own email. The same N gives the same data (a seeded random
// generator), so two runs compare.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqlite, root } from './lib.mjs';

const FIRST = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard ' +
  'Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty ' +
  'Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua Michelle ' +
  'Kenneth Carol Kevin Amanda Brian Melissa George Deborah Timothy Stephanie Ronald Rebecca Jason ' +
  'Sharon Edward Laura Jeffrey Cynthia Ryan Dorothy Jacob Amy Gary Kathleen Nicholas Angela Eric ' +
  'Shirley Jonathan Emma Stephen Brenda Larry Pamela Justin Nicole Scott Anna Brandon Samantha ' +
  'Benjamin Katherine Samuel Christine Gregory Debra Alexander Rachel Patrick Carolyn Frank Janet ' +
  'Raymond Maria Jack Olivia Dennis Heather Jerry Helen Tyler Catherine Aaron Diane Jose Julie Adam ' +
  'Victoria Nathan Joyce Henry Lauren Zachary Kelly Douglas Christina Peter Ruth Kyle Joan Noah ' +
  'Virginia Ethan Judith Jamie'
)
  .split(' ')
  .slice(0, 120);
const LAST = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez ' +
  'Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris ' +
  'Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill ' +
  'Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans ' +
  'Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez ' +
  'Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks ' +
  'Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers ' +
  'Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson ' +
  'Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds ' +
  'Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens ' +
  'Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells ' +
  'Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon ' +
  'Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd ' +
  'Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens ' +
  'Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen ' +
  'Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley ' +
  'Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Contreras ' +
  'Willis Carpenter Lawrence Sandoval'
)
  .split(' ')
  .slice(0, 250);
const DESIGNS = [
  'alaska',
  'twin-vistas',
  'summit-landing',
  'arizona',
  'red-barn-ranch',
  '3-peaks-golf',
  'upstream-fishing',
  'coral-reef-aquatics',
  'sunset-cove',
  'sky-ridge',
  'key-west',
  'grand-canyon',
  'hawaiian-islands',
];
const SIZES = ['xss', 'sms', 'mds', 'lgs', 'xls', 'smr', 'mdr', 'lgr', 'xlr', 'xxlr'];
const CITIES = [
  ['Charlotte', 'NC', '28202'],
  ['Raleigh', 'NC', '27601'],
  ['Atlanta', 'GA', '30303'],
  ['Austin', 'TX', '78701'],
  ['Denver', 'CO', '80202'],
  ['Seattle', 'WA', '98101'],
  ['Miami', 'FL', '33130'],
  ['Boston', 'MA', '02108'],
  ['Phoenix', 'AZ', '85004'],
  ['Portland', 'OR', '97204'],
];
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PRODUCT_ID = 'prod_sunward_upf50_shirt';
const PRICE_ID = 'price_sunward_upf50_shirt_4500';
const DAY = 86_400_000;
const SPAN_DAYS = 730;

/** mulberry32: a small seeded generator, so the same N makes the same orders. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of `options` ([value, weight] pairs). */
const weighted = (rnd, options) => {
  let r = rnd() * options.reduce((s, [, w]) => s + w, 0);
  for (const [value, w] of options) if ((r -= w) < 0) return value;
  return options.at(-1)[0];
};

/** The customer `c` (of `customers`): a name and an email of their own. */
export function customerOf(c) {
  const first = FIRST[c % FIRST.length];
  const last = LAST[Math.floor(c / FIRST.length) % LAST.length];
  return { name: `${first} ${last}`, email: `${first}.${last}.${c}@example.com`.toLowerCase() };
}

const statusByAge = (rnd, ageDays) =>
  ageDays < 2
    ? weighted(rnd, [
        ['pending', 60],
        ['in-progress', 30],
        ['shipped', 5],
        ['cancelled', 5],
      ])
    : ageDays < 7
      ? weighted(rnd, [
          ['in-progress', 15],
          ['shipped', 75],
          ['completed', 6],
          ['cancelled', 4],
        ])
      : weighted(rnd, [
          ['completed', 88],
          ['shipped', 4],
          ['cancelled', 3],
          ['return', 2],
          ['refund', 3],
        ]);

const PATH = {
  pending: [],
  'in-progress': ['in-progress'],
  shipped: ['in-progress', 'shipped'],
  completed: ['in-progress', 'shipped', 'completed'],
  cancelled: ['cancelled'],
  return: ['in-progress', 'shipped', 'completed', 'return'],
  refund: ['in-progress', 'shipped', 'completed', 'return', 'refund'],
};

/** The rows of N orders, oldest first, `end` the newest order's time: [table, row] pairs. */
export function* orderRows(n, end) {
  const rnd = random(n);
  const customers = Math.max(1, Math.ceil(n / 1.6));
  const start = end - SPAN_DAYS * DAY;
  // Creation times, sorted: the ids (time-ordered like the shop's) then go in order too.
  const times = Array.from({ length: n }, () => start + Math.floor(rnd() * SPAN_DAYS * DAY)).sort(
    (a, b) => a - b,
  );
  const numbers = new Set();
  let seq = 0;
  const id = (prefix, at) =>
    `${prefix}_${at.toString(36).padStart(9, '0')}${(seq++).toString(16).padStart(20, '0')}`;
  for (let i = 0; i < n; i++) {
    const at = times[i];
    const createdAt = new Date(at).toISOString();
    const orderId = id('ord', at);
    let number;
    do {
      number = Array.from({ length: 10 }, () => CROCKFORD[Math.floor(rnd() * 32)]).join('');
    } while (numbers.has(number));
    numbers.add(number);
    const customer = customerOf(Math.floor(rnd() * customers));
    const [city, state, zip] = CITIES[Math.floor(rnd() * CITIES.length)];
    const address = JSON.stringify({
      line1: `${1 + Math.floor(rnd() * 9000)} ${LAST[Math.floor(rnd() * LAST.length)]} St`,
      line2: '',
      city,
      state,
      postal_code: zip,
      country: 'US',
    });
    const replacement = rnd() < 0.01;
    const lineCount = weighted(rnd, [
      [1, 60],
      [2, 30],
      [3, 10],
    ]);
    const lines = Array.from({ length: lineCount }, (_, l) => ({
      id: id('oi', at),
      order_id: orderId,
      line_no: l + 1,
      product_id: PRODUCT_ID,
      price_id: PRICE_ID,
      design: DESIGNS[Math.floor(rnd() * DESIGNS.length)],
      size: SIZES[Math.floor(rnd() * SIZES.length)],
      position: rnd() < 0.7 ? 'Front' : 'Back',
      quantity: weighted(rnd, [
        [1, 70],
        [2, 20],
        [3, 10],
      ]),
      unit_amount: replacement ? 0 : 4500,
    }));
    const subtotal = lines.reduce((s, l) => s + l.unit_amount * l.quantity, 0);
    const priority = rnd() < 0.2;
    const shipping = replacement ? 0 : priority ? 1495 : subtotal >= 10000 ? 0 : 895;
    const salesTax = Math.round(subtotal * 0.07);
    const total = subtotal + shipping + salesTax;
    const ageDays = (end - at) / DAY;
    const status = statusByAge(rnd, ageDays);
    const shipped = ['shipped', 'completed', 'return', 'refund'].includes(status);
    let refunded = 0;
    const refunds = [];
    const refund = (amount, actor, reason, when) => {
      refunds.push({
        id: id('orf', when),
        order_id: orderId,
        amount,
        reason,
        idempotency_key: `bench:${orderId}:${refunds.length}`,
        provider_refund_id: `re_bench_${seq}`,
        actor,
        created_at: new Date(when).toISOString(),
        actor_id: null,
        scope: null,
      });
      refunded += amount;
    };
    // Events, a few hours to a few days apart, never after `end`.
    const events = [
      {
        id: id('oe', at),
        order_id: orderId,
        at: createdAt,
        actor: 'system',
        from_status: null,
        to_status: 'pending',
        reason: 'paid (webhook)',
        actor_id: null,
      },
    ];
    let from = 'pending';
    let when = at;
    for (const to of PATH[status]) {
      when = Math.min(end, when + Math.floor((0.2 + rnd() * 2) * DAY));
      events.push({
        id: id('oe', when),
        order_id: orderId,
        at: new Date(when).toISOString(),
        actor: to === 'return' ? 'customer' : 'operator',
        from_status: from,
        to_status: to,
        reason: null,
        actor_id: null,
      });
      from = to;
    }
    if (!replacement) {
      if (status === 'cancelled') refund(total, 'customer', 'cancelled by the customer', when);
      if (status === 'refund') {
        refund(rnd() < 0.5 ? total : Math.round(total * 0.7), 'operator', 'return refunded', when);
      }
      if (status === 'completed' && rnd() < 0.04) {
        refund(Math.round(total * (0.1 + rnd() * 0.2)), 'operator', 'goodwill', when);
      }
    }
    yield [
      'orders',
      {
        id: orderId,
        order_number: number,
        payment_intent_id: replacement ? null : `pi_bench_${orderId}`,
        customer_id: null,
        status,
        email: customer.email,
        shipping_name: customer.name,
        shipping_address: address,
        shipping_option: priority ? 'priority' : 'ground',
        billing_name: rnd() < 0.9 ? customer.name : customerOf(Math.floor(rnd() * customers)).name,
        billing_phone: null,
        billing_address: address,
        card_brand: replacement
          ? null
          : weighted(rnd, [
              ['visa', 60],
              ['mastercard', 30],
              ['amex', 10],
            ]),
        card_last4: replacement ? null : String(1000 + Math.floor(rnd() * 9000)),
        subtotal,
        shipping,
        sales_tax: salesTax,
        total,
        amount_refunded: refunded,
        tracking: shipped
          ? `9400${String(Math.floor(rnd() * 1e9)).padStart(9, '0')}${String(i).padStart(9, '0')}`
          : null,
        carrier: shipped ? 'usps' : null,
        created_at: createdAt,
        updated_at: new Date(when).toISOString(),
      },
    ];
    for (const line of lines) yield ['order_items', line];
    for (const event of events) yield ['order_events', event];
    for (const r of refunds) yield ['order_refunds', r];
    if (status === 'return' || status === 'refund') {
      yield [
        'returns',
        {
          id: id('ret', when),
          public_id: `ret_bench_${orderId}`,
          order_id: orderId,
          seq: 1,
          status: status === 'refund' ? 'refunded' : 'requested',
          sales_tax_refund: 0,
          shipping_fee: 0,
          refund_amount: Math.round(total * 0.7),
          return_label: null,
          exchange_order_id: null,
          created_at: new Date(when).toISOString(),
          updated_at: new Date(when).toISOString(),
        },
      ];
    }
  }
}

const TABLES = ['orders', 'order_items', 'order_events', 'order_refunds', 'returns'];

/** Migrates `url` and seeds the catalogue with the server's own CLI. */
function migrate(url) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/db.mjs'), 'seed'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`migrating ${url} failed`);
}

async function seedSqlite(file, n, end) {
  migrate(`sqlite:${file}`);
  const db = openSqlite(file);
  // A new file nobody else reads: no journal (each page is written once, not to a WAL and again to
  // the file), no syncs, index sorts in memory. The shop opens it in WAL mode as usual.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -262144'); // 256 MB while seeding
  const statements = {};
  const insert = (table, row) => {
    statements[table] ??= db.prepare(
      `insert into ${table} (${Object.keys(row).join(', ')}) values (${Object.keys(row)
        .map((k) => `@${k}`)
        .join(', ')})`,
    );
    statements[table].run(row);
  };
  // Secondary indexes are built after the rows are in (a sort each, far faster than n inserts).
  const indexes = db
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${TABLES.map((t) => `'${t}'`).join(', ')})`,
    )
    .all();
  for (const { name } of indexes) db.exec(`drop index ${name}`);
  db.transaction(() => {
    for (const [table, row] of orderRows(n, end)) insert(table, row);
  })();
  for (const { sql } of indexes) db.exec(sql);
  db.pragma('journal_mode = WAL');
  db.close();
}

async function seedPostgres(url, n, end) {
  migrate(url);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const pending = Object.fromEntries(TABLES.map((t) => [t, []]));
  const flush = async (table) => {
    const rows = pending[table];
    if (!rows.length) return;
    pending[table] = [];
    const columns = Object.keys(rows[0]);
    const values = [];
    const tuples = rows.map((row) => {
      const start = values.length;
      for (const c of columns) values.push(row[c]);
      return `(${columns.map((_, k) => `$${start + k + 1}`).join(', ')})`;
    });
    await client.query(
      `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`,
      values,
    );
  };
  try {
    await client.query('begin');
    await client.query('set local synchronous_commit = off');
    await client.query("set local maintenance_work_mem = '256MB'");
    // Secondary indexes are built after the rows are in (constraints' own indexes stay).
    const { rows: indexes } = await client.query(
      `select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = 'public' and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [TABLES],
    );
    for (const { indexname } of indexes) await client.query(`drop index ${indexname}`);
    // Written a thousand rows at a time as they are made (bounded memory).
    let count = 0;
    for (const [table, row] of orderRows(n, end)) {
      pending[table].push(row);
      // Every table in turn, orders first: a row's order is always in before it.
      if (++count % 5000 === 0) for (const t of TABLES) await flush(t);
    }
    for (const table of TABLES) await flush(table);
    for (const { indexdef } of indexes) await client.query(indexdef);
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** Raise when the generated orders change: cached databases are then seeded again. */
const SEED_VERSION = 1;

/**
 * What the seeded data depends on: SEED_VERSION and the migrations there are (a released migration
 * does not change; a new one changes the key).
 */
export function seedKey() {
  const hash = createHash('sha256').update(`v${SEED_VERSION}`);
  for (const file of readdirSync(path.join(root, 'apps/server/src/db/migrations')).sort()) {
    hash.update(`${file}\n`);
  }
  return hash.digest('hex').slice(0, 10);
}

/** The end of the seeded two years: the start of today (UTC), so a day's runs share a cache. */
const today = () => Math.floor(Date.now() / DAY) * DAY;

/**
 * Seeds `url` (a SQLite file or an empty PostgreSQL database) with `n` orders; answers the time it
 * took, in seconds.
 */
export async function seedOrders(url, n, end = today()) {
  const began = performance.now();
  if (url.startsWith('postgres')) await seedPostgres(url, n, end);
  else await seedSqlite(url.replace(/^sqlite:/, ''), n, end);
  return (performance.now() - began) / 1000;
}

/**
 * A SQLite file with `n` seeded orders under /tmp (or BENCH_CACHE_DIR), made once per N, migrations
 * and seed script: later calls find it. Written under a temporary name and renamed when complete.
 */
export async function cachedSqliteOrders(n) {
  const dir = process.env.BENCH_CACHE_DIR ?? '/tmp/sunward-bench';
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `orders-${n}-${seedKey()}.db`);
  if (existsSync(file)) return { url: `sqlite:${file}`, seconds: null };
  const temp = `${file}.seeding`;
  for (const f of [temp, `${temp}-wal`, `${temp}-shm`]) rmSync(f, { force: true });
  const seconds = await seedOrders(`sqlite:${temp}`, n);
  renameSync(temp, file);
  return { url: `sqlite:${file}`, seconds };
}

/**
 * A PostgreSQL database with `n` seeded orders on the server of `adminUrl`, named by N and the seed's
 * key, made once (seeded under a temporary name, renamed when complete).
 */
export async function cachedPostgresOrders(adminUrl, n) {
  const { default: pg } = await import('pg');
  const name = `bench_orders_${n}_${seedKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const urlOf = (db) => {
    const url = new URL(adminUrl);
    url.pathname = `/${db}`;
    return url.toString();
  };
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return { url: urlOf(name), seconds: null };
    await admin.query(`drop database if exists ${name}_seeding with (force)`);
    await admin.query(`create database ${name}_seeding`);
    const seconds = await seedOrders(urlOf(`${name}_seeding`), n);
    await admin.query(`alter database ${name}_seeding rename to ${name}`);
    return { url: urlOf(name), seconds };
  } finally {
    await admin.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const n = Number(arg('orders', '10000'));
  const url = arg('database', process.env.DATABASE_URL ?? 'sqlite:data/shop.db');
  if (!Number.isInteger(n) || n < 1) {
    console.error('usage: node bench/seed-orders.mjs --orders <N> [--database <url>]');
    process.exit(2);
  }
  const seconds = await seedOrders(url, n);
  console.log(`seeded ${n} orders into ${url} in ${seconds.toFixed(1)} s`);
}
