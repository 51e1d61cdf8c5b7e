/**
 * Privacy data requests in the console over real HTTP on every test database: open ones by deadline
 * with the days left on the shop's calendar (overdue ones negative), the customers a request may be
 * about, completing with a note (once, however often clicked) and reopening, and every refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataRequestDetail, DataRequestList } from '@sunward/core/console-inbox';
import { shopDatePlusDays } from '@sunward/core/support';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { customerToken, operatorToken, type Person } from '../operators/operators.factories.ts';
import { insertDataRequest } from './support.factories.ts';

const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('console data requests on %s', (kind) => {
  let t: TestApp;
  let operator: Person;
  let customer: Person;
  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await operatorToken(t);
    customer = await customerToken(t, 'Dana Request');
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const asOperator = (method: string, path: string, body?: unknown) =>
    t.request(method, path, body, operator.headers);

  it('answers 401 without a token and 403 to a customer on every route, changing nothing', async () => {
    const request = await insertDataRequest(db());
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/data-requests'],
      ['GET', `/api/admin/data-requests/${request.id}`],
      ['PATCH', `/api/admin/data-requests/${request.id}`, { status: 'completed', note: 'Done' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await t.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await t.request(method, path, body, customer.headers)).status).toBe(403);
    }
    const row = await db()
      .selectFrom('data_requests')
      .select(['status', 'completed_at'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'open', completed_at: null });
  });

  it('lists open requests soonest deadline first, with days left on the shop calendar', async () => {
    // Around noon of the shop's today, N days back: no daylight saving change moves the date.
    const now = Date.parse(`${shopDatePlusDays(new Date(), 0)}T16:00:00Z`);
    const received = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    // Received 50, 45, 44 and 2 days ago: 5 days overdue, due today, 1 day left, 43 days left.
    const late = await insertDataRequest(db(), { received_at: received(50) });
    const today = await insertDataRequest(db(), { received_at: received(45) });
    const tomorrow = await insertDataRequest(db(), { received_at: received(44) });
    const fresh = await insertDataRequest(db(), { received_at: received(2) });
    const res = await asOperator('GET', '/api/admin/data-requests?limit=3');
    expect(res.status).toBe(200);
    const page = res.body as DataRequestList;
    const byId = Object.fromEntries(page.requests.map((r) => [r.id, r]));
    expect(page.requests.map((r) => r.id)).toEqual([late.id, today.id, tomorrow.id]);
    expect(byId[late.id]).toMatchObject({
      status: 'open',
      dueBy: late.due_by,
      daysLeft: -5,
      overdue: true,
      completedAt: null,
    });
    expect(byId[today.id]).toMatchObject({ daysLeft: 0, overdue: false });
    expect(byId[tomorrow.id]).toMatchObject({ daysLeft: 1, overdue: false });
    // Day counts follow the shop's calendar: today's due date is the shop's date today.
    expect(byId[today.id]!.dueBy).toBe(shopDatePlusDays(new Date(now), 0));

    const next = await asOperator('GET', `/api/admin/data-requests?limit=3&after=${page.next!}`);
    const rest = (next.body as DataRequestList).requests;
    expect(rest.map((r) => r.id)).toContain(fresh.id);
    expect(rest.find((r) => r.id === fresh.id)).toMatchObject({ daysLeft: 43, overdue: false });
  });

  it('shows a request with the customers it may be about', async () => {
    const request = await insertDataRequest(db(), {
      email: customer.email.toUpperCase(),
      message: 'Delete everything about me.',
    });
    const res = await asOperator('GET', `/api/admin/data-requests/${request.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: request.id,
      message: 'Delete everything about me.',
      email: customer.email.toUpperCase(),
      completionNote: null,
      customers: [
        { id: customer.customerId, email: customer.email, name: 'Dana Request', erasedAt: null },
      ],
    });
    const nobody = await insertDataRequest(db(), { email: 'nobody.here@example.com' });
    const alone = await asOperator('GET', `/api/admin/data-requests/${nobody.id}`);
    expect((alone.body as DataRequestDetail).customers).toEqual([]);
    expect((await asOperator('GET', '/api/admin/data-requests/dr_none')).status).toBe(404);
  });

  it('completes a request once with its note, lists it as completed, and reopens it', async () => {
    const request = await insertDataRequest(db());
    const complete = (note: string) =>
      asOperator('PATCH', `/api/admin/data-requests/${request.id}`, { status: 'completed', note });
    const answers = await Promise.all([complete('Sent the export.'), complete('Sent it again.')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const detail = answers[0]!.body as DataRequestDetail;
    expect(detail).toMatchObject({ status: 'completed', daysLeft: null, overdue: false });
    expect(detail.completedAt).not.toBeNull();
    const row = await db()
      .selectFrom('data_requests')
      .selectAll()
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(['Sent the export.', 'Sent it again.']).toContain(row.completion_note);
    // The dates the law asks for stay as received.
    expect(row).toMatchObject({ received_at: request.received_at, due_by: request.due_by });
    const actions = () =>
      db()
        .selectFrom('operator_actions')
        .select(['action', 'detail'])
        .where('target_id', '=', request.id)
        .orderBy('at')
        .execute();
    expect((await actions()).map((a) => a.action)).toEqual(['data-request.complete']);
    expect((await actions())[0]!.detail).not.toContain('export');

    const done = await asOperator('GET', '/api/admin/data-requests?status=completed');
    expect((done.body as DataRequestList).requests[0]!.id).toBe(request.id);

    const reopened = await asOperator('PATCH', `/api/admin/data-requests/${request.id}`, {
      status: 'open',
    });
    expect(reopened.body).toMatchObject({
      status: 'open',
      completedAt: null,
      completionNote: null,
    });
    expect((await actions()).map((a) => a.action)).toEqual([
      'data-request.complete',
      'data-request.reopen',
    ]);
  });

  it.each([
    [{ status: 'completed' }, 'note'],
    [{ status: 'completed', note: '   ' }, 'note'],
    [{ status: 'completed', note: 'x'.repeat(2001) }, 'note'],
    [{ status: 'pending' }, 'status'],
  ])('refuses %j (400) and changes nothing', async (body, field) => {
    const request = await insertDataRequest(db());
    const res = await asOperator('PATCH', `/api/admin/data-requests/${request.id}`, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
    const row = await db()
      .selectFrom('data_requests')
      .select('status')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });

  it('refuses an unknown request and a bad list query', async () => {
    const res = await asOperator('PATCH', '/api/admin/data-requests/dr_none', {
      status: 'completed',
      note: 'Done',
    });
    expect(res.status).toBe(404);
    expect((await asOperator('GET', '/api/admin/data-requests?status=closed')).status).toBe(400);
    expect((await asOperator('GET', '/api/admin/data-requests?after=x')).status).toBe(400);
  });
});
