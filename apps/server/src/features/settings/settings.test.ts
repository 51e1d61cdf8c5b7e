import { Writable } from 'node:stream';
import { DEFAULT_SETTINGS, SettingsSchema } from '@sunward/core/settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_KINDS, createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  InvalidSettingsError,
  SETTINGS_CACHE_KEY,
  loadSettings,
  saveSettings,
} from './settings.ts';

describe.each(DATABASE_KINDS)('settings on %s', (kind) => {
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const store = (key: string, value: string) =>
    t.database.db
      .insertInto('settings')
      .values({ key, value, updated_at: '2026-01-01' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();

  beforeAll(async () => {
    t = await createTestApp(kind, { logLevel: 'info' }, {}, { stream });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('settings').execute();
    t.app.catalogCache.invalidate();
    lines.length = 0;
  });

  it('gives the defaults for keys never stored and ignores keys it does not know', async () => {
    await store('retiredSetting', '"whatever"');
    await store('freeShippingTarget', '12500');
    expect(await loadSettings(t.database.db)).toEqual({
      ...DEFAULT_SETTINGS,
      freeShippingTarget: 12_500,
    });
  });

  it('saves a valid patch and deletes the cache key, so /configuration answers the new name', async () => {
    const before = await t.request('GET', '/api/configuration');
    expect(before.body).toMatchObject({ shopName: 'Sunward' });
    expect(t.app.catalogCache.peek(SETTINGS_CACHE_KEY)).toBeDefined();

    const saved = await saveSettings(
      t.database.db,
      { shopName: 'Harbor Sun', freeShippingTarget: 7500 },
      t.app.catalogCache,
    );
    expect(saved).toMatchObject({ ok: true, settings: { shopName: 'Harbor Sun' } });
    expect(t.app.catalogCache.peek(SETTINGS_CACHE_KEY)).toBeUndefined();
    const after = await t.request('GET', '/api/configuration');
    expect(after.body).toMatchObject({ shopName: 'Harbor Sun', freeShippingTarget: 7500 });
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    // Saved once more over a stored value: replaced, not duplicated.
    await saveSettings(t.database.db, { shopName: 'Harbor Sun II' }, t.app.catalogCache);
    expect((await loadSettings(t.database.db)).shopName).toBe('Harbor Sun II');
  });

  it.each([
    [{ shopName: '' }, 'shopName'],
    [{ freeShippingTarget: '100' }, 'freeShippingTarget'],
    [{ nexusStates: ['NC', 'Carolina'] }, 'nexusStates.1'],
    [{ shopname: 'typo' }, 'shopname'],
  ])('refuses the write %j with the field, and stores nothing', async (patch, field) => {
    const cached = await t.request('GET', '/api/configuration');
    const result = await saveSettings(t.database.db, patch, t.app.catalogCache);
    expect(result).toMatchObject({ ok: false, code: 'invalid_settings' });
    expect(Object.keys((result as { fields: object }).fields)).toContain(field);
    expect(await t.database.db.selectFrom('settings').selectAll().execute()).toEqual([]);
    expect(t.app.catalogCache.peek(SETTINGS_CACHE_KEY)?.etag).toBe(cached.headers.get('etag'));
  });

  it('reports a bad stored value with its key and reason, never a silent default', async () => {
    await store('companyZipCode', '28202');
    await store('freeShippingTarget', '"lots"');
    await store('shopName', '{not json');
    const error = await loadSettings(t.database.db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidSettingsError);
    expect((error as InvalidSettingsError).describe()).toEqual([
      expect.stringMatching(/^setting companyZipCode is not valid: .*5 digits/),
      expect.stringMatching(/^setting freeShippingTarget is not valid: .*dollar amount/),
      expect.stringMatching(/^setting shopName is not valid: stored text is not JSON/),
    ]);
  });

  it('checks a stored text once while it is unchanged, sees each change at once, shares it frozen', async () => {
    const checks = vi.spyOn(SettingsSchema.shape.rateCard, 'safeParse');
    const card = { ...DEFAULT_SETTINGS.rateCard, source: 'Rates of 2026-11' };
    await store('rateCard', JSON.stringify(card));
    const first = await loadSettings(t.database.db);
    const second = await loadSettings(t.database.db);
    expect(second.rateCard).toEqual(card);
    expect(second.rateCard).toBe(first.rateCard);
    expect(checks).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(second.rateCard)).toBe(true);
    expect(() => {
      (second.rateCard as { source: string }).source = 'changed in place';
    }).toThrow(TypeError);

    // Changed by another writer (the text, not this process's save): the next read has it.
    await store('rateCard', JSON.stringify({ ...card, source: 'Rates of 2026-12' }));
    expect((await loadSettings(t.database.db)).rateCard).toMatchObject({
      source: 'Rates of 2026-12',
    });
    expect(checks).toHaveBeenCalledTimes(2);
    // A bad text is reported on every read, not only the first.
    await store('rateCard', JSON.stringify({ ...card, source: 5 }));
    await expect(loadSettings(t.database.db)).rejects.toBeInstanceOf(InvalidSettingsError);
    await expect(loadSettings(t.database.db)).rejects.toBeInstanceOf(InvalidSettingsError);
    checks.mockRestore();
  });

  it('answers 500 settings_invalid on the routes that need it, and logs the key and reason', async () => {
    await store('freeShippingTarget', '-5');
    const config = await t.request('GET', '/api/configuration');
    expect(config.status).toBe(500);
    expect(config.body).toMatchObject({
      code: 'settings_invalid',
      message: expect.stringMatching(/settings are not valid.*operator/),
    });
    const logged = lines.find(
      (l) => l.level === 50 && l.reqId === config.headers.get('x-request-id'),
    );
    expect(logged?.err).toMatchObject({
      issues: [{ key: 'freeShippingTarget', reason: expect.stringMatching(/>=0|0/) }],
    });

    const tax = await t.request(
      'GET',
      `/api/usps/sales-tax-rate/${encodeURIComponent('{"state":"NC"}')}`,
    );
    expect(tax.status).toBe(500);
    expect(tax.body).toMatchObject({ code: 'settings_invalid' });
  });
});
