/**
 * The authorization matrix of the operator console (issue 15): every /api/admin route and
 * PATCH /api/orders/status, as the API document lists them (so a route added later is covered without
 * editing this test), answers 401 to an anonymous caller and to a bad token, and 403 to a signed-in
 * customer, and none of those requests changes a row in any table. An operator gets past the check.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tableDigest } from '../../../test/table-digest.ts';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { cartLine, countRows, placeOrder } from '../checkout/checkout.factories.ts';
import { setOperatorRole } from '../customers/operator-roles.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';

interface Route {
  method: string;
  path: string;
}

describe.each(DATABASE_KINDS)('operator routes on %s', (kind) => {
  let t: TestApp;
  let routes: Route[];
  let customer: Person;
  let operator: Person;
  let orderNumber: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    customer = await customerToken(t);
    operator = await operatorToken(t);
    // Something for the routes to act on, were the check missing: a paid order.
    orderNumber = (await placeOrder(t, { cart: [cartLine()] })).order.orderNumber;
    // The sandbox's webhook for that payment arrives through a job: waited for here, so it never
    // lands inside a test's before and after digests.
    await vi.waitFor(async () => expect((await countRows(t)).webhooks).toBe(1), {
      timeout: 15_000,
      interval: 50,
    });
    const doc = (await t.request('GET', '/api/docs/json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .map((method) => ({ method: method.toUpperCase(), path }))
        .filter(
          (r) =>
            r.path.startsWith('/api/admin/') ||
            (r.method === 'PATCH' && r.path === '/api/orders/status'),
        ),
    );
  });
  afterAll(async () => t?.close());

  const digest = () => tableDigest(t.database.db);

  /** A concrete URL for a route: path parameters filled with the order's number or a plausible id. */
  const urlOf = (route: Route) =>
    route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
      /order/i.test(name) ? orderNumber : 'x1',
    );
  const body = (route: Route) =>
    route.path === '/api/orders/status'
      ? { orderNumber, status: 'cancelled' }
      : route.method === 'GET' || route.method === 'DELETE'
        ? undefined
        : {};

  it('lists the console routes and the status door', () => {
    expect(routes).toContainEqual({ method: 'GET', path: '/api/admin/session' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/admin/activity' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/admin/jobs' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/admin/jobs/{id}/retry' });
    expect(routes).toContainEqual({ method: 'PATCH', path: '/api/orders/status' });
  });

  it('anonymous, a bad token and a customer get 401, 401 and 403 on every one, and nothing changes', async () => {
    const before = await digest();
    const answers: string[] = [];
    for (const route of routes) {
      const url = urlOf(route);
      const anonymous = await t.request(route.method, url, body(route));
      const badToken = await t.request(route.method, url, body(route), {
        authorization: 'Bearer x.y.z',
      });
      const asCustomer = await t.request(route.method, url, body(route), customer.headers);
      answers.push(
        `${route.method} ${route.path}: ${anonymous.status} ${badToken.status} ${asCustomer.status}`,
      );
    }
    expect(answers).toEqual(routes.map((r) => `${r.method} ${r.path}: 401 401 403`));
    expect(await digest()).toEqual(before);
  });

  it('an operator gets past the check, and the digest sees what an operator changes', async () => {
    const before = await digest();
    const moved = await t.request(
      'PATCH',
      '/api/orders/status',
      { orderNumber, status: 'in-progress' },
      operator.headers,
    );
    expect(moved.status).toBe(200);
    const after = await digest();
    expect(
      Object.keys(after)
        .filter((table) => after[table] !== before[table])
        .sort(),
    ).toEqual(['operator_actions', 'order_events', 'orders']);

    const session = await t.request('GET', '/api/admin/session', undefined, operator.headers);
    expect(session.status).toBe(200);
    expect(session.body).toEqual({
      customerId: operator.customerId,
      email: operator.email,
      name: operator.name,
    });
  });

  it('a revoked operator is refused at once', async () => {
    const former = await operatorToken(t, 'Fred Former');
    const asked = () => t.request('GET', '/api/admin/session', undefined, former.headers);
    expect((await asked()).status).toBe(200);

    await setOperatorRole(t.database.db, former.email, false);
    expect((await asked()).status).toBe(403);
  });
});
