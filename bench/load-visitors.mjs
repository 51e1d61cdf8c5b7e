// The visitors of the load bench (bench/load.bench.mjs, issue 31 item 3), on Sunward and on the Vendure
// peer, doing the same things in each shop's own API:
//   browse    a design's page, the catalogue lists, the shirt's stock;
//   leave     browse, put the shirt in the bag, give an address and shipping at checkout, and go;
//   buy       the same as a guest, then pay (the sandbox's test card; Vendure's dummy method);
//   signIn    sign in with a password, look at the account's orders; every second one then buys;
//   lookup    an earlier buyer looks their order up (Sunward: number and email; Vendure: orderByCode
//             in the buyer's session, its nearest equivalent);
//   operator  the console: its home (sales), the newest orders, one order.
// Each step is timed under the same name on both shops where it does the same thing.
import { createHash, randomBytes } from 'node:crypto';
import { Pool } from 'undici';
import { PRODUCT, address, cartLine, confirmBody, updateBody } from './shopper.mjs';

const KINDS = ['browse', 'leave', 'buy', 'signIn', 'lookup', 'operator'];

/**
 * What arriving visitors do, in shares of 100. BENCH_LOAD_MIX=kind:share,... sets another, e.g. issue
 * 26's own `browse:70,leave:20,buy:10`.
 */
export const MIX = process.env.BENCH_LOAD_MIX
  ? process.env.BENCH_LOAD_MIX.split(',').map((part) => {
      const [kind, share] = part.split(':');
      if (!KINDS.includes(kind) || !(Number(share) > 0))
        throw new Error(`BENCH_LOAD_MIX: "${part}" is not kind:share (kinds: ${KINDS.join(', ')})`);
      return [kind, Number(share)];
    })
  : [
      ['browse', 50],
      ['leave', 15],
      ['buy', 10],
      ['signIn', 8],
      ['lookup', 12],
      ['operator', 5],
    ];
const MIX_TOTAL = MIX.reduce((s, [, w]) => s + w, 0);

export function pickKind(random) {
  let n = random * MIX_TOTAL;
  for (const [kind, weight] of MIX) {
    n -= weight;
    if (n < 0) return kind;
  }
  return MIX[0][0];
}

/** The password of every bench account on both shops. */
export const BENCH_PASSWORD = 'sun-shirts-on-the-load-bench';
export const ACCOUNTS = 200;
export const accountEmail = (i) => `load-${i}@bench.example`;
export const OPERATOR_EMAIL = 'operator@bench.example';

/** Timings by step, failures by kind, visitors finished: what one rate's run records. */
export class Recorder {
  constructor() {
    this.timings = {};
    this.errors = {};
    this.finished = 0;
    this.visitors = {};
  }

  async step(name, work) {
    const start = performance.now();
    try {
      const result = await work();
      (this.timings[name] ??= []).push(performance.now() - start);
      return result;
    } catch (err) {
      const key = `${name}: ${err.message.slice(0, 160)}`;
      this.errors[key] = (this.errors[key] ?? 0) + 1;
      throw err;
    }
  }
}

const base64url = (buffer) => buffer.toString('base64url');
/** A client address per visitor, as a balancer names it in X-Forwarded-For (TRUST_PROXY=1). */
const visitorAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** Sunward over its HTTP API and hosted sign-in, requests round-robin over the processes at `urls`. */
export class SunwardVisitors {
  constructor(urls, { designs, auth, operatorToken }) {
    this.pools = urls.map((url) => new Pool(url, { connections: 64, pipelining: 1 }));
    this.turn = 0;
    this.designs = designs;
    this.auth = auth;
    this.operatorToken = operatorToken;
    /** Orders placed during the run, for the lookups. */
    this.orders = [];
  }

  /** One request; `jar` keeps cookies (the sign-in's), `raw` answers redirects instead of failing. */
  async request(method, pathname, { body, form, token, jar, xff, raw } = {}) {
    const pool = this.pools[this.turn++ % this.pools.length];
    const headers = { 'accept-encoding': 'br' };
    if (xff) headers['x-forwarded-for'] = xff;
    if (token) headers.authorization = `Bearer ${token}`;
    if (jar?.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(form).toString();
    } else if (body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await pool.request({ method, path: pathname, headers, body: payload });
    const text = await res.body.text();
    if (jar) {
      const cookies = res.headers['set-cookie'];
      for (const line of Array.isArray(cookies) ? cookies : cookies ? [cookies] : []) {
        const pair = line.split(';')[0];
        const eq = pair.indexOf('=');
        const value = pair.slice(eq + 1).trim();
        if (value && !/expires=thu, 01 jan 1970/i.test(line))
          jar.set(pair.slice(0, eq).trim(), value);
        else jar.delete(pair.slice(0, eq).trim());
      }
    }
    if (res.statusCode >= 400 || (!raw && res.statusCode >= 300)) {
      let code = '';
      try {
        code = ` ${JSON.parse(text).code}`;
      } catch {
        // not JSON
      }
      throw new Error(`${method} ${pathname.split('?')[0]}: ${res.statusCode}${code}`);
    }
    return { status: res.statusCode, headers: res.headers, text };
  }

  json(r) {
    return JSON.parse(r.text);
  }

  async browse(rec, design) {
    await rec.step('page', () => this.request('GET', `/designs/${design}`));
    await rec.step('lists', () =>
      Promise.all([
        this.request('GET', '/api/products'),
        this.request('GET', '/api/designs'),
        this.request('GET', '/api/configuration'),
      ]),
    );
    await rec.step('stock', () => this.request('GET', `/api/inventory/${PRODUCT}`));
  }

  /** The bag to checkout: the intent, then the address and shipping (which hold the stock). */
  async checkout(rec, design, size, { token, xff, email } = {}) {
    const line = cartLine({ size, design });
    const pi = this.json(
      await rec.step('bag', () =>
        this.request('POST', token ? '/api/orders/create-pi' : '/api/orders/create-pi-guest', {
          body: { cart: [line] },
          token,
          xff,
        }),
      ),
    );
    const keys = { paymentIntentId: pi.paymentIntentId, clientSecret: pi.clientSecret };
    const totals = this.json(
      await rec.step('checkout', () =>
        this.request('POST', '/api/orders/update-pi', {
          body: { ...updateBody(keys, 'Load Shopper'), ...(email ? { email } : {}) },
          token,
          xff,
        }),
      ),
    );
    return { keys, totals };
  }

  async pay(rec, { keys, totals }, { token, xff, email = 'bench@example.com' } = {}) {
    const order = await rec.step('pay', async () => {
      const confirm = confirmBody(keys, totals.total, 'Load Shopper', 'http://127.0.0.1/success');
      confirm.billingDetails.email = email;
      await this.request('POST', '/api/orders/confirm-pi', { body: confirm, token, xff });
      return this.json(await this.request('POST', '/api/orders', { body: keys, token, xff }));
    });
    this.orders.push({ orderNumber: order.orderNumber, email });
  }

  /** The hosted sign-in as a browser makes it (code + PKCE), then the token: the access token. */
  async signIn(rec, email, xff) {
    return rec.step('signIn', async () => {
      const jar = new Map();
      const { issuer, clientId, audience, redirectUri } = this.auth;
      const verifier = base64url(randomBytes(32));
      const query = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid profile email offline_access',
        code_challenge: base64url(createHash('sha256').update(verifier).digest()),
        code_challenge_method: 'S256',
        state: base64url(randomBytes(12)),
        audience,
      });
      const local = (location) => {
        const url = new URL(location, issuer);
        return url.pathname + url.search;
      };
      let page = await this.request('GET', `/oidc/auth?${query}`, { jar, xff, raw: true });
      let at = `/oidc/auth?${query}`;
      const follow = async () => {
        for (let i = 0; i < 10 && page.headers.location; i++) {
          if (page.headers.location.startsWith(redirectUri)) return;
          at = local(page.headers.location);
          page = await this.request('GET', at, { jar, xff, raw: true });
        }
      };
      await follow();
      const action = /<form[^>]*action="([^"]+)"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
      if (!action) throw new Error(`sign in: no form at ${at.split('?')[0]}`);
      const fields = { email, password: BENCH_PASSWORD };
      for (const m of page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
        fields[m[1]] = m[2];
      }
      page = await this.request('POST', local(new URL(action, issuer + at).toString()), {
        form: fields,
        jar,
        xff,
        raw: true,
      });
      await follow();
      const code = page.headers.location
        ? new URL(page.headers.location).searchParams.get('code')
        : null;
      if (!code) throw new Error('sign in: no code');
      const tokens = this.json(
        await this.request('POST', '/oidc/token', {
          form: {
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: clientId,
            code_verifier: verifier,
          },
          xff,
        }),
      );
      return tokens.access_token;
    });
  }

  async account(rec, token, xff) {
    const { sub } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    await rec.step('account', () =>
      this.request('GET', `/api/customers/${encodeURIComponent(sub)}/orders`, { token, xff }),
    );
  }

  async lookup(rec, xff) {
    const order = this.orders[Math.floor(Math.random() * this.orders.length)];
    if (!order) return;
    await rec.step('lookup', () =>
      this.request('POST', '/api/orders/lookup', { body: order, xff }),
    );
  }

  async operator(rec) {
    const token = this.operatorToken;
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    await rec.step('consoleHome', () =>
      this.request('GET', `/api/admin/dashboard?from=${from}&to=${today}`, { token }),
    );
    const list = this.json(
      await rec.step('consoleOrders', () =>
        this.request('GET', '/api/admin/orders?limit=20', { token }),
      ),
    );
    const first = list.orders?.[0] ?? list.items?.[0];
    if (first) {
      await rec.step('consoleOrder', () =>
        this.request('GET', `/api/admin/orders/${first.orderNumber}`, { token }),
      );
    }
  }

  async visit(rec, kind, design, size, accountIndex) {
    const xff = visitorAddress();
    if (kind === 'lookup') return this.lookup(rec, xff);
    if (kind === 'operator') return this.operator(rec);
    await this.browse(rec, design);
    if (kind === 'leave') await this.checkout(rec, design, size, { xff });
    if (kind === 'buy')
      await this.pay(rec, await this.checkout(rec, design, size, { xff }), { xff });
    if (kind === 'signIn') {
      const email = accountEmail(accountIndex);
      const token = await this.signIn(rec, email, xff);
      await this.account(rec, token, xff);
      if (accountIndex % 2 === 0) {
        const placed = await this.checkout(rec, design, size, { token, xff, email });
        await this.pay(rec, placed, { token, xff, email });
      }
    }
  }

  close() {
    return Promise.all(this.pools.map((p) => p.close()));
  }
}

/** The Vendure peer over its Shop API and Admin API (GraphQL, bearer sessions). */
export class VendureVisitors {
  constructor(origin, { adminToken }) {
    this.pool = new Pool(origin, { connections: 64, pipelining: 1 });
    this.adminToken = adminToken;
    this.variants = new Map();
    this.designs = [];
    this.paymentCode = null;
    /** Orders placed during the run, with the session that placed them (for orderByCode). */
    this.orders = [];
  }

  async gql(api, session, query, variables = {}) {
    const res = await this.pool.request({
      method: 'POST',
      path: `/${api}`,
      headers: {
        'content-type': 'application/json',
        ...(session.token ? { authorization: `Bearer ${session.token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    session.token = res.headers['vendure-auth-token'] ?? session.token;
    const text = await res.body.text();
    if (res.statusCode >= 400) throw new Error(`${api}: ${res.statusCode} ${text.slice(0, 120)}`);
    const json = JSON.parse(text);
    if (json.errors) throw new Error(`${api}: ${json.errors[0]?.message ?? 'error'}`);
    const result = Object.values(json.data)[0];
    if (result?.errorCode) throw new Error(`${api}: ${result.errorCode}`);
    return json.data;
  }

  /** The catalogue's variant ids by SKU and the design slugs, read once before the run. */
  async prepare() {
    const data = await this.gql(
      'shop-api',
      {},
      `{ products(options: { take: 100 }) { items { slug variants { id sku } } } }`,
    );
    for (const p of data.products.items) {
      this.designs.push(p.slug);
      for (const v of p.variants) this.variants.set(v.sku, v.id);
    }
  }

  async browse(rec, session, design) {
    await rec.step('page', () =>
      this.gql(
        'shop-api',
        session,
        `query ($slug: String!) { product(slug: $slug) { id name slug description
          variants { id sku priceWithTax stockLevel } } }`,
        { slug: design },
      ),
    );
    await rec.step('lists', () =>
      this.gql(
        'shop-api',
        session,
        `{ products(options: { take: 30 }) { items { id name slug } } }`,
      ),
    );
  }

  async checkout(rec, session, design, size, signedIn) {
    await rec.step('bag', () =>
      this.gql(
        'shop-api',
        session,
        `mutation ($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) {
          ... on Order { id code totalWithTax } ... on ErrorResult { errorCode message } } }`,
        { id: this.variants.get(`${design}-${size}`) },
      ),
    );
    await rec.step('checkout', async () => {
      if (!signedIn) {
        await this.gql(
          'shop-api',
          session,
          `mutation ($input: CreateCustomerInput!) { setCustomerForOrder(input: $input) {
            ... on Order { id } ... on ErrorResult { errorCode message } } }`,
          {
            input: {
              emailAddress: `guest-${randomBytes(6).toString('hex')}@bench.example`,
              firstName: 'Load',
              lastName: 'Shopper',
            },
          },
        );
      }
      await this.gql(
        'shop-api',
        session,
        `mutation ($input: CreateAddressInput!) { setOrderShippingAddress(input: $input) {
          ... on Order { id } ... on ErrorResult { errorCode message } } }`,
        {
          input: {
            fullName: 'Load Shopper',
            streetLine1: address.line1,
            city: address.city,
            province: address.state,
            postalCode: address.postal_code,
            countryCode: 'US',
          },
        },
      );
      const methods = await this.gql(
        'shop-api',
        session,
        `{ eligibleShippingMethods { id priceWithTax } }`,
      );
      await this.gql(
        'shop-api',
        session,
        `mutation ($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) {
          ... on Order { id totalWithTax } ... on ErrorResult { errorCode message } } }`,
        { id: [methods.eligibleShippingMethods[0].id] },
      );
    });
  }

  async pay(rec, session) {
    const code = await rec.step('pay', async () => {
      await this.gql(
        'shop-api',
        session,
        `mutation { transitionOrderToState(state: "ArrangingPayment") {
          ... on Order { id } ... on OrderStateTransitionError { errorCode message } } }`,
      );
      if (!this.paymentCode) {
        const eligible = await this.gql(
          'shop-api',
          session,
          `{ eligiblePaymentMethods { code isEligible } }`,
        );
        this.paymentCode = eligible.eligiblePaymentMethods.find((m) => m.isEligible).code;
      }
      const paid = await this.gql(
        'shop-api',
        session,
        `mutation ($input: PaymentInput!) { addPaymentToOrder(input: $input) {
          ... on Order { code state } ... on ErrorResult { errorCode message } } }`,
        { input: { method: this.paymentCode, metadata: {} } },
      );
      if (!['PaymentAuthorized', 'PaymentSettled'].includes(paid.addPaymentToOrder.state)) {
        throw new Error(`shop-api: order left in ${paid.addPaymentToOrder.state}`);
      }
      return paid.addPaymentToOrder.code;
    });
    this.orders.push({ code, token: session.token });
  }

  async visit(rec, kind, design, size, accountIndex) {
    const session = {};
    if (kind === 'lookup') {
      const order = this.orders[Math.floor(Math.random() * this.orders.length)];
      if (!order) return;
      await rec.step('lookup', () =>
        this.gql(
          'shop-api',
          { token: order.token },
          `query ($code: String!) { orderByCode(code: $code) { code state totalWithTax
            lines { quantity productVariant { sku } } shippingAddress { city } } }`,
          { code: order.code },
        ),
      );
      return;
    }
    if (kind === 'operator') {
      const admin = { token: this.adminToken };
      // The peer has no dashboard plugin (no metricSummary): its home's sales are the last 30
      // days' placed orders, read as a dashboard without one would.
      const from = new Date(Date.now() - 29 * 86_400_000).toISOString();
      await rec.step('consoleHome', () =>
        this.gql(
          'admin-api',
          admin,
          `query ($from: DateTime!) { orders(options: { take: 100,
            filter: { orderPlacedAt: { after: $from } }, sort: { orderPlacedAt: DESC } }) {
            totalItems items { totalWithTax orderPlacedAt } } }`,
          { from },
        ),
      );
      const list = await rec.step('consoleOrders', () =>
        this.gql(
          'admin-api',
          admin,
          `{ orders(options: { take: 20, sort: { createdAt: DESC } }) { totalItems
            items { id code state totalWithTax customer { emailAddress } orderPlacedAt } } }`,
        ),
      );
      const first = list.orders.items[0];
      if (first) {
        await rec.step('consoleOrder', () =>
          this.gql(
            'admin-api',
            admin,
            `query ($id: ID!) { order(id: $id) { id code state totalWithTax
              lines { quantity unitPriceWithTax productVariant { sku } }
              payments { amount state } shippingAddress { fullName city } history { totalItems } } }`,
            { id: first.id },
          ),
        );
      }
      return;
    }
    await this.browse(rec, session, design);
    if (kind === 'leave') await this.checkout(rec, session, design, size, false);
    if (kind === 'buy') {
      await this.checkout(rec, session, design, size, false);
      await this.pay(rec, session);
    }
    if (kind === 'signIn') {
      await rec.step('signIn', () =>
        this.gql(
          'shop-api',
          session,
          `mutation ($u: String!, $p: String!) { login(username: $u, password: $p) {
            ... on CurrentUser { id } ... on ErrorResult { errorCode message } } }`,
          { u: accountEmail(accountIndex), p: BENCH_PASSWORD },
        ),
      );
      await rec.step('account', () =>
        this.gql(
          'shop-api',
          session,
          `{ activeCustomer { id orders(options: { take: 10, sort: { createdAt: DESC } }) {
            totalItems items { code state totalWithTax } } } }`,
        ),
      );
      if (accountIndex % 2 === 0) {
        await this.checkout(rec, session, design, size, true);
        await this.pay(rec, session);
      }
    }
  }

  close() {
    return this.pool.close();
  }
}
