import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi } from '@/test/fake-api.ts';
import { OPERATOR_TOKEN, signInAs } from '@/test/console.tsx';
import { downloadAdminFile, fileNameOf } from './download-file.ts';

describe('fileNameOf', () => {
  it.each([
    [null, 'orders.csv'],
    ['attachment', 'orders.csv'],
    ['attachment; filename="orders-2026-03-01.csv"', 'orders-2026-03-01.csv'],
    ['attachment; filename=data.json', 'data.json'],
    [`attachment; filename="x.json"; filename*=UTF-8''caf%C3%A9.json`, 'café.json'],
  ])('%s -> %s', (header, name) => {
    expect(fileNameOf(header, 'orders.csv')).toBe(name);
  });
});

describe('downloadAdminFile', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    // jsdom has no object URLs: the test lends them and takes them back.
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it("fetches with the bearer and saves the answer under the server's name", async () => {
    signInAs();
    const spy = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response('a,b\n1,2\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="orders.csv"',
          },
        }),
    );
    vi.stubGlobal('fetch', spy);
    const created = vi.fn((_blob: Blob) => 'blob:orders');
    Object.defineProperty(URL, 'createObjectURL', { value: created, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const clicks: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ href: this.href, download: this.download });
    });

    await expect(downloadAdminFile('/api/admin/orders.csv', 'fallback.csv')).resolves.toBe(
      'orders.csv',
    );
    expect(new Headers(spy.mock.calls[0]?.[1]?.headers).get('authorization')).toBe(
      `Bearer ${OPERATOR_TOKEN}`,
    );
    expect(await created.mock.calls[0]![0].text()).toBe('a,b\n1,2\n');
    expect(clicks).toEqual([{ href: 'blob:orders', download: 'orders.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("a refusal throws the server's message and saves nothing", async () => {
    signInAs();
    const spy = fakeApi({
      'GET /api/admin/export': () => ({ status: 404, json: { message: 'No such customer.' } }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await expect(downloadAdminFile('/api/admin/export', 'x.json')).rejects.toThrow(
      'No such customer.',
    );
    expect(callsTo(spy, 'GET', '/api/admin/export')).toHaveLength(1);
    expect(click).not.toHaveBeenCalled();
  });
});
